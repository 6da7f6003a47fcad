// A narrow browser entry of the notifications module (ADR 0016): the list the bell's page and the inbox show.
export { NotificationList } from "./components/notification-list";
