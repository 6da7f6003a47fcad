// Check-ins (issue 15) against a real database: a checkpost scans a signed QR, a photo's text or
// the typed pair; forged and unknown codes; cards that may not pass; repeats; the first check-in
// activates; self check-in with its limits; and what the sweep learns from the trail.
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, displayDateTime } from "@lib/dates";
import { applyCardAction, cardEvents, sweepCards } from "@modules/cards/index.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { inDays } from "../../tests/factories/dates";
import { makeUser } from "../../tests/factories/users";
import { makeCheckpostAt, makeTrail, trailCards } from "../../tests/factories/checkins";
import { trekkerCardData } from "@modules/cards/index.server";
import { scanCard, selfCheckin, selfCheckinCard } from "./service.server";
import { checkinsOf, hasScanned, trailsOf, trekkersWithCheckins } from "./readers.server";
import { scannedTrekkerSource } from "./list-sources.server";
import { scannedTrekkersList } from "./checkin-lists.server";
import { checkLabel } from "./scan-labels";
import { selfCheckinThrottle } from "./self-checkin-throttle.server";
import { passportGuessLimiter, TooManyWrongPassportsError } from "./passport-guesses.server";
import type { CounterStore } from "@lib/rate-limit.server";

beforeAll(async () => {
  await prepareTestDatabase();
}, 60_000);

const status = async (trekkerId: number) => (await trekkerCardData(trekkerId, "system"))!.status;

/** An in-memory counter store, so the limits are exercised without Redis or the shared table. */
function memoryStore(): CounterStore {
  const counts = new Map<string, { count: number; lastAt: number; expiresAt: number }>();
  return {
    async hit(key, ttl) {
      const now = Date.now();
      const c = counts.get(key);
      const next =
        c && c.expiresAt > now ? { count: c.count + 1, lastAt: now, expiresAt: c.expiresAt } : { count: 1, lastAt: now, expiresAt: now + ttl * 1000 };
      counts.set(key, next);
      return { count: next.count, previousAt: c?.lastAt ?? null, expiresAt: next.expiresAt };
    },
    async undo(key) {
      const c = counts.get(key);
      if (c && c.count > 0) c.count--;
    },
    async get(key) {
      return counts.get(key) ?? null;
    },
    async delete(key) {
      counts.delete(key);
    },
  };
}

describe("a checkpost scans", () => {
  it("a signed QR records a check-in at its own checkpoint and activates an Upcoming card; forged and unknown codes are refused", async () => {
    const { points, checkpost, route } = await makeTrail(0);
    const entry = inDays(2);
    const [card] = await trailCards(route.id, { entry, exit: addDays(entry, 6) });
    expect(await status(card.trekkerId)).toBe("Upcoming");

    const result = await scanCard(checkpost, { method: "qr", qr: card.qr }, { today: entry });
    expect(result).toMatchObject({
      outcome: "recorded",
      trekkerId: card.trekkerId,
      registrationId: card.regId,
      place: points[0].name,
      message: "Scanned Successfully",
    });
    expect(await status(card.trekkerId)).toBe("Active");
    expect((await cardEvents(card.trekkerId)).map((e) => [e.action, e.toStatus, e.userId])).toContainEqual(["activate", "Active", checkpost.id]);
    expect(await checkinsOf(card.trekkerId)).toMatchObject([{ place: points[0].name, method: "qr", direction: "in" }]);

    // A code we did not sign, a changed one, and plain text.
    const forged = JSON.stringify({ trekkerId: card.trekkerId, registrationId: card.regId, sig: "AAAA" });
    const tampered = card.qr.replace(`"trekkerId":${card.trekkerId}`, `"trekkerId":${card.trekkerId + 1}`);
    for (const qr of [forged, tampered, "hello", ""]) {
      await expect(scanCard(checkpost, { method: "qr", qr }, { today: entry })).rejects.toMatchObject({ message: "Invalid QR Code", status: 400 });
    }
    expect(await checkinsOf(card.trekkerId)).toHaveLength(1);
  });

  it("the typed card number needs its own passport; a repeat within the window records nothing; a resent client id records once", async () => {
    const { checkpost, route } = await makeTrail(1);
    const entry = inDays(0);
    const [a, b] = await trailCards(route.id, { count: 2, entry, exit: addDays(entry, 5) });
    await expect(scanCard(checkpost, { method: "typed", cardNumber: a.cardNumber, passport: b.passport })).rejects.toMatchObject({
      message: "Please enter the correct card and passport number",
    });
    await expect(scanCard(checkpost, { method: "typed", cardNumber: 999_999_999, passport: a.passport })).rejects.toMatchObject({
      message: "Please enter the correct card and passport number",
    });
    const typed = await scanCard(checkpost, { method: "typed", cardNumber: a.cardNumber, passport: a.passport.toLowerCase() });
    expect(typed.outcome).toBe("recorded");
    const again = await scanCard(checkpost, { method: "qr", qr: a.qr });
    expect(again.outcome).toBe("repeat");
    expect(again.message).toMatch(/nothing new was recorded/);
    // The earlier check-in's time as people read it (Nepal time), not a raw UTC stamp.
    expect(again.message).toContain(`Already recorded here at ${displayDateTime(again.at)} (Nepal time)`);
    expect(again.message).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    // Outside the window (an hour later) it records again.
    expect((await scanCard(checkpost, { method: "qr", qr: a.qr }, { now: new Date(Date.now() + 61 * 60_000) })).outcome).toBe("recorded");

    const first = await scanCard(checkpost, { method: "qr", qr: b.qr, clientId: `client-${b.trekkerId}-x` });
    const resent = await scanCard(checkpost, { method: "qr", qr: b.qr, clientId: `client-${b.trekkerId}-x` });
    expect([first.outcome, resent.outcome]).toEqual(["recorded", "repeat"]);
    expect(await checkinsOf(b.trekkerId)).toHaveLength(1);
    expect(await checkinsOf(a.trekkerId)).toHaveLength(2);
  });

  it("a cancelled card, one not valid yet and one past its exit date are refused with the reason and kept once as refused scans that count as no check-in", async () => {
    const { checkpost, route, points } = await makeTrail(0);
    const entry = inDays(3);
    const [early, cancelled] = await trailCards(route.id, { count: 2, entry, exit: addDays(entry, 4) });
    const board = await makeUser({ userType: 4 });
    await applyCardAction(board, "cancel", cancelled.trekkerId, "Cancelled for the test");
    const t0 = new Date(Math.floor(Date.now() / 1000) * 1000);
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    expect(await scanCard(checkpost, { method: "qr", qr: cancelled.qr }, { today: entry, now: at(0) })).toMatchObject({
      outcome: "refused",
      wrote: true,
      message: "This card was cancelled.",
    });
    // Again within the repeat window: still refused, no second sighting.
    expect(await scanCard(checkpost, { method: "qr", qr: cancelled.qr }, { today: entry, now: at(5) })).toMatchObject({ outcome: "refused", wrote: false });
    expect(await scanCard(checkpost, { method: "qr", qr: early.qr }, { today: addDays(entry, -1), now: at(0) })).toMatchObject({
      outcome: "refused",
      wrote: true,
      message: `This card is not valid yet: the trek starts on ${entry.replace(/-/g, "/")}.`,
    });
    expect(await scanCard(checkpost, { method: "qr", qr: early.qr }, { today: addDays(entry, 5), now: at(61) })).toMatchObject({
      outcome: "refused",
      wrote: true,
      message: `This card is past its exit date (${addDays(entry, 4).replace(/-/g, "/")}).`,
    });

    expect(await checkinsOf(cancelled.trekkerId)).toMatchObject([{ place: points[0].name, method: "qr", refusedReason: "This card was cancelled." }]);
    expect((await checkinsOf(early.trekkerId)).map((c) => c.refusedReason)).toEqual([
      `This card is not valid yet: the trek starts on ${entry.replace(/-/g, "/")}.`,
      `This card is past its exit date (${addDays(entry, 4).replace(/-/g, "/")}).`,
    ]);
    // Counted as no check-in: no activation, no trail, not "scanned" for the card rules; but the checkpost held the card.
    expect(await trekkersWithCheckins([early.trekkerId, cancelled.trekkerId])).toEqual(new Set());
    expect(await trailsOf([early.trekkerId, cancelled.trekkerId])).toEqual(new Map());
    expect(await status(early.trekkerId)).toBe("Upcoming");
    expect((await cardEvents(early.trekkerId)).map((e) => e.action)).not.toContain("activate");
    expect(await hasScanned(checkpost.id, cancelled.trekkerId)).toBe(true);

    // A sighting a minute ago does not make the good check-in a repeat.
    expect(await scanCard(checkpost, { method: "qr", qr: early.qr }, { today: entry, now: at(62) })).toMatchObject({ outcome: "recorded", wrote: true });
    expect(await status(early.trekkerId)).toBe("Active");
    expect((await checkinsOf(early.trekkerId)).map((c) => c.refusedReason)).toEqual([expect.any(String), expect.any(String), null]);

    // The checkpost's Scanned Trekkers shows the refused scan, marked; the export says so in its own column.
    const rows = await scannedTrekkerSource(checkpost).page({ filters: {}, sort: { key: "at", desc: true } } as never, { offset: 0, limit: 50 });
    const mine = rows.filter((r) => r.trekkerId === cancelled.trekkerId);
    expect(mine).toMatchObject([{ refusedReason: "This card was cancelled.", cardNumber: cancelled.cardNumber }]);
    expect(checkLabel(mine[0])).toBe("Refused: This card was cancelled.");
    expect(rows.filter((r) => r.trekkerId === early.trekkerId).map((r) => checkLabel(r))).toEqual([
      "Check in",
      expect.stringMatching(/^Refused: This card is past/),
      expect.stringMatching(/^Refused: This card is not valid/),
    ]);
    const csv = Object.fromEntries(scannedTrekkersList.csv.columns.map((c) => [c.header, c.value(mine[0])]));
    expect(csv).toMatchObject({ Check: "Refused", "Refused Reason": "This card was cancelled." });
  });

  it("a resent refused scan records nothing; a check-in resent after the card was cancelled stays a repeat; a trekker's own try with a refused card is not kept", async () => {
    const { checkpost, route } = await makeTrail(2);
    const entry = inDays(0);
    const [card, other] = await trailCards(route.id, { count: 2, entry, exit: addDays(entry, 4) });
    const board = await makeUser({ userType: 4 });
    const clientId = `client-${card.trekkerId}-in`;
    expect((await scanCard(checkpost, { method: "qr", qr: card.qr, clientId })).outcome).toBe("recorded");
    await applyCardAction(board, "cancel", card.trekkerId, "Cancelled for the test");
    await applyCardAction(board, "cancel", other.trekkerId, "Cancelled for the test");
    expect(await scanCard(checkpost, { method: "qr", qr: card.qr, clientId })).toMatchObject({ outcome: "repeat", wrote: false });

    const refusedId = `client-${other.trekkerId}-r`;
    const later = new Date(Date.now() + 90 * 60_000);
    expect(await scanCard(checkpost, { method: "qr", qr: other.qr, clientId: refusedId })).toMatchObject({ outcome: "refused", wrote: true });
    // Outside the window, but the same submission: answered as before, nothing new.
    expect(await scanCard(checkpost, { method: "qr", qr: other.qr, clientId: refusedId }, { now: later })).toMatchObject({
      outcome: "refused",
      wrote: false,
      message: "This card was cancelled.",
    });
    expect(await checkinsOf(other.trekkerId)).toHaveLength(1);

    const throttle = selfCheckinThrottle(memoryStore());
    await expect(
      selfCheckin({ cardNumber: other.cardNumber, passport: other.passport, isCheckOut: false, place: "Chame Post" }, { throttle }),
    ).rejects.toMatchObject({ message: "This card was cancelled." });
    expect(await checkinsOf(other.trekkerId)).toHaveLength(1);
  });

  it("a checkpost with no checkpoint cannot scan", async () => {
    const bare = await makeUser({ userType: 5 });
    await expect(scanCard(bare, { method: "qr", qr: "x" })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/no checkpoint/) });
  });
});

describe("the trail and the sweep", () => {
  it("checked out or seen at the route's end is 'out'; seen elsewhere is 'seen'; the sweep completes, keeps and misses accordingly", async () => {
    const { checkpost, route, points } = await makeTrail(1);
    const end = await makeCheckpostAt(route.id, points[points.length - 1].id);
    const entry = inDays(0);
    const exit = addDays(entry, 2);
    const [atEnd, onTrail, selfOut, never] = await trailCards(route.id, { count: 4, entry, exit });
    await scanCard(end, { method: "qr", qr: atEnd.qr });
    await scanCard(checkpost, { method: "qr", qr: onTrail.qr });
    // Turned back at the end the day after the exit date: a refused scan there is no way off the trail.
    expect((await scanCard(end, { method: "qr", qr: onTrail.qr }, { today: addDays(exit, 1) })).outcome).toBe("refused");
    await selfCheckin(
      { cardNumber: selfOut.cardNumber, passport: selfOut.passport, isCheckOut: true, place: "Jomsom airport" },
      { throttle: selfCheckinThrottle(memoryStore()) },
    );
    const trails = await trailsOf([atEnd.trekkerId, onTrail.trekkerId, selfOut.trekkerId, never.trekkerId]);
    expect(Object.fromEntries(trails)).toEqual({ [atEnd.trekkerId]: "out", [onTrail.trekkerId]: "seen", [selfOut.trekkerId]: "out" });

    await sweepCards({ today: addDays(exit, 1), trail: trailsOf });
    expect(await status(atEnd.trekkerId)).toBe("Completed");
    expect(await status(selfOut.trekkerId)).toBe("Completed");
    expect(await status(onTrail.trekkerId)).toBe("Active");
    expect(await status(never.trekkerId)).toBe("Missed");
  });
});

describe("self check-in", () => {
  it("the pair opens step 1 with the route's places; a check-in at a listed place or a named one is recorded", async () => {
    const { route, points } = await makeTrail(0);
    const entry = inDays(0);
    const [card] = await trailCards(route.id, { entry, exit: addDays(entry, 3) });
    const throttle = selfCheckinThrottle(memoryStore());
    const step1 = await selfCheckinCard(card.cardNumber, card.passport, { throttle });
    expect(step1).toMatchObject({ trekkerId: card.trekkerId, fullName: card.fullName, places: points.map((p) => ({ name: p.name })) });
    expect(
      (await selfCheckin({ cardNumber: card.cardNumber, passport: card.passport, isCheckOut: false, place: points[1].name.toUpperCase() }, { throttle }))
        .outcome,
    ).toBe("recorded");
    expect(
      (await selfCheckin({ cardNumber: card.cardNumber, passport: card.passport, isCheckOut: false, place: "Tea house above Pisang" }, { throttle })).outcome,
    ).toBe("recorded");
    expect(await checkinsOf(card.trekkerId)).toMatchObject([
      { place: points[1].name, method: "self", direction: "in" },
      { place: "Tea house above Pisang", method: "self" },
    ]);
    await expect(selfCheckinCard(card.cardNumber, "WRONG", { throttle })).rejects.toMatchObject({
      message: "Please enter the correct card and passport number",
    });
  });

  it("wrong passports lock the card number for everyone; too many checks lock the address", async () => {
    const { route } = await makeTrail(0);
    const entry = inDays(0);
    const [card] = await trailCards(route.id, { entry, exit: addDays(entry, 3) });
    const throttle = selfCheckinThrottle(memoryStore(), { perAddress: 8, windowSeconds: 3600 });
    const guesses = passportGuessLimiter(memoryStore(), { wrongPerCard: 3, windowSeconds: 3600 });
    for (let i = 0; i < 3; i++) {
      await expect(selfCheckinCard(card.cardNumber, `GUESS${i}`, { throttle, guesses, ip: "198.51.100.7" })).rejects.toMatchObject({ status: 400 });
    }
    // Even the right passport, from another address, waits now.
    await expect(selfCheckinCard(card.cardNumber, card.passport, { throttle, guesses, ip: "203.0.113.9" })).rejects.toBeInstanceOf(TooManyWrongPassportsError);
    // The address: 8 checks of any cards, then refused.
    const other = selfCheckinThrottle(memoryStore(), { perAddress: 2, windowSeconds: 3600 });
    await expect(selfCheckinCard(123, "X", { throttle: other, ip: "192.0.2.1" })).rejects.toMatchObject({ status: 400 });
    await expect(selfCheckinCard(124, "X", { throttle: other, ip: "192.0.2.1" })).rejects.toMatchObject({ status: 400 });
    await expect(selfCheckinCard(125, "X", { throttle: other, ip: "192.0.2.1" })).rejects.toMatchObject({ status: 429 });
  });
});
