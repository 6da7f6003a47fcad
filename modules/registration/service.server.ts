import { Op, type Transaction } from "sequelize";
import { nameFollowerIn } from "./followers.server";
import { writeTransaction } from "../../db/sequelize.server";
import { insertRows } from "../../db/insert-rows.server";
import { deleteStoredFile } from "@lib/files/storage.server";
import { DomainError } from "@lib/errors";
import { listCountries } from "@modules/lookups/index.server";
import { findRoutePoints } from "@modules/trek-routes/index.server";
import { FeeRule, Registration, Trekker } from "./models/registration.server";
import { DEFAULT_FEE_RULES, feeFor, priceRegion, type FeeRuleData } from "./fees";
import { canEditRegistration, canOpenRegistration, type RegistrationViewer } from "./policy";
import { REGISTRATION_MESSAGES } from "./rules";
import type { InsuranceInput, TrekDetailsInput, TrekkerInput } from "./schemas";
import { notFound } from "@lib/param-id";

/** A refusal tied to a form field, shown under that field (400). */
export class RegistrationError extends DomainError {
  constructor(field: string, message: string) {
    super(message, { status: 400, fieldErrors: { [field]: [message] } });
  }
}

/** The registration has moved on (paid, cancelled...) and can no longer be changed (409). */
export class NotAllowedError extends DomainError {
  constructor() {
    super("This registration can not be changed any more.", { status: 409 });
  }
}

export interface TrekkerView extends TrekkerInput {
  id: number;
  photoKey: string;
  status: string;
  cardNumber: number | null;
  amountPaisa: number;
}

export interface RegistrationView {
  id: number;
  userId: number;
  userType: number;
  routeId: number;
  routeName: string;
  entryDate: string;
  exitDate: string;
  entryPoint: string;
  exitPoint: string;
  status: string;
  totalPaisa: number;
  priceLocked: boolean;
  createdAt: Date;
  trekkers: TrekkerView[];
}

async function feeRules(): Promise<FeeRuleData[]> {
  const rows = await FeeRule.findAll({ raw: true });
  return rows.length ? rows : [...DEFAULT_FEE_RULES];
}

export async function seedFeeRules(): Promise<void> {
  if ((await FeeRule.count()) === 0)
    await insertRows(
      FeeRule,
      DEFAULT_FEE_RULES.map((r) => ({ ...r })),
    );
}

async function checkTrek(trek: TrekDetailsInput): Promise<string> {
  const route = await findRoutePoints(trek.routeId);
  const [problem] = Object.entries(trekRouteProblems(route, trek));
  if (problem || !route) throw new RegistrationError(...(problem ?? ["routeId", CHOOSE_ACTIVE_ROUTE]));
  return route.name;
}

const CHOOSE_ACTIVE_ROUTE = "Choose an active trekking area";

/** What the route says of a trek's area and points, by field; a point not given is not checked. */
function trekRouteProblems(route: Awaited<ReturnType<typeof findRoutePoints>>, trek: { entryPoint?: string; exitPoint?: string }): Record<string, string> {
  if (!route || route.status !== "Active") return { routeId: CHOOSE_ACTIVE_ROUTE };
  const problems: Record<string, string> = {};
  for (const field of ["entryPoint", "exitPoint"] as const) {
    const point = trek[field];
    if (point && !route.points.includes(point)) problems[field] = REGISTRATION_MESSAGES.pointNotOnRoute;
  }
  return problems;
}

/**
 * The route's checks of a form's trek fields as read so far (raw values), for a form whose other
 * fields were refused: reported with those, so a form posted without JavaScript learns every
 * problem at once instead of one more per submit. No route chosen, nothing to say.
 */
export async function trekRouteErrors(form: { get(name: string): unknown }): Promise<Record<string, string[]>> {
  const routeId = Number(form.get("routeId"));
  if (!Number.isSafeInteger(routeId) || routeId <= 0) return {};
  const text = (name: string) => (typeof form.get(name) === "string" ? String(form.get(name)).trim() || undefined : undefined);
  const problems = trekRouteProblems(await findRoutePoints(routeId), { entryPoint: text("entryPoint"), exitPoint: text("exitPoint") });
  return Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, [message]]));
}

async function checkCountry(nationality: number): Promise<void> {
  if (!(await listCountries()).some((c) => c.id === nationality)) throw new RegistrationError("nationality", "Nationality field is required");
}

function trekkerColumns(t: TrekkerInput) {
  const { fullName, trekkerType, nationality, city, gender, dob, email, passportNumber, visaNumber, visaIssueDate, visaExpiryDate } = t;
  return {
    fullName,
    trekkerType,
    nationality,
    city,
    gender,
    dob,
    email,
    passportNumber,
    visaNumber,
    visaIssueDate,
    visaExpiryDate,
    nepalContactPerson: t.nepalContactPerson,
    nepalOrganization: t.nepalOrganization,
    nepalMobile: t.nepalMobile,
    nepalAddress: t.nepalAddress,
    homeContactPerson: t.homeContactPerson,
    homeCity: t.homeCity,
    homeMobile: t.homeMobile,
    homeAddress: t.homeAddress,
    insuranceCompany: t.insuranceCompany,
    policyNumber: t.policyNumber,
    policyType: t.policyType,
    guideName: t.guideName,
    guideLicense: t.guideLicense,
    guideContact: t.guideContact,
    otherSupportStaff: t.otherSupportStaff,
  };
}

/** Step 1: the trek and its first trekker, in one transaction. New treks wait for payment. */
export async function createRegistration(viewer: RegistrationViewer, trek: TrekDetailsInput, trekker: TrekkerInput, photoKey: string): Promise<number> {
  const routeName = await checkTrek(trek);
  await checkCountry(trekker.nationality);
  return writeTransaction(async (transaction) => {
    const reg = await Registration.create({ userId: viewer.id, userType: viewer.userType, routeName, ...trek }, { transaction });
    const t = await Trekker.create({ registrationId: reg.id, registeredBy: reg.userId, photoKey, ...trekkerColumns(trekker) }, { transaction });
    if (trekker.followerEmail) await nameFollowerIn(t.id, trekker.followerEmail, viewer.id, transaction);
    return reg.id;
  });
}

async function loadRow(id: number): Promise<Registration | null> {
  return Number.isSafeInteger(id) && id > 0 ? Registration.findByPk(id) : null;
}

/** The registration if the viewer may open it; otherwise null, so ids reveal nothing. */
export async function getRegistration(id: number, viewer: RegistrationViewer): Promise<RegistrationView | null> {
  const reg = await loadRow(id);
  if (!reg || !canOpenRegistration(viewer, reg)) return null;
  const [trekkers, rules, countries] = await Promise.all([
    Trekker.findAll({ where: { registrationId: id }, order: [["id", "ASC"]] }),
    feeRules(),
    listCountries(),
  ]);
  const region = (c: number) => countries.find((x) => x.id === c)?.regionId ?? 2;
  const views = trekkers.map((t): TrekkerView => ({
    ...(trekkerColumns(t as unknown as TrekkerInput) as TrekkerInput),
    id: t.id,
    photoKey: t.photoKey,
    status: t.status,
    cardNumber: t.cardNumber ?? null,
    amountPaisa: t.amountPaisa ?? feeFor(rules, reg.userType, priceRegion(t.trekkerType, region(t.nationality))),
  }));
  const priceLocked = reg.totalPaisa !== null && reg.totalPaisa !== undefined;
  return {
    id: reg.id,
    userId: reg.userId,
    userType: reg.userType,
    routeId: reg.routeId,
    routeName: reg.routeName,
    entryDate: reg.entryDate,
    exitDate: reg.exitDate,
    entryPoint: reg.entryPoint,
    exitPoint: reg.exitPoint,
    status: reg.status,
    totalPaisa: priceLocked ? reg.totalPaisa! : views.reduce((s, t) => s + t.amountPaisa, 0),
    priceLocked,
    createdAt: reg.createdAt,
    trekkers: views,
  };
}

async function editable(id: number, viewer: RegistrationViewer): Promise<Registration> {
  const reg = await loadRow(id);
  if (!reg || !canOpenRegistration(viewer, reg)) throw notFound();
  if (!canEditRegistration(viewer, reg)) throw new NotAllowedError();
  return reg;
}

/**
 * Told when a registration moves to another route, inside the transaction that moves it: another
 * module keeping a copy of the route id next to its own rows (payments' vouchers, for the voucher
 * list's route filter) updates it there, so the copy is never seen stale.
 */
export type RouteChangeListener = (registrationId: number, routeId: number, transaction: Transaction) => Promise<void>;
const routeChangeListeners: RouteChangeListener[] = [];

/** Registers a listener once (a module's server entry calls this when it loads). */
export function onRegistrationRouteChange(listener: RouteChangeListener): void {
  if (!routeChangeListeners.includes(listener)) routeChangeListeners.push(listener);
}

export async function updateTrek(id: number, viewer: RegistrationViewer, trek: TrekDetailsInput): Promise<void> {
  const reg = await editable(id, viewer);
  const routeName = await checkTrek(trek);
  const moved = Number(trek.routeId) !== reg.routeId;
  await writeTransaction(async (transaction) => {
    await reg.update({ ...trek, routeName }, { transaction });
    if (moved) for (const listener of routeChangeListeners) await listener(id, reg.routeId, transaction);
  });
}

/**
 * A registration's route id read inside the caller's transaction with a shared lock, so a route
 * change committing at the same moment either comes first (this sees it) or waits for the
 * caller's commit (and then its listeners see the caller's rows). Null for an unknown id.
 */
export async function registrationRouteId(id: number, transaction?: Transaction): Promise<number | null> {
  const reg = await Registration.findByPk(id, { attributes: ["routeId"], transaction, lock: transaction ? transaction.LOCK.SHARE : undefined });
  return reg ? reg.routeId : null;
}

/**
 * The registration locked for this transaction and still editable: a payment settling at the
 * same moment either finishes first (then this refuses) or waits for this change (then it sees
 * the new price and records a refund instead of issuing). Without it a trekker could land on a
 * paid registration with no card.
 */
async function lockEditable(id: number, viewer: RegistrationViewer, transaction: Transaction): Promise<void> {
  const locked = await Registration.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
  if (!locked || !canEditRegistration(viewer, locked)) throw new NotAllowedError();
}

async function editableTrekker(id: number, trekkerId: number, viewer: RegistrationViewer): Promise<Trekker> {
  await editable(id, viewer);
  const trekker = await Trekker.findOne({ where: { id: trekkerId, registrationId: id } });
  if (!trekker) throw notFound();
  return trekker;
}

/** Replaces a trekker's details; a new photo replaces the old file. */
export async function updateTrekker(id: number, trekkerId: number, viewer: RegistrationViewer, input: TrekkerInput, photoKey: string | null): Promise<void> {
  const trekker = await editableTrekker(id, trekkerId, viewer);
  await checkCountry(input.nationality);
  const oldPhoto = trekker.photoKey;
  // Nationality or type may have changed the fee: the price lock goes with the change, or neither.
  await writeTransaction(async (transaction) => {
    await trekker.update({ ...trekkerColumns(input), ...(photoKey ? { photoKey } : {}) }, { transaction });
    await unlockPrice(id, transaction);
  });
  if (photoKey && oldPhoto !== photoKey) await deleteStoredFile(oldPhoto).catch(() => {});
}

export async function updateInsurance(id: number, trekkerId: number, viewer: RegistrationViewer, input: InsuranceInput): Promise<void> {
  const trekker = await editableTrekker(id, trekkerId, viewer);
  await trekker.update({ insuranceCompany: input.insuranceCompany, policyNumber: input.policyNumber, policyType: input.policyType });
}

export async function addTrekker(id: number, viewer: RegistrationViewer, input: TrekkerInput, photoKey: string): Promise<number> {
  const reg = await editable(id, viewer);
  await checkCountry(input.nationality);
  // The registration's owner, also when the board adds the trekker: lists are scoped by it.
  return writeTransaction(async (transaction) => {
    await lockEditable(id, viewer, transaction);
    const t = await Trekker.create({ registrationId: id, registeredBy: reg.userId, photoKey, ...trekkerColumns(input) }, { transaction });
    if (input.followerEmail) await nameFollowerIn(t.id, input.followerEmail, viewer.id, transaction);
    await unlockPrice(id, transaction);
    return t.id;
  });
}

/** Extra rows can go; the last trekker stays (a registration without trekkers means nothing). */
export async function removeTrekker(id: number, trekkerId: number, viewer: RegistrationViewer): Promise<void> {
  const trekker = await editableTrekker(id, trekkerId, viewer);
  if ((await Trekker.count({ where: { registrationId: id } })) <= 1) {
    throw new RegistrationError("trekker", "A registration needs at least one trekker.");
  }
  // A row removed during review never had a card: it goes for good (force), unlike a deleted card.
  await writeTransaction(async (transaction) => {
    await lockEditable(id, viewer, transaction);
    await trekker.destroy({ force: true, transaction });
    await unlockPrice(id, transaction);
  });
  await deleteStoredFile(trekker.photoKey).catch(() => {});
}

/** The trekker's photo key, for the guarded photo route. */
export async function trekkerPhoto(id: number, trekkerId: number, viewer: RegistrationViewer): Promise<string | null> {
  const reg = await loadRow(id);
  if (!reg || !canOpenRegistration(viewer, reg)) return null;
  const t = await Trekker.findOne({ where: { id: trekkerId, registrationId: id }, attributes: ["photoKey"] });
  return t?.photoKey ?? null;
}

export interface HistoryRow {
  registrationId: number;
  trekkerId: number;
  fullName: string;
  routeName: string;
  entryDate: string;
  exitDate: string;
  cardNumber: number | null;
  status: string;
}

/** Trekking history (spec 1 §2.8): the viewer's own registrations, one row per trekker, newest first. */
export async function listHistory(userId: number, page: { offset: number; limit: number }): Promise<{ rows: HistoryRow[]; total: number }> {
  const regs = await Registration.findAll({ where: { userId }, attributes: ["id"], raw: true });
  const ids = regs.map((r) => r.id);
  if (!ids.length) return { rows: [], total: 0 };
  const { rows, count } = await Trekker.findAndCountAll({
    where: { registrationId: { [Op.in]: ids } },
    order: [
      ["registrationId", "DESC"],
      ["id", "ASC"],
    ],
    offset: page.offset,
    limit: page.limit,
  });
  const regRows = await Registration.findAll({ where: { id: [...new Set(rows.map((r) => r.registrationId))] } });
  const byId = new Map(regRows.map((r) => [r.id, r]));
  return {
    total: count,
    rows: rows.map((t) => {
      const reg = byId.get(t.registrationId)!;
      return {
        registrationId: reg.id,
        trekkerId: t.id,
        fullName: t.fullName,
        routeName: reg.routeName,
        entryDate: reg.entryDate,
        exitDate: reg.exitDate,
        cardNumber: t.cardNumber ?? null,
        status: t.status,
      };
    }),
  };
}

/** For the routes module: a route with registrations can not be deleted. */
export async function registrationsUseRoute(routeId: number): Promise<boolean> {
  return (await Registration.count({ where: { routeId } })) > 0;
}

/**
 * Fixes the price when payment starts: each trekker's fee and the total are written once, so a
 * later change of the fee table does not alter what this registration owes. Adding or removing
 * trekkers afterwards (a failed payment, then edits) unlocks and re-prices.
 * `read`: the registration as the caller has just read it for the same viewer (starting a
 * payment reads it to check it may be paid), so it is not read a second time.
 */
export async function lockPrice(id: number, viewer: RegistrationViewer, read?: RegistrationView): Promise<number> {
  const view = read?.id === id ? read : await getRegistration(id, viewer);
  if (!view) throw notFound();
  if (view.priceLocked) return view.totalPaisa;
  await writeTransaction(async (transaction) => {
    for (const t of view.trekkers) await Trekker.update({ amountPaisa: t.amountPaisa }, { where: { id: t.id }, transaction });
    await Registration.update({ totalPaisa: view.totalPaisa, priceLockedAt: new Date() }, { where: { id, totalPaisa: { [Op.is]: null } }, transaction });
  });
  return view.totalPaisa;
}

/**
 * Forgets the fixed price so it is worked out afresh when payment starts again: after an edit,
 * or (called by the cards module inside its transaction) after a trekker was deleted.
 */
export async function unlockPrice(registrationId: number, transaction?: Transaction): Promise<void> {
  await Registration.update({ totalPaisa: null, priceLockedAt: null }, { where: { id: registrationId }, transaction });
  await Trekker.update({ amountPaisa: null }, { where: { registrationId }, transaction });
}
