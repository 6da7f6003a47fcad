// Issue 18: a card's new QR (its signed claims) checks in online like the first format; the
// scans a checkpost kept offline are recorded once each, at their own time, a resent batch
// records nothing new, a refused card is kept once as a refused scan (ADR 0028), another account's
// replay of the same client ids is a conflict. The revocation list.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { applyCardAction, cardKeySet, parseCardQr, revocationList, revokedCardNumbers } from "@modules/cards/index.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { inDays } from "../../tests/factories/dates";
import { makeUser } from "../../tests/factories/users";
import { makeCheckpostAt, makeTrail, trailCards } from "../../tests/factories/checkins";
import { scanCard } from "./service.server";
import { checkinsOf, trailsOf } from "./readers.server";
import { offlineScanTime, syncOfflineScans } from "./offline-sync.server";
import { countStatements } from "../../db/statements.server";

beforeAll(async () => {
  await prepareTestDatabase();
}, 60_000);

describe("offline check-ins", () => {
  it("a new card's QR names the card by number with its claims and checks in online", async () => {
    const { checkpost, route } = await makeTrail(0);
    const [card] = await trailCards(route.id, { entry: inDays(0), exit: inDays(3) });
    const parsed = parseCardQr(card.cardQr)!;
    expect(parsed.claims).toMatchObject({
      cardNumber: card.cardNumber,
      fullName: card.fullName,
      route: route.name,
      validFrom: inDays(0),
      validTo: inDays(3),
      kid: cardKeySet().keys[0].kid,
    });
    expect(await scanCard(checkpost, { method: "qr", qr: card.cardQr })).toMatchObject({ outcome: "recorded", trekkerId: card.trekkerId });
    await expect(scanCard(checkpost, { method: "qr", qr: card.cardQr.replace(card.fullName, "Someone Else") })).rejects.toMatchObject({
      message: "Invalid QR Code",
    });
  });

  it("records each kept scan once at its own time; a replay records nothing; revoked and forged ones are answered", async () => {
    const { checkpost, route, points } = await makeTrail(1);
    // Issued three hours ago: a scan is judged by the card as it was at its moment too, and a card
    // is never scanned before it was issued.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() - 3 * 3600_000);
    const [a, b, revoked] = await trailCards(route.id, { count: 3, entry: inDays(-1), exit: inDays(3) });
    vi.useRealTimers();
    await applyCardAction(await makeUser({ userType: 4 }), "cancel", revoked.trekkerId, "Permit withdrawn");
    const now = new Date();
    // Whole seconds: MariaDB keeps no milliseconds.
    const earlier = new Date(Math.floor(now.getTime() / 1000) * 1000 - 2 * 3600_000);
    const batch = [
      { clientId: "offline-a-0001", qr: a.cardQr, method: "photo" as const, scannedAt: earlier.toISOString() },
      { clientId: "offline-b-0001", qr: b.qr, method: "qr" as const, scannedAt: now.toISOString() },
      { clientId: "offline-r-0001", qr: revoked.cardQr, method: "qr" as const, scannedAt: now.toISOString() },
      { clientId: "offline-x-0001", qr: "TIMS2|forged", method: "qr" as const, scannedAt: now.toISOString() },
    ];
    const first = await syncOfflineScans(checkpost, batch, { now });
    expect(first.map((r) => r.outcome)).toEqual(["recorded", "recorded", "refused", "invalid"]);
    expect(first[2]).toMatchObject({ message: "This card was cancelled.", fullName: revoked.fullName });
    const [rowA] = await checkinsOf(a.trekkerId);
    expect(rowA).toMatchObject({ place: points[1].name, method: "photo" });
    expect(rowA.at.getTime()).toBe(earlier.getTime());

    // The refused card is kept once, marked, at the place and time of its scan: a sighting, not a check-in.
    expect(await checkinsOf(revoked.trekkerId)).toMatchObject([{ place: points[1].name, refusedReason: "This card was cancelled." }]);
    expect(await trailsOf([a.trekkerId, b.trekkerId, revoked.trekkerId])).toEqual(
      new Map([
        [a.trekkerId, "seen"],
        [b.trekkerId, "seen"],
      ]),
    );

    const again = await syncOfflineScans(checkpost, batch, { now });
    expect(again.map((r) => r.outcome)).toEqual(["repeat", "repeat", "refused", "invalid"]);
    expect(again[2].message).toBe("This card was cancelled.");
    const counts = async () => Promise.all([a, b, revoked].map(async (c) => (await checkinsOf(c.trekkerId)).length));
    expect(await counts()).toEqual([1, 1, 1]);
    // Another checkpost replaying the same client ids: a conflict each, nothing recorded at its checkpoint.
    const other = await makeCheckpostAt(route.id, points[2].id);
    expect((await syncOfflineScans(other, batch, { now })).map((r) => r.outcome)).toEqual(["invalid", "invalid", "invalid", "invalid"]);
    expect((await syncOfflineScans(other, batch.slice(2, 3), { now }))[0].message).toBe("This scan was already sent by another account; nothing was recorded.");
    expect(await counts()).toEqual([1, 1, 1]);
  });

  it("records a batch in one transaction, and a batch sent twice at once records each scan once", async () => {
    const { checkpost, route } = await makeTrail(3);
    const cards = await trailCards(route.id, { count: 6, entry: inDays(0), exit: inDays(3) });
    const now = new Date();
    const batch = (tag: string) =>
      cards.map((c, i) => ({ clientId: `one-tx-${tag}-${i}`, qr: i === 4 ? "TIMS2|forged" : c.cardQr, method: "qr" as const, scannedAt: now.toISOString() }));
    const { result, statements } = await countStatements(() => syncOfflineScans(checkpost, batch("a"), { now }));
    // The forged one is that scan's answer, not the batch's.
    expect(result.map((r) => r.outcome)).toEqual(["recorded", "recorded", "recorded", "recorded", "invalid", "recorded"]);
    expect(statements.filter((s) => /^(BEGIN|START TRANSACTION)/i.test(s.sql.trim()))).toHaveLength(1);
    expect(statements.filter((s) => /^COMMIT/i.test(s.sql.trim()))).toHaveLength(1);

    // A device that lost the answer sends the batch again while the first is still being recorded.
    const [first, second] = await Promise.all([syncOfflineScans(checkpost, batch("b"), { now }), syncOfflineScans(checkpost, batch("b"), { now })]);
    for (let i = 0; i < cards.length; i++) {
      if (i === 4) continue;
      // Within the repeat window of batch a: every scan is a repeat of it, however the two raced.
      expect([first[i].outcome, second[i].outcome]).toEqual(["repeat", "repeat"]);
    }
    const rows = await Promise.all(cards.map(async (c) => (await checkinsOf(c.trekkerId)).length));
    expect(rows).toEqual([1, 1, 1, 1, 0, 1]);
  });

  it("believes the device's clock only when plausible", () => {
    const now = new Date("2026-11-26T06:00:00Z");
    expect(offlineScanTime("2026-11-25T06:00:00Z", now).toISOString()).toBe("2026-11-25T06:00:00.000Z");
    expect(offlineScanTime("2026-11-27T06:00:00Z", now)).toBe(now);
    expect(offlineScanTime("2026-10-01T06:00:00Z", now)).toBe(now);
    expect(offlineScanTime("garbage", now)).toBe(now);
  });

  it("the revocation list holds cancelled and returned cards, not good ones", async () => {
    const { route } = await makeTrail(0);
    const [good, cancelled] = await trailCards(route.id, { count: 2, entry: inDays(2), exit: inDays(5) });
    await applyCardAction(await makeUser({ userType: 4 }), "cancel", cancelled.trekkerId, "Permit withdrawn");
    const numbers = await revokedCardNumbers();
    expect(numbers).toContain(cancelled.cardNumber);
    expect(numbers).not.toContain(good.cardNumber);
    expect((await revocationList()).cards).toContainEqual({ cardNumber: cancelled.cardNumber, status: "Cancelled" });
    // Once the trek has ended the card's own dates refuse it: the list drops it (a day's margin).
    const exit = new Date(`${inDays(5)}T12:00:00+05:45`);
    const dayAfter = new Date(exit.getTime() + 24 * 3600_000);
    const twoDaysAfter = new Date(exit.getTime() + 2 * 24 * 3600_000);
    expect(await revokedCardNumbers(dayAfter)).toContain(cancelled.cardNumber);
    expect(await revokedCardNumbers(twoDaysAfter)).not.toContain(cancelled.cardNumber);
    expect((await revocationList(twoDaysAfter)).cards.map((c) => c.cardNumber)).not.toContain(cancelled.cardNumber);
  });
});
