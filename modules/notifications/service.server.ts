import { Op, type Transaction } from "sequelize";
import { insertRows } from "../../db/insert-rows.server";
import { activeUserIdsOfType, displayNames } from "@modules/users/index.server";
import { NOTIFICATION_KINDS, type InboxCategory, type NotificationItem, type NotificationKind } from "./categories";
import { Notification } from "./model.server";

const TAAN = 6;
const AGENCY = 2;

export interface NewNotification {
  kind: NotificationKind;
  /** The users the event concerns (the registering agency or trekker, the agency decided on). */
  to: number[];
  /**
   * TAAN, the association of trekking agencies, also hears of what concerns its member agencies
   * (spec 1 §2.8: "a TAAN user sees its member agencies' items"): when one of `to` is an agency.
   */
  copyTaanForAgencies?: boolean;
  title: string;
  body: string;
  /** Where opening it goes: the subject (a registration, a card, the account). */
  link: string;
  /** Where TAAN's copy goes, when TAAN's pages for the subject differ from the owner's. */
  taanLink?: string;
}

/**
 * Records an event for its users, inside the caller's transaction when given, so the
 * notification exists exactly when the change it tells of does. Called by the module that owns
 * the event (cards, agencies, payments); this module never reaches into theirs.
 */
export async function notify(event: NewNotification, transaction?: Transaction): Promise<number> {
  const owners = new Set(event.to.filter((id) => Number.isSafeInteger(id) && id > 0));
  const taan = new Set<number>();
  if (event.copyTaanForAgencies && owners.size) {
    const types = await displayNames([...owners]);
    if ([...types.values()].some((u) => u.userType === AGENCY)) for (const id of await activeUserIdsOfType(TAAN)) if (!owners.has(id)) taan.add(id);
  }
  if (!owners.size && !taan.size) return 0;
  const category = NOTIFICATION_KINDS[event.kind];
  const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
  const row = (userId: number, link: string) => ({
    userId,
    kind: event.kind,
    category,
    title: clip(event.title, 200),
    body: clip(event.body, 1000),
    link: link.slice(0, 200),
  });
  // Bound values (ADR 0011): bulkCreate inlines them on SQLite, and a remark may hold any character.
  await insertRows(Notification, [...[...owners].map((id) => row(id, event.link)), ...[...taan].map((id) => row(id, event.taanLink ?? event.link))], {
    transaction,
  });
  return owners.size + taan.size;
}

const toItem = (n: Notification): NotificationItem => ({
  id: n.id,
  kind: n.kind,
  category: n.category,
  title: n.title,
  body: n.body,
  link: n.link,
  isRead: Boolean(n.isRead),
  createdAt: n.createdAt,
});

/** The bell's number. */
export async function countUnread(userId: number): Promise<number> {
  return Notification.count({ where: { userId, isRead: false } });
}

/** A user's notifications, newest first: unread or read (the page shows both lists), or by inbox category. */
export async function listNotifications(
  userId: number,
  q: { read?: boolean; category?: InboxCategory; offset: number; limit: number },
): Promise<{ rows: NotificationItem[]; total: number }> {
  const where = { userId, ...(q.read === undefined ? {} : { isRead: q.read }), ...(q.category ? { category: q.category } : {}) };
  const { rows, count } = await Notification.findAndCountAll({ where, order: [["id", "DESC"]], offset: q.offset, limit: q.limit });
  return { rows: rows.map(toItem), total: count };
}

/** Opens one of the user's own notifications: marks it read and returns where it leads (null: not theirs). */
export async function openNotification(id: number, userId: number): Promise<string | null> {
  const row = await Notification.findOne({ where: { id, userId } });
  if (!row) return null;
  if (!row.isRead) await Notification.update({ isRead: true, readAt: new Date() }, { where: { id, userId, isRead: false } });
  return row.link;
}

/** Mark all read; returns how many changed. */
export async function markAllRead(userId: number): Promise<number> {
  const [changed] = await Notification.update({ isRead: true, readAt: new Date() }, { where: { userId, isRead: false, id: { [Op.gt]: 0 } } });
  return changed;
}
