// A card for another trekking area at a checkpoint (issue 26, item 4): the checkpost is warned,
// naming the card's area, before anything is recorded; it records an off-route check-in (marked
// in the lists, the CSV and the trail) or refuses the card (kept as a refused scan).
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@lib/dates";
import { routeCheckpoints } from "@modules/trek-routes/index.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { inDays } from "../../tests/factories/dates";
import { makeRoute } from "../../tests/factories/registrations";
import { makeCheckpostAt, makeTrail, trailCards } from "../../tests/factories/checkins";
import { scanCard } from "./service.server";
import { syncOfflineScans } from "./offline-sync.server";
import { checkinsOf } from "./readers.server";
import { scannedTrekkerSource } from "./list-sources.server";
import { checkLabel } from "./scan-labels";

beforeAll(async () => {
  await prepareTestDatabase();
}, 60_000);

/** A Langtang checkpost, and a card of the Annapurna-like TRAIL route that runs today. */
async function strangerAtLangtang() {
  const { route } = await makeTrail(0);
  const langtang = await makeRoute("Langtang Valley", { checkpoints: [{ name: "Dhunche Gate" }, { name: "Kyanjin Post" }] });
  const [dhunche] = await routeCheckpoints(langtang.id);
  const checkpost = await makeCheckpostAt(langtang.id, dhunche.id);
  const today = inDays(0);
  const cards = await trailCards(route.id, { count: 3, entry: today, exit: addDays(today, 6) });
  return { route, checkpost, cards, today };
}

describe("a card for another trekking area", () => {
  it("is answered off-route, naming the card's area, and nothing is recorded until the checkpost decides", async () => {
    const { route, checkpost, cards, today } = await strangerAtLangtang();
    const asked = await scanCard(checkpost, { method: "qr", qr: cards[0].qr }, { today });
    expect(asked).toMatchObject({ outcome: "off-route", wrote: false, routeName: route.name });
    expect(asked.message).toContain(route.name);
    expect(asked.message).toContain("Dhunche Gate");
    expect(await checkinsOf(cards[0].trekkerId)).toEqual([]);
    // Typed cards are asked about the same way.
    const typed = await scanCard(checkpost, { method: "typed", cardNumber: cards[1].cardNumber, passport: cards[1].passport }, { today });
    expect(typed.outcome).toBe("off-route");
    expect(await checkinsOf(cards[1].trekkerId)).toEqual([]);
  });

  it("recorded: an off-route check-in, marked in Scanned Trekkers and the trail", async () => {
    const { route, checkpost, cards, today } = await strangerAtLangtang();
    const recorded = await scanCard(checkpost, { method: "qr", qr: cards[0].qr, offRoute: "record" }, { today });
    expect(recorded).toMatchObject({ outcome: "recorded", wrote: true, offRoute: true });
    expect(recorded.message).toBe(`Recorded as an off-route check-in (the card is for ${route.name}).`);
    const [row] = await checkinsOf(cards[0].trekkerId);
    expect(row).toMatchObject({ place: "Dhunche Gate", offRoute: true, refusedReason: null });
    expect(checkLabel(row)).toBe("Check in (off route)");
    const page = await scannedTrekkerSource(checkpost).page({ filters: {}, sort: { key: "at", desc: true } } as never, { offset: 0, limit: 10 });
    expect(page.find((r) => r.trekkerId === cards[0].trekkerId)).toMatchObject({ offRoute: true, refusedReason: null });
    // The same card again within the window is a repeat, not a second question.
    expect((await scanCard(checkpost, { method: "qr", qr: cards[0].qr }, { today })).outcome).toBe("repeat");
  });

  it("refused: kept as a refused scan that says why, once", async () => {
    const { route, checkpost, cards, today } = await strangerAtLangtang();
    const refused = await scanCard(checkpost, { method: "qr", qr: cards[0].qr, offRoute: "refuse" }, { today });
    expect(refused).toMatchObject({ outcome: "refused", wrote: true, message: `Refused at this checkpoint: the card is for ${route.name}.` });
    const again = await scanCard(checkpost, { method: "qr", qr: cards[0].qr, offRoute: "refuse" }, { today });
    expect(again).toMatchObject({ outcome: "refused", wrote: false });
    const rows = await checkinsOf(cards[0].trekkerId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ offRoute: false, refusedReason: refused.message });
  });

  it("a checkpoint of the card's own route, or one of the same name on another route, asks nothing", async () => {
    const { route, points } = await makeTrail(0);
    const today = inDays(0);
    const [card, other] = await trailCards(route.id, { count: 2, entry: today, exit: addDays(today, 6) });
    const own = await makeCheckpostAt(route.id, points[1].id);
    expect((await scanCard(own, { method: "qr", qr: card.qr }, { today })).outcome).toBe("recorded");
    // Another route through the same village ("Chame Post" on both).
    const { points: twinPoints, route: twin } = await makeTrail(1);
    const twinPost = await makeCheckpostAt(twin.id, twinPoints[2].id);
    const result = await scanCard(twinPost, { method: "qr", qr: other.qr }, { today });
    expect(result).toMatchObject({ outcome: "recorded", offRoute: false });
  });

  it("an offline batch keeps it as an off-route check-in and tells the checkpost so", async () => {
    const { route, checkpost, cards } = await strangerAtLangtang();
    const [result] = await syncOfflineScans(checkpost, [{ clientId: "offline-route-1", qr: cards[2].qr, method: "qr", scannedAt: new Date().toISOString() }]);
    expect(result).toMatchObject({ outcome: "recorded", message: `Recorded as an off-route check-in (the card is for ${route.name}).` });
    expect(await checkinsOf(cards[2].trekkerId)).toMatchObject([{ offRoute: true }]);
  });
});
