import { Op, UniqueConstraintError, type Transaction } from "sequelize";
import { counter } from "@lib/observability/metrics.server";
import { DomainError } from "@lib/errors";
import { displayDateTime, kathmanduDate } from "@lib/dates";
import { writeTransaction } from "../../db/sequelize.server";
import {
  activateOnCheckin,
  cardForCheckin,
  cardStatusAt,
  trekkerCardData,
  trekkerIdByCardNumber,
  cardOfScannedQr,
  type CardRecord,
} from "@modules/cards/index.server";
import { routeCheckpoints } from "@modules/trek-routes/index.server";
import { checkpostPlaceOf } from "@modules/users/index.server";
import { recordDaily } from "@modules/stats/index.server";
import { Checkin, type CheckinDirection, type CheckinMethod } from "./models/checkin.server";
import { CHECKIN_MESSAGES, DEFAULT_REPEAT_WINDOW_MINUTES, cardProblem } from "./rules";
import { selfCheckinThrottle } from "./self-checkin-throttle.server";
import { passportGuessLimiter, type PassportDoor, type PassportGuessLimiter } from "./passport-guesses.server";

/**
 * Check-ins (spec 2 §2, §4, §7): a checkpost scans or types a card, a trekker checks in by card
 * and passport number. Every path ends in recordCheckin: one transaction that re-reads (and
 * locks) the card, applies the card rules, skips a repeat, inserts the row and moves an Upcoming
 * card to Active.
 */

export class CheckinInputError extends DomainError {
  constructor(message: string, field?: string) {
    super(message, { status: 400, fieldErrors: field ? { [field]: [message] } : undefined });
  }
}

export function repeatWindowMinutes(): number {
  const fromEnv = Number(process.env.CHECKIN_REPEAT_MINUTES);
  return Number.isFinite(fromEnv) && fromEnv >= 0 ? fromEnv : DEFAULT_REPEAT_WINDOW_MINUTES;
}

export interface CheckinOutcome {
  /**
   * recorded: a new check-in; repeat: the same card at the same place within the window (or a
   * resent clientId); refused: the card may not pass; off-route: a good card for another trekking
   * area, nothing recorded until the checkpost decides (record it, or refuse it).
   */
  outcome: "recorded" | "repeat" | "refused" | "off-route";
  /** Whether this call wrote a row: a check-in, or for a refused card the sighting (ADR 0028). */
  wrote: boolean;
  trekkerId: number;
  registrationId: number;
  fullName: string;
  /** The printed card number (null for a card not issued yet). */
  cardNumber: number | null;
  /** Why the card was refused, or when it was last recorded here for a repeat. */
  message: string;
  place: string;
  at: Date;
  /** The card's route (trekking area) name. */
  routeName?: string;
  /** Recorded as an off-route check-in. */
  offRoute?: boolean;
}

/** What the checkpost decided about a card for another trekking area; "ask" records nothing and says so. */
export type OffRouteDecision = "ask" | "record" | "refuse";

interface CheckinRequest {
  trekkerId: number;
  /** A QR's signed registration id: the card must still belong to it. */
  registrationId?: number;
  method: CheckinMethod;
  direction: CheckinDirection;
  place: { checkpointId: number | null; name: string };
  /** The checkpost's route; null for a self check-in (the trekker names a place of their own route). */
  routeId: number | null;
  offRoute: OffRouteDecision;
  /** Made at a moment the device gave (`now`): judged by the card as it was then as well. */
  pastScan: boolean;
  /** The route's last checkpoint: a check-in there counts as leaving the trail. */
  atEndPoint: boolean;
  recordedBy: number | null;
  ip: string | null;
  clientId: string | null;
  now: Date;
  today: string;
}

/** What a recorded check-in (never a refused scan) tells the modules that listen for it. */
export interface RecordedCheckin {
  trekkerId: number;
  place: string;
  at: Date;
  /** A check-out or a scan at the route's end point: the trekker is off the trail. */
  leftTrail: boolean;
}
export type CheckinListener = (checkin: RecordedCheckin, transaction: Transaction) => Promise<void>;
const checkinListeners: CheckinListener[] = [];

/**
 * Called in the transaction of every recorded check-in (a module's server entry registers it
 * when it loads): the overdue module clears an alert the check-in answers, without checkins
 * importing it.
 */
export function onCheckinRecorded(listener: CheckinListener): void {
  if (!checkinListeners.includes(listener)) checkinListeners.push(listener);
}

const checkinsCounted = counter({
  name: "tims_checkins_total",
  help: "Check-ins and refused scans by method (qr, photo, typed, self) and outcome.",
  labelNames: ["method", "outcome"],
});

/** Every scan and self check-in ends here, online or synced from a device: the one place it is counted. */
async function recordCheckin(asked: CheckinRequest): Promise<CheckinOutcome> {
  const outcome = await recordOnce(asked);
  checkinsCounted.inc({ method: asked.method, outcome: outcome.outcome });
  return outcome;
}

async function recordOnce(asked: CheckinRequest): Promise<CheckinOutcome> {
  try {
    return await writeTransaction((transaction) => recordIn(asked, transaction));
  } catch (error) {
    if (error instanceof UniqueConstraintError && asked.clientId) return raceLost(asked);
    throw error;
  }
}

/**
 * The check-in's rules and rows in a transaction the caller owns. A refusal of its input
 * (CheckinInputError) is thrown before anything is written, so a batch can answer it and go on.
 */
async function recordIn(asked: CheckinRequest, transaction: Transaction): Promise<CheckinOutcome> {
  let req = asked;
  const card = await cardForCheckin(req.trekkerId, transaction);
  if (card && req.pastScan) req = await atItsMoment(card, asked, transaction);
  // Signed by us but for a record that is gone (deleted) or was moved: not a card to pass.
  if (!card || card.deleted || (req.registrationId !== undefined && card.registrationId !== req.registrationId))
    throw new CheckinInputError(CHECKIN_MESSAGES.invalidQr);
  const base = {
    trekkerId: card.trekkerId,
    registrationId: card.registrationId,
    fullName: card.fullName,
    cardNumber: card.cardNumber,
    place: req.place.name,
    at: req.now,
    wrote: false,
  };
  // A resent submission is answered as it was first, whatever the card became since.
  const sent = req.clientId ? await Checkin.findOne({ where: { clientId: req.clientId }, transaction }) : null;
  // A client id is its account's: another account replaying it is a conflict, not its repeat.
  if (sent && sent.recordedBy !== req.recordedBy) throw new CheckinInputError(CHECKIN_MESSAGES.otherAccount);
  if (sent?.refusedReason) return { ...base, outcome: "refused", at: sent.actionDate, message: sent.refusedReason };
  if (sent) return repeated(base, sent);
  const problem = cardProblem(card, req.today) ?? (req.pastScan ? await problemThen(card, req, transaction) : null);
  if (problem) {
    // A trekker's own try is not a sighting: nobody saw the card (ADR 0028).
    const wrote = req.method !== "self" && !(await earlierHere(card, req, "refused", transaction));
    if (wrote) await insertRow(card, req, problem, transaction);
    return { ...base, outcome: "refused", message: problem, wrote };
  }
  const earlier = await earlierHere(card, req, "checkin", transaction);
  if (earlier) return repeated(base, earlier);
  const offRoute = await isOffRoute(card, req);
  if (offRoute && req.offRoute !== "record") {
    const routed = { ...base, routeName: card.routeName };
    if (req.offRoute === "ask") return { ...routed, outcome: "off-route", message: CHECKIN_MESSAGES.offRoute(card.routeName, req.place.name) };
    const reason = CHECKIN_MESSAGES.offRouteRefused(card.routeName);
    const wrote = !(await earlierHere(card, req, "refused", transaction));
    if (wrote) await insertRow(card, req, reason, transaction);
    return { ...routed, outcome: "refused", message: reason, wrote };
  }
  await insertRow(card, req, null, transaction, offRoute);
  await recordDaily({ kind: "checkin", at: req.now, trekkerId: card.trekkerId, direction: req.direction }, transaction);
  await activateOnCheckin(card, req.recordedBy, transaction);
  const recorded = { trekkerId: card.trekkerId, place: req.place.name, at: req.now, leftTrail: req.direction === "out" || Boolean(req.atEndPoint) };
  for (const listener of checkinListeners) await listener(recorded, transaction);
  const done =
    req.method === "self"
      ? req.direction === "out"
        ? CHECKIN_MESSAGES.selfOutDone
        : CHECKIN_MESSAGES.selfDone
      : offRoute
        ? CHECKIN_MESSAGES.offRouteRecorded(card.routeName)
        : CHECKIN_MESSAGES.scanned;
  return { ...base, outcome: "recorded", wrote: true, routeName: card.routeName, offRoute, message: done };
}

/** Two submissions of one clientId raced: the other one recorded it. */
async function raceLost(req: CheckinRequest): Promise<CheckinOutcome> {
  const card = await trekkerCardData(req.trekkerId, "system");
  return {
    outcome: "repeat",
    wrote: false,
    trekkerId: req.trekkerId,
    registrationId: card?.registrationId ?? 0,
    fullName: card?.fullName ?? "",
    cardNumber: card?.cardNumber ?? null,
    place: req.place.name,
    at: req.now,
    message: "This check-in was already recorded.",
  };
}

/**
 * A scan made at a moment of its own (kept offline, or an API batch's scannedAt) is judged by the
 * card as it was then too: a card returned at that moment and restored since was not valid when
 * it was seen (the ledger's checkin-on-valid-card reads the moment the same way).
 */
async function problemThen(card: CardRecord, req: CheckinRequest, transaction: Transaction): Promise<string | null> {
  const then = await cardStatusAt(card.trekkerId, req.now, transaction);
  const problem = then === null ? null : cardProblem({ ...card, status: then }, req.today);
  return problem ? `When it was scanned: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}` : null;
}

/**
 * A card is never scanned before it was issued: a moment before its first move means the
 * device's clock is behind, so the scan is recorded when it arrives instead.
 */
async function atItsMoment(card: CardRecord, req: CheckinRequest, transaction: Transaction): Promise<CheckinRequest> {
  if ((await cardStatusAt(card.trekkerId, req.now, transaction)) !== null) return req;
  const now = new Date();
  return { ...req, now, today: kathmanduDate(now) };
}

function repeated(base: Omit<CheckinOutcome, "outcome" | "message">, earlier: Checkin): CheckinOutcome {
  return {
    ...base,
    outcome: "repeat",
    at: earlier.actionDate,
    message: `Already recorded here at ${displayDateTime(earlier.actionDate)} (Nepal time); nothing new was recorded.`,
  };
}

/**
 * A checkpost's checkpoint that is not on the card's route: neither the same checkpoint nor one of
 * the same name (a village on two routes). Self check-ins name places of the card's own route.
 */
async function isOffRoute(card: CardRecord, req: CheckinRequest): Promise<boolean> {
  if (req.routeId === null || req.routeId === card.routeId) return false;
  const name = req.place.name.trim().toLowerCase();
  const points = await routeCheckpoints(card.routeId);
  return !points.some((p) => p.id === req.place.checkpointId || p.name.trim().toLowerCase() === name);
}

/** The row of a check-in, or of a refused card's sighting when `refusedReason` is set. */
async function insertRow(card: CardRecord, req: CheckinRequest, refusedReason: string | null, transaction: Transaction, offRoute = false): Promise<void> {
  await Checkin.create(
    {
      trekkerId: card.trekkerId,
      registrationId: card.registrationId,
      ownerId: card.ownerId,
      ownerType: card.ownerType,
      checkpointId: req.place.checkpointId,
      place: req.place.name.slice(0, 150),
      method: req.method,
      direction: req.direction,
      atEndPoint: req.atEndPoint,
      actionDate: req.now,
      recordedBy: req.recordedBy,
      ip: req.ip?.slice(0, 64) ?? null,
      clientId: req.clientId,
      refusedReason: refusedReason?.slice(0, 200) ?? null,
      offRoute,
    },
    { transaction },
  );
}

/**
 * The same card, place and direction within the window, among check-ins or among sightings: a
 * refused scan never makes a later check-in a repeat, and a card refused here again within the
 * window adds no second sighting.
 */
async function earlierHere(card: CardRecord, req: CheckinRequest, kind: "checkin" | "refused", transaction: Transaction): Promise<Checkin | null> {
  const since = new Date(req.now.getTime() - repeatWindowMinutes() * 60_000);
  return Checkin.findOne({
    where: {
      trekkerId: card.trekkerId,
      direction: req.direction,
      actionDate: { [Op.gte]: since },
      refusedReason: kind === "checkin" ? null : { [Op.ne]: null },
      ...(req.place.checkpointId !== null ? { checkpointId: req.place.checkpointId } : { place: req.place.name }),
    },
    order: [["actionDate", "DESC"]],
    transaction,
  });
}

type Place = { checkpointId: number; name: string; atEndPoint: boolean; routeId: number };
// A checkpost scans a queue of trekkers in a row: its place is read once a minute, not per scan
// (two round trips of about fifteen). The board moving a checkpost takes effect within the minute.
const PLACE_TTL_MS = 60_000;
const places = new Map<number, { place: Place; until: number }>();

async function checkpostPlace(userId: number): Promise<Place> {
  const cached = places.get(userId);
  if (cached && cached.until > Date.now()) return cached.place;
  const place = await readCheckpostPlace(userId);
  if (places.size > 10_000) places.clear();
  places.set(userId, { place, until: Date.now() + PLACE_TTL_MS });
  return place;
}

/** The checkpost's own checkpoint, by name, and whether it ends its route. */
async function readCheckpostPlace(userId: number): Promise<Place> {
  const place = await checkpostPlaceOf(userId);
  if (!place) throw new CheckinInputError(CHECKIN_MESSAGES.noCheckpoint);
  const points = await routeCheckpoints(place.routeId);
  const index = points.findIndex((p) => p.id === place.checkpointId);
  if (index < 0) throw new CheckinInputError(CHECKIN_MESSAGES.noCheckpoint);
  return { checkpointId: place.checkpointId, name: points[index].name, atEndPoint: index === points.length - 1, routeId: place.routeId };
}

export interface ScanInput {
  /** The QR code's text (camera, or a photo decoded in the browser or on the server). */
  qr?: string;
  /** Typed: the card number printed on the card and the trekker's passport number. */
  cardNumber?: number;
  passport?: string;
  method: Exclude<CheckinMethod, "self">;
  clientId?: string | null;
  /** A card for another trekking area: ask first (the default), or the checkpost's decision. */
  offRoute?: OffRouteDecision;
}

export interface ScanOptions {
  ip?: string | null;
  now?: Date;
  today?: string;
  /** Tests pass their own; by default the configured limit of wrong passports per card. */
  guesses?: PassportGuessLimiter;
}

/** Who the card is: the QR's signed claims, or the card number with its passport. */
interface IdentifiedCard {
  trekkerId: number;
  registrationId?: number;
}

async function resolveCard(input: ScanInput, guesses: PassportGuessLimiter): Promise<IdentifiedCard> {
  if (input.method !== "typed") {
    const card = input.qr ? await cardOfScannedQr(input.qr) : null;
    if (!card) throw new CheckinInputError(CHECKIN_MESSAGES.invalidQr);
    // The signature is the check here; the card's state is read once, in the check-in's transaction.
    return card;
  }
  return identifyByCardAndPassport(input.cardNumber, input.passport, "staff", guesses);
}

/**
 * The trekker whose card number and passport number are these; the spec's one message otherwise.
 * Every door that takes a typed pair comes here, so each wrong passport counts against the card
 * and a card past its limit is refused (429) before its passport is compared.
 */
async function identifyByCardAndPassport(
  cardNumber: number | undefined,
  passport: string | undefined,
  door: PassportDoor,
  guesses: PassportGuessLimiter,
): Promise<IdentifiedCard> {
  if (cardNumber) await guesses.check(cardNumber, door);
  const id = cardNumber ? await trekkerIdByCardNumber(cardNumber) : null;
  const card = id ? await trekkerCardData(id, "system") : null;
  const typed = (passport ?? "").trim().toUpperCase();
  if (!card || !typed || card.passportNumber.trim().toUpperCase() !== typed) {
    if (cardNumber) await guesses.wrong(cardNumber);
    throw new CheckinInputError(CHECKIN_MESSAGES.wrongPair);
  }
  return { trekkerId: card.trekkerId };
}

/** A checkpost records a check-in at its own checkpoint (spec 2 §2 Scan). */
export async function scanCard(viewer: { id: number }, input: ScanInput, opts: ScanOptions = {}): Promise<CheckinOutcome> {
  const place = await checkpostPlace(viewer.id);
  const card = await resolveCard(input, opts.guesses ?? passportGuessLimiter());
  return recordCheckin(scanRequest(viewer, place, card, input, opts));
}

function scanRequest(viewer: { id: number }, place: Place, card: IdentifiedCard, input: ScanInput, opts: ScanOptions): CheckinRequest {
  const now = opts.now ?? new Date();
  return {
    trekkerId: card.trekkerId,
    registrationId: card.registrationId,
    method: input.method,
    direction: "in",
    place: { checkpointId: place.checkpointId, name: place.name },
    routeId: place.routeId,
    offRoute: input.offRoute ?? "ask",
    pastScan: opts.now !== undefined,
    atEndPoint: place.atEndPoint,
    recordedBy: viewer.id,
    ip: opts.ip ?? null,
    clientId: input.clientId ?? null,
    now,
    today: opts.today ?? kathmanduDate(now),
  };
}

/** One scan of a batch a device kept (its QR read by the camera or from a photo) and when it was made. */
export interface BatchScan {
  input: ScanInput & { method: "qr" | "photo" };
  at: Date;
}

/**
 * A checkpost device's kept scans, recorded in one transaction: one connection, one commit and
 * one write of the day's statistics for the batch, where a transaction per scan queued twenty
 * times for the pool and the statistics row behind the hour's other writes (the peak-hour bench's
 * offline batch, p95 3.8 s). Each scan is judged as alone, in the device's order; a refused input
 * is that scan's answer (CheckinInputError), never the batch's. Cards are locked in id order, so
 * two devices' batches do not deadlock on shared cards. A resend of the same batch racing this one
 * (a clientId both insert) rolls the batch back, and each scan is then recorded alone: the other
 * request's come back as repeats.
 */
export async function scanCardBatch(
  viewer: { id: number },
  scans: readonly BatchScan[],
  opts: { ip?: string | null } = {},
): Promise<(CheckinOutcome | CheckinInputError)[]> {
  let place: Place;
  try {
    place = await checkpostPlace(viewer.id);
  } catch (error) {
    if (error instanceof CheckinInputError) return scans.map(() => error);
    throw error;
  }
  const guesses = passportGuessLimiter();
  const requests = await Promise.all(
    scans.map(async ({ input, at }) => {
      try {
        return scanRequest(viewer, place, await resolveCard(input, guesses), input, { ip: opts.ip, now: at });
      } catch (error) {
        if (error instanceof CheckinInputError) return error;
        throw error;
      }
    }),
  );
  const answers = new Array<CheckinOutcome | CheckinInputError>(scans.length);
  const toRecord: { req: CheckinRequest; i: number }[] = [];
  requests.forEach((r, i) => (r instanceof CheckinInputError ? (answers[i] = r) : toRecord.push({ req: r, i })));
  toRecord.sort((a, b) => a.req.trekkerId - b.req.trekkerId || a.i - b.i);
  const answer = async (record: (req: CheckinRequest) => Promise<CheckinOutcome>, { req, i }: { req: CheckinRequest; i: number }) => {
    try {
      answers[i] = await record(req);
    } catch (error) {
      if (!(error instanceof CheckinInputError)) throw error;
      answers[i] = error;
    }
  };
  try {
    await writeTransaction(async (transaction) => {
      for (const one of toRecord) await answer((req) => recordIn(req, transaction), one);
    });
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;
    for (const one of toRecord) await answer(recordOnce, one);
  }
  for (const { req, i } of toRecord) {
    const done = answers[i];
    if (!(done instanceof CheckinInputError)) checkinsCounted.inc({ method: req.method, outcome: done.outcome });
  }
  return answers;
}

export interface SelfCheckinOptions extends ScanOptions {
  /** Tests pass their own limits; by default the configured ones. */
  throttle?: ReturnType<typeof selfCheckinThrottle>;
}

export interface SelfCheckinCard {
  trekkerId: number;
  fullName: string;
  routeName: string;
  /** The route's checkpoints, for the place choice. */
  places: { id: number; name: string }[];
}

/**
 * Step 0 of self check-in: the card and passport pair, and whether the card may check in today.
 * The pair is checked again at step 1 (the page carries it in hidden fields, never trusted).
 */
export async function selfCheckinCard(cardNumber: number | undefined, passport: string | undefined, opts: SelfCheckinOptions = {}): Promise<SelfCheckinCard> {
  await (opts.throttle ?? selfCheckinThrottle()).take(opts.ip ?? "unknown");
  const { trekkerId } = await identifyByCardAndPassport(cardNumber, passport, "self", opts.guesses ?? passportGuessLimiter());
  const card = await cardForCheckin(trekkerId);
  const details = await trekkerCardData(trekkerId, "system");
  if (!card || !details) throw new CheckinInputError(CHECKIN_MESSAGES.wrongPair);
  const problem = cardProblem(card, opts.today ?? kathmanduDate(opts.now ?? new Date()));
  if (problem) throw new CheckinInputError(problem);
  return { trekkerId, fullName: details.fullName, routeName: details.routeName, places: await routeCheckpoints(details.routeId) };
}

/** Step 1: the trekker's own check-in (or check-out) at a place of the route or one they name. */
export async function selfCheckin(
  input: { cardNumber?: number; passport?: string; isCheckOut: boolean; place: string; clientId?: string | null },
  opts: SelfCheckinOptions = {},
): Promise<CheckinOutcome> {
  const card = await selfCheckinCard(input.cardNumber, input.passport, opts);
  const name = input.place.trim();
  if (!name) throw new CheckinInputError("Place field is required", "place");
  const index = card.places.findIndex((p) => p.name.toLowerCase() === name.toLowerCase());
  const now = opts.now ?? new Date();
  return recordCheckin({
    trekkerId: card.trekkerId,
    method: "self",
    direction: input.isCheckOut ? "out" : "in",
    place: index >= 0 ? { checkpointId: card.places[index].id, name: card.places[index].name } : { checkpointId: null, name },
    routeId: null,
    offRoute: "record",
    pastScan: false,
    atEndPoint: index >= 0 && index === card.places.length - 1,
    recordedBy: null,
    ip: opts.ip ?? null,
    clientId: input.clientId ?? null,
    now,
    today: opts.today ?? kathmanduDate(now),
  });
}

/** The checkpost's own place, for the scan page's "Checking in at" line (null when unset). */
export async function checkpostPlaceName(userId: number): Promise<string | null> {
  try {
    return (await checkpostPlace(userId)).name;
  } catch {
    return null;
  }
}
