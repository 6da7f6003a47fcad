// Client-safe: the inbox's filters (spec 1 §2.8) and the kinds of event that raise a notification.

export const INBOX_CATEGORIES = ["Registration", "Users", "TIMS Cards"] as const;
export type InboxCategory = (typeof INBOX_CATEGORIES)[number];

/** What happened; each kind belongs to one inbox category. */
export const NOTIFICATION_KINDS = {
  "agency-approved": "Users",
  "agency-rejected": "Users",
  "voucher-approved": "Registration",
  "voucher-rejected": "Registration",
  "refund-due": "Registration",
  "refund-paid": "Registration",
  "cards-issued": "TIMS Cards",
  "card-cancelled": "TIMS Cards",
  "return-approved": "TIMS Cards",
  "return-rejected": "TIMS Cards",
  "trekker-overdue": "TIMS Cards",
  // The daily ledger check found money and cards disagreeing (modules/ledger).
  "ledger-violations": "TIMS Cards",
} as const satisfies Record<string, InboxCategory>;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

export const NO_NOTIFICATIONS = "No notifications found";

export interface NotificationItem {
  id: number;
  kind: string;
  category: string;
  title: string;
  body: string;
  link: string;
  isRead: boolean;
  createdAt: Date | string;
}
