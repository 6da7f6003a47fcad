// The notifications module's public entry for server code.
export * from "./index";
export * from "./index.ui";
export type { NewNotification } from "./service.server";
export { countUnread, listNotifications, markAllRead, notify, openNotification } from "./service.server";
export { notificationsModule } from "./plugin.server";
