import { sequelize } from "../../db/sequelize.server";
import { Op, type Transaction } from "sequelize";
import { Registration, Trekker } from "./models/registration.server";
import { canOpenRegistration, type RegistrationViewer } from "./policy";

/**
 * Registration rows as other modules need them (payments, cards). Read-only: the card columns
 * of `trekkers` (status, card number, lifecycle) belong to the cards module, which writes them
 * through its own model (docs/adr/0005-cards-own-the-card.md).
 */

/**
 * The registration as a payment needs it: what the card lifecycle needs (so the settlement hands
 * the row it locked to the cards' issue instead of that reading it again) and the price.
 */
export async function registrationForPayment(id: number, transaction?: Transaction): Promise<(RegistrationForCards & { totalPaisa: number | null }) | null> {
  // In a transaction (settling a payment) the row is locked first, so a trekker added at the same
  // moment either commits before (and the amount no longer matches) or waits for the issue.
  const reg = await Registration.findByPk(id, { transaction, lock: transaction ? transaction.LOCK.UPDATE : undefined });
  if (!reg) return null;
  return {
    id: reg.id,
    userId: reg.userId,
    userType: reg.userType,
    status: reg.status,
    totalPaisa: reg.totalPaisa ?? null,
    routeId: reg.routeId,
    entryDate: reg.entryDate,
    exitDate: reg.exitDate,
    routeName: reg.routeName,
  };
}

/** Live trekkers of a registration with their card numbers, oldest first. */
export async function cardNumbersOf(id: number): Promise<{ trekkerId: number; fullName: string; cardNumber: number | null; trekkerType: number }[]> {
  const rows = await Trekker.findAll({ where: { registrationId: id }, order: [["id", "ASC"]] });
  return rows.map((t) => ({ trekkerId: t.id, fullName: t.fullName, cardNumber: t.cardNumber ?? null, trekkerType: t.trekkerType }));
}

export interface RegistrationForCards {
  id: number;
  userId: number;
  /** The registering user's type. */
  userType: number;
  status: string;
  routeId: number;
  routeName: string;
  entryDate: string;
  exitDate: string;
}

/**
 * The registration as the card lifecycle needs it. Inside a transaction the row is locked
 * (MySQL) until it ends, so moves on one registration's cards queue instead of racing. `share`
 * (a check-in, which never writes the registration): a shared lock, so the check-ins of one
 * group's cards pass side by side and still queue behind a move of the registration, and a move
 * behind them.
 */
export async function registrationForCards(id: number, transaction?: Transaction, lock: "update" | "share" = "update"): Promise<RegistrationForCards | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const reg = await Registration.findByPk(id, {
    transaction,
    lock: transaction ? (lock === "share" ? transaction.LOCK.SHARE : transaction.LOCK.UPDATE) : undefined,
  });
  return reg
    ? {
        id: reg.id,
        userId: reg.userId,
        userType: reg.userType,
        status: reg.status,
        routeId: reg.routeId,
        routeName: reg.routeName,
        entryDate: reg.entryDate,
        exitDate: reg.exitDate,
      }
    : null;
}

/** Trek dates of registrations by id (for the daily sweep), without locks. */
export async function trekDatesOf(ids: readonly number[], transaction?: Transaction): Promise<Map<number, { entryDate: string; exitDate: string }>> {
  if (!ids.length) return new Map();
  const rows = await Registration.findAll({ where: { id: { [Op.in]: [...new Set(ids)] } }, attributes: ["id", "entryDate", "exitDate"], transaction });
  return new Map(rows.map((r) => [r.id, { entryDate: r.entryDate, exitDate: r.exitDate }]));
}

/** One trekker's details and trek: everything a card shows except the card columns. */
export interface TrekkerDetails {
  trekkerId: number;
  registrationId: number;
  registeredBy: number;
  registeredByType: number;
  fullName: string;
  photoKey: string;
  trekkerType: number;
  nationality: number;
  gender: number;
  dob: string;
  email: string;
  passportNumber: string;
  visaNumber: string | null;
  city: string;
  routeId: number;
  routeName: string;
  entryDate: string;
  exitDate: string;
  entryPoint: string;
  exitPoint: string;
  nepalContactPerson: string | null;
  nepalOrganization: string | null;
  nepalMobile: string | null;
  nepalAddress: string | null;
  homeContactPerson: string | null;
  homeCity: string | null;
  homeMobile: string | null;
  homeAddress: string | null;
  insuranceCompany: string | null;
  policyNumber: string | null;
  policyType: string;
  guideName: string | null;
  guideLicense: string | null;
  guideContact: string | null;
  amountPaisa: number | null;
  /** When the retention rule erased the trekker's personal data (modules/privacy), or null. */
  personalDataErasedAt: string | null;
}

/**
 * A live trekker with their trek, if `viewer` may open the registration ("system" for jobs and
 * for rules the caller checks itself). Deleted records are not found.
 */
export async function trekkerDetails(trekkerId: number, viewer: RegistrationViewer | "system"): Promise<TrekkerDetails | null> {
  if (!Number.isSafeInteger(trekkerId) || trekkerId <= 0) return null;
  const t = await Trekker.findByPk(trekkerId);
  if (!t) return null;
  const r = await Registration.findByPk(t.registrationId);
  if (!r) return null;
  if (viewer !== "system" && !canOpenRegistration(viewer, r)) return null;
  return {
    trekkerId: t.id,
    registrationId: r.id,
    registeredBy: r.userId,
    registeredByType: r.userType,
    fullName: t.fullName,
    photoKey: t.photoKey,
    trekkerType: t.trekkerType,
    nationality: t.nationality,
    gender: t.gender,
    dob: t.dob,
    email: t.email,
    passportNumber: t.passportNumber,
    visaNumber: t.visaNumber ?? null,
    city: t.city,
    routeId: r.routeId,
    routeName: r.routeName,
    entryDate: r.entryDate,
    exitDate: r.exitDate,
    entryPoint: r.entryPoint,
    exitPoint: r.exitPoint,
    nepalContactPerson: t.nepalContactPerson ?? null,
    nepalOrganization: t.nepalOrganization ?? null,
    nepalMobile: t.nepalMobile ?? null,
    nepalAddress: t.nepalAddress ?? null,
    homeContactPerson: t.homeContactPerson ?? null,
    homeCity: t.homeCity ?? null,
    homeMobile: t.homeMobile ?? null,
    homeAddress: t.homeAddress ?? null,
    insuranceCompany: t.insuranceCompany ?? null,
    policyNumber: t.policyNumber ?? null,
    policyType: t.policyType,
    guideName: t.guideName ?? null,
    guideLicense: t.guideLicense ?? null,
    guideContact: t.guideContact ?? null,
    amountPaisa: t.amountPaisa ?? null,
    personalDataErasedAt: t.personalDataErasedAt ? new Date(t.personalDataErasedAt).toISOString() : null,
  };
}

/** Route names of registrations by id (list rows: one query a page). */
export async function routeNamesOf(ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await Registration.findAll({ where: { id: { [Op.in]: [...new Set(ids)] } }, attributes: ["id", "routeName"] });
  return new Map(rows.map((r) => [r.id, r.routeName]));
}

/**
 * A registration's route name as a column of another module's statement (the billing list's one
 * statement per page): a scalar subquery by primary key, so the caller never names this module's
 * table or columns. `registrationIdColumn` is the caller's own column expression, never user input.
 */
export function routeNameColumnSql(registrationIdColumn: string): string {
  return `(SELECT routeName FROM registrations WHERE id = ${registrationIdColumn})`;
}

/** Ids of the registrations on a route (a list's route filter over another module's rows; index on routeId). */
/**
 * The registrations on a route as a subquery for `{ registrationId: { [Op.in]: … } }`: the
 * database joins them itself instead of receiving tens of thousands of ids in an IN list.
 */
export function registrationIdsOnRouteSql(routeId: number): ReturnType<typeof sequelize.literal> {
  return sequelize.literal(`(SELECT id FROM registrations WHERE routeId = ${Math.floor(Number(routeId)) || 0})`);
}

/**
 * The registrations whose trek ends on or after `day` (YYYY-MM-DD) as a subquery for
 * `{ registrationId: { [Op.in]: … } }` (the revocation list: cards still within their dates).
 */
export function registrationIdsEndingFromSql(day: string): ReturnType<typeof sequelize.literal> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
  return sequelize.literal(`(SELECT id FROM registrations WHERE exitDate >= '${day}')`);
}

export async function registrationIdsOnRoute(routeId: number): Promise<number[]> {
  const rows = await Registration.findAll({ where: { routeId }, attributes: ["id"], raw: true });
  return rows.map((r) => r.id);
}
