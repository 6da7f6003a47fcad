import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { issuedCards, makeCardGenerator, trekkerIdsOf } from "../../tests/factories/cards";
import { pendingPayment, settlePayment } from "../../tests/factories/payments";
import { makeRegistration, makeRoute, trek, trekkerNames } from "../../tests/factories/registrations";
import { makeUser, type Actor } from "../../tests/factories/users";
import { cardEvents } from "./card-events.server";
import { cardLifecycleFields } from "./card-store.server";
import { markCardsUnpaid } from "./issue.server";
import { generateCards } from "./lifecycle.server";
import { sweepCards } from "./sweeper.server";

// Every move of the transition table writes its card_events row in its own transaction, so a
// card's history starts where the card does. These fail if a move stops logging.

let routeId = 0;
let agency: Actor;
let generator: Actor;

beforeAll(async () => {
  await prepareTestDatabase();
  routeId = (await makeRoute("Events Route")).id;
  agency = await makeUser({ userType: 2 });
  generator = await makeCardGenerator();
});

const statusOf = async (id: number) => (await cardLifecycleFields([id])).get(id)!.status;

describe("card_events rows", () => {
  it("issue via settle: a paid card's history starts at its issue, a system move", async () => {
    const p = await pendingPayment(routeId, { count: 2 });
    expect(await settlePayment(p)).toBe("issued");
    for (const id of await trekkerIdsOf(p.regId)) {
      expect(await cardEvents(id)).toMatchObject([{ action: "issue", fromStatus: "Payment Pending", toStatus: "Upcoming", userId: null, ip: null }]);
    }
    // A replay issues nothing and logs nothing.
    expect(await settlePayment(p)).toBe("already");
    for (const id of await trekkerIdsOf(p.regId)) expect(await cardEvents(id)).toHaveLength(1);
  });

  it("markUnpaid logs each card that changes status, and nothing when nothing moves", async () => {
    const { regId } = await makeRegistration(agency, routeId, { trekkers: trekkerNames(2) });
    const ids = await trekkerIdsOf(regId);
    expect(await markCardsUnpaid(regId, "Payment Failure")).toBe(true);
    for (const id of ids)
      expect(await cardEvents(id)).toMatchObject([{ action: "markUnpaid", fromStatus: "Payment Pending", toStatus: "Payment Failure", userId: null }]);
    // A second failure answer: the registration is still payable, but no card moves.
    expect(await markCardsUnpaid(regId, "Payment Failure")).toBe(true);
    expect(await cardEvents(ids[0])).toHaveLength(1);
    // Voucher sent, then rejected.
    expect(await markCardsUnpaid(regId, "Pending")).toBe(true);
    expect(await markCardsUnpaid(regId, "Rejected")).toBe(true);
    expect((await cardEvents(ids[1])).map((e) => `${e.action}:${e.fromStatus}>${e.toStatus}`)).toEqual([
      "markUnpaid:Payment Pending>Payment Failure",
      "markUnpaid:Payment Failure>Pending",
      "markUnpaid:Pending>Rejected",
    ]);
    expect(await statusOf(ids[1])).toBe("Rejected");
  });

  it("markUnpaid refuses what the table refuses and writes nothing", async () => {
    const { regId } = await makeRegistration(agency, routeId);
    const [id] = await trekkerIdsOf(regId);
    // A rejected voucher only from Pending.
    expect(await markCardsUnpaid(regId, "Rejected")).toBe(false);
    const paid = await issuedCards(agency, generator, routeId);
    // A late failure answer for a registration that is issued by now changes nothing.
    expect(await markCardsUnpaid(paid.regId, "Payment Failure")).toBe(false);
    expect(await statusOf(id)).toBe("Payment Pending");
    expect(await cardEvents(id)).toEqual([]);
    expect((await cardEvents(paid.trekkerIds[0])).map((e) => e.action)).toEqual(["generate"]);
  });

  it("generate logs the grant holder's move, with the address", async () => {
    const { regId } = await makeRegistration(agency, routeId);
    const [id] = await trekkerIdsOf(regId);
    await generateCards(generator, regId, { announce: false, ip: "203.0.113.5" });
    expect(await cardEvents(id)).toMatchObject([{ action: "generate", fromStatus: "Payment Pending", userId: generator.id, ip: "203.0.113.5" }]);
  });

  it("a sweeper move logs a system row", async () => {
    const { trekkerIds } = await issuedCards(agency, generator, routeId, { trek: trek(routeId, "2042-05-01", "2042-05-09"), today: "2042-04-01" });
    await sweepCards({ today: "2042-05-02" });
    expect((await cardEvents(trekkerIds[0])).map((e) => ({ action: e.action, from: e.fromStatus, to: e.toStatus, userId: e.userId }))).toEqual([
      { action: "generate", from: "Payment Pending", to: "Upcoming", userId: generator.id },
      { action: "activate", from: "Upcoming", to: "Active", userId: null },
    ]);
  });
});
