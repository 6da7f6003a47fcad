// The notifications module's public entry for code that may run in the browser.
export { INBOX_CATEGORIES, NOTIFICATION_KINDS, NO_NOTIFICATIONS, type InboxCategory, type NotificationItem, type NotificationKind } from "./categories";
