import { kathmanduDate } from "@lib/dates";
import { isDomainError } from "@lib/errors";
import { readText } from "@lib/multipart.server";
import { z } from "zod";
import { cardKeySet, hasVisibleCard, revokedCardNumbers, trekkerCardData, trekkerIdByCardNumber } from "@modules/cards/index.server";
import { TooManyWrongPassportsError, hasScanned, scanCard } from "@modules/checkins/index.server";
import { listCountries } from "@modules/lookups/index.server";
import { can, type Permission } from "@modules/permissions";
import type { ApiCaller } from "./devices.server";
import { ApiError, issueDetails } from "./errors.server";
import { MAX_BATCH, checkinItemSchema, type ApiCard, type CheckinResult } from "./wire";

/** Statuses whose cards a device is told are revoked (a deleted card is not found at all). */
const REVOKED_STATUSES = ["Cancelled", "Returned"] as const;

/**
 * The endpoints of /api/v1 behind the routes (issue 18 item 3): each takes the authenticated
 * caller and applies the same permission and row rules as the pages.
 */

function requireCan(caller: ApiCaller, permission: Permission): void {
  if (!can(caller.user, permission)) throw new ApiError(403, `This device's account may not do this (needs "${permission}").`);
}

export { cardKeySet };

export async function revocationList(caller: ApiCaller, now = new Date()) {
  requireCan(caller, "scan");
  return { generatedAt: now.toISOString(), cardNumbers: await revokedCardNumbers(now) };
}

/**
 * A card by its printed number, if the caller's account may see it as on the pages: the
 * registering user and the board (the registration's rule, trekkerCardData), or the checkpost
 * that scanned it (the Scanned Trekker page). Anything else is a 404, as for a number that does
 * not exist: the API tells nothing of others' cards.
 */
export async function cardByNumber(caller: ApiCaller, cardNumber: number): Promise<ApiCard> {
  const trekkerId = await trekkerIdByCardNumber(cardNumber);
  const missing = new ApiError(404, `No card ${cardNumber} that this device may see.`);
  if (!trekkerId) throw missing;
  let card = await trekkerCardData(trekkerId, caller.user);
  if (!card && can(caller.user, "scan") && (await hasScanned(caller.user.id, trekkerId))) card = await trekkerCardData(trekkerId, "system");
  if (!card || !hasVisibleCard(card.status, card.cardNumber)) throw missing;
  const nationality = (await listCountries()).find((c) => c.id === card.nationality)?.name ?? "";
  return {
    cardNumber: card.cardNumber as number,
    fullName: card.fullName,
    nationality,
    routeName: card.routeName,
    validFrom: card.entryDate,
    validTo: card.exitDate,
    status: card.status,
    revoked: (REVOKED_STATUSES as readonly string[]).includes(card.status),
  };
}

/** A batch body: JSON with an `items` array; each item is checked on its own. */
const batchEnvelope = z.object({ items: z.array(z.unknown()).min(1).max(MAX_BATCH) });

/** Bodies past this are refused (413): 200 QR texts of 2,000 characters fit. */
export const MAX_BATCH_BYTES = 512 * 1024;
/** An offline scan may be sent up to this many days after it was made. */
export const MAX_SCAN_AGE_DAYS = 30;
const CLOCK_SKEW_MS = 5 * 60_000;

export async function parseBatch(request: Request): Promise<unknown[]> {
  const text = await readText(request, MAX_BATCH_BYTES);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(422, 'The body must be JSON: { "items": [ … ] }.');
  }
  const parsed = batchEnvelope.safeParse(body);
  if (!parsed.success) throw new ApiError(422, "The batch is not valid.", issueDetails(parsed.error));
  return parsed.data.items;
}

/**
 * Records a batch of scans at the caller's checkpoint, each through the check-ins module (its
 * own transaction, the card rules, the repeat window). A clientId already recorded (a batch
 * sent again after a lost answer) records nothing and answers "duplicate"; an item that is not
 * valid answers "invalid" with why, and the others are recorded all the same. A typed item for
 * a card past its wrong passports (the check-ins module's limit, the same at every door) stops
 * the batch there: 429 with Retry-After. What came before it is recorded, and the batch may be
 * sent again whole: its clientIds keep those from being recorded twice.
 */
export async function recordBatch(caller: ApiCaller, items: readonly unknown[], now = new Date()) {
  requireCan(caller, "scan");
  const results: CheckinResult[] = [];
  for (const [index, raw] of items.entries()) {
    try {
      results.push(await recordOne(caller, raw, now));
    } catch (error) {
      if (!(error instanceof TooManyWrongPassportsError)) throw error;
      const done = index
        ? ` Items 1 to ${index} of this batch were handled; send the batch again after Retry-After: their clientIds keep them from being recorded twice.`
        : "";
      throw new ApiError(429, `Item ${index + 1}: ${error.message}${done}`, undefined, { "Retry-After": String(error.retryAfterSeconds) });
    }
  }
  const count = (s: CheckinResult["status"]) => results.filter((r) => r.status === s).length;
  return {
    recorded: count("recorded"),
    duplicate: count("duplicate"),
    refused: count("refused"),
    offRoute: count("off-route"),
    invalid: count("invalid"),
    results,
  };
}

async function recordOne(caller: ApiCaller, raw: unknown, now: Date): Promise<CheckinResult> {
  const clientIdOf = (v: unknown) =>
    v && typeof v === "object" && typeof (v as { clientId?: unknown }).clientId === "string" ? (v as { clientId: string }).clientId.slice(0, 52) : null;
  const invalid = (message: string): CheckinResult => ({ clientId: clientIdOf(raw), status: "invalid", message, cardNumber: null, fullName: null });
  const parsed = checkinItemSchema.safeParse(raw);
  if (!parsed.success)
    return invalid(
      issueDetails(parsed.error)
        .map((d) => (d.path === "(body)" ? d.message : `${d.path}: ${d.message}`))
        .join("; "),
    );
  const item = parsed.data;
  const at = item.scannedAt ? new Date(item.scannedAt) : now;
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) return invalid("scannedAt is in the future.");
  if (at.getTime() < now.getTime() - MAX_SCAN_AGE_DAYS * 86_400_000) return invalid(`scannedAt is more than ${MAX_SCAN_AGE_DAYS} days ago.`);
  try {
    const outcome = await scanCard(
      caller.user,
      // The device's own ids: two devices may use the same clientId without clashing.
      item.qr !== undefined
        ? { method: "qr", qr: item.qr, clientId: `d${caller.deviceId}:${item.clientId}`, offRoute: item.offRoute }
        : { method: "typed", cardNumber: item.cardNumber, passport: item.passport, clientId: `d${caller.deviceId}:${item.clientId}`, offRoute: item.offRoute },
      { now: at, today: kathmanduDate(at) },
    );
    return {
      clientId: item.clientId,
      status: outcome.outcome === "recorded" ? "recorded" : outcome.outcome === "repeat" ? "duplicate" : outcome.outcome,
      message: outcome.message,
      cardNumber: outcome.cardNumber,
      fullName: outcome.fullName || null,
      ...(outcome.routeName && (outcome.outcome === "off-route" || outcome.offRoute) ? { routeName: outcome.routeName } : {}),
      ...(outcome.offRoute ? { offRoute: true } : {}),
    };
  } catch (error) {
    if (isDomainError(error) && error.status < 500 && !(error instanceof TooManyWrongPassportsError)) return invalid(error.message);
    throw error;
  }
}
