// The notifications module's public entry for server code.
export { INBOX_CATEGORIES, NOTIFICATION_KINDS, NO_NOTIFICATIONS, type InboxCategory, type NotificationItem, type NotificationKind } from "./index";
export { NotificationList } from "./index.ui";
export type { NewNotification } from "./service.server";
export { countUnread, listNotifications, markAllRead, notify, openNotification } from "./service.server";
export { notificationsModule } from "./plugin.server";
