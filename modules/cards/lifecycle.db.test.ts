import { beforeAll, describe, expect, it } from "vitest";
import { JobRow } from "../../jobs/job-store.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { person } from "../../tests/factories/registrations";
import { makeUser } from "../../tests/factories/users";
import { createRoute } from "@modules/trek-routes/index.server";
import { cardLifecycleFields } from "./card-store.server";
import { cardNumbersOf, registrationForPayment } from "@modules/registration/index.server";
import { markCardsUnpaid } from "./issue.server";
import { addTrekker, createRegistration, lockPrice } from "@modules/registration/index.server";
import { CardNotFoundError, CardPermissionError, CardReasonError, CardTransitionError, isCancelled } from "./lifecycle";
import { cancelCard, cardEvents, decideCardReturn, deleteTrekkerCard, generateCards, returnCard, type CardActor, type CheckinLookup } from "./lifecycle.server";

// Treks from 10 to 20 March 2030; "today" is injected.
const TREK = { entryDate: "2030-03-10", exitDate: "2030-03-20", entryPoint: "Besisahar", exitPoint: "Jomsom" };
const BEFORE = "2030-03-01";
const DURING = "2030-03-15";
const AFTER = "2030-03-25";
const REASON = "Trekker asked us to cancel";

let routeId = 0;
const actors = {} as Record<"ntb" | "generator" | "taan" | "agency" | "otherAgency" | "fit" | "checkpost", CardActor>;

async function actor(userType: number, grants: string[] = []): Promise<CardActor> {
  const { id } = await makeUser({ userType, grants: grants as "generateCard"[] });
  return { id, userType, grants };
}

/** An unpaid registration of `owner` with `count` trekkers; returns its id and trekker ids. */
async function unpaid(owner: CardActor, count = 1): Promise<{ regId: number; trekkerIds: number[] }> {
  const regId = await createRegistration(owner, { routeId, ...TREK }, person("First"), "k");
  for (let i = 1; i < count; i++) await addTrekker(regId, owner, person(`Trekker ${i}`), "k");
  const cards = await cardNumbersOf(regId);
  return { regId, trekkerIds: cards.map((c) => c.trekkerId) };
}

/** An issued card (generated before the entry date: Upcoming). */
async function issued(owner = actors.agency, count = 1, today = BEFORE) {
  const r = await unpaid(owner, count);
  await generateCards(actors.generator, r.regId, { today, announce: false });
  return r;
}

const statusOf = async (trekkerId: number) => (await cardLifecycleFields([trekkerId])).get(trekkerId)!;
const scannedAll: CheckinLookup = async (ids) => new Set(ids);

async function refusal(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected a refusal");
}

beforeAll(async () => {
  await prepareTestDatabase();
  routeId = await createRoute({
    name: `Card Route ${Date.now()}`,
    provinceId: 4,
    startPoint: "Besisahar",
    endPoint: "Jomsom",
    checkpoints: [],
    description: "<p>x</p>",
  });
  actors.ntb = await actor(4);
  actors.generator = await actor(4, ["generateCard"]);
  actors.taan = await actor(6);
  actors.agency = await actor(2);
  actors.otherAgency = await actor(2);
  actors.fit = await actor(1);
  actors.checkpost = await actor(5);
});

describe("generate card", () => {
  it("issues unique consecutive numbers without payment, Upcoming before the entry date, logged", async () => {
    const { regId, trekkerIds } = await unpaid(actors.agency, 3);
    const result = await generateCards(actors.generator, regId, { today: BEFORE, ip: "10.0.0.9", announce: false });
    expect(result.message).toBe("Card generated successfully");
    expect(result.status).toBe("Upcoming");
    expect(result.cards.map((c) => c.trekkerId)).toEqual(trekkerIds);
    const numbers = result.cards.map((c) => c.cardNumber);
    expect(numbers[1] - numbers[0]).toBe(1);
    expect(numbers[2] - numbers[1]).toBe(1);
    const cards = await cardNumbersOf(regId);
    expect(cards.map((c) => c.cardNumber)).toEqual(numbers);
    for (const id of trekkerIds) expect((await statusOf(id)).status).toBe("Upcoming");
    expect((await registrationForPayment(regId))!.status).toBe("Upcoming");
    const events = await cardEvents(trekkerIds[0]);
    expect(events).toMatchObject([{ action: "generate", fromStatus: "Payment Pending", toStatus: "Upcoming", userId: actors.generator.id, ip: "10.0.0.9" }]);
  });

  it("queues the issued-cards e-mails in its own transaction, as a payment does", async () => {
    const { regId } = await unpaid(actors.agency);
    const queued = async () =>
      (await JobRow.findAll({ where: { name: "cards.issued", status: "queued" } })).filter((j) => JSON.parse(j.data)?.registrationId === regId);
    await generateCards(actors.generator, regId, { today: BEFORE });
    expect(await queued()).toHaveLength(1);
    // A refused second generate rolls back and queues nothing.
    await expect(generateCards(actors.generator, regId, { today: BEFORE })).rejects.toBeInstanceOf(CardTransitionError);
    expect(await queued()).toHaveLength(1);
  });

  it("issues Active from the entry date on, and from Payment Failure", async () => {
    const { regId, trekkerIds } = await unpaid(actors.agency);
    expect(await markCardsUnpaid(regId, "Payment Failure")).toBe(true);
    const result = await generateCards(actors.generator, regId, { today: TREK.entryDate, announce: false });
    expect(result.status).toBe("Active");
    expect((await statusOf(trekkerIds[0])).status).toBe("Active");
  });

  it("is refused twice, for Pending, without the grant, and for unknown registrations", async () => {
    const { regId } = await issued();
    expect(await refusal(generateCards(actors.generator, regId, { today: BEFORE, announce: false }))).toEqual(
      new CardTransitionError("A card in status Upcoming can not be generated."),
    );
    const pending = await unpaid(actors.agency);
    await markCardsUnpaid(pending.regId, "Pending");
    expect((await refusal(generateCards(actors.generator, pending.regId))).message).toBe("A card in status Pending can not be generated.");
    for (const who of [actors.ntb, actors.taan, actors.agency, actors.fit, actors.checkpost]) {
      expect(await refusal(generateCards(who, pending.regId))).toBeInstanceOf(CardPermissionError);
    }
    expect(await refusal(generateCards(actors.generator, 987654))).toBeInstanceOf(CardNotFoundError);
    expect((await cardNumbersOf(pending.regId))[0].cardNumber).toBeNull();
  });

  it("racing generations never share a number, and one registration is issued once", async () => {
    const regs = [];
    for (let i = 0; i < 6; i++) regs.push(await unpaid(actors.agency, 2));
    const results = await Promise.all(regs.map((r) => generateCards(actors.generator, r.regId, { today: BEFORE, announce: false })));
    const numbers = results.flatMap((r) => r.cards.map((c) => c.cardNumber)).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(12);
    expect(numbers[11] - numbers[0]).toBe(11);

    const one = await unpaid(actors.agency, 2);
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => generateCards(actors.generator, one.regId, { today: BEFORE, announce: false })));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    for (const o of outcomes) if (o.status === "rejected") expect(o.reason).toBeInstanceOf(CardTransitionError);
    expect((await cardNumbersOf(one.regId)).every((c) => c.cardNumber !== null)).toBe(true);
  });
});

describe("cancel", () => {
  it("board only, 10+ characters, then Cancelled with its reason and a log entry", async () => {
    const {
      trekkerIds: [id],
    } = await issued();
    for (const who of [actors.taan, actors.agency, actors.fit, actors.checkpost]) {
      expect(await refusal(cancelCard(who, id, REASON))).toBeInstanceOf(CardPermissionError);
    }
    expect(await refusal(cancelCard(actors.ntb, id, "too short"))).toEqual(new CardReasonError("Minimum 10 character is required"));
    expect((await statusOf(id)).status).toBe("Upcoming");
    const result = await cancelCard(actors.ntb, id, `  ${REASON}  `, { ip: "192.0.2.1" });
    expect(result).toMatchObject({ fromStatus: "Upcoming", toStatus: "Cancelled", message: "Card cancelled successfully" });
    const fields = await statusOf(id);
    expect(isCancelled(fields.status)).toBe(true);
    expect(fields.cancelReason).toBe(REASON);
    expect(fields.cancelledAt).toBeInstanceOf(Date);
    expect((await cardEvents(id)).at(-1)).toMatchObject({
      action: "cancel",
      fromStatus: "Upcoming",
      toStatus: "Cancelled",
      reason: REASON,
      userId: actors.ntb.id,
      ip: "192.0.2.1",
    });
    expect((await refusal(cancelCard(actors.ntb, id, REASON))).message).toBe("A card in status Cancelled can not be cancelled.");
  });

  it("is refused for unpaid cards and unknown ids", async () => {
    const {
      trekkerIds: [id],
    } = await unpaid(actors.agency);
    expect((await refusal(cancelCard(actors.ntb, id, REASON))).message).toBe("A card in status Payment Pending can not be cancelled.");
    expect(await refusal(cancelCard(actors.ntb, 99999999, REASON))).toBeInstanceOf(CardNotFoundError);
  });
});

describe("delete", () => {
  it("an agency deletes its own unpaid trekker into a deleted record", async () => {
    const { regId, trekkerIds } = await unpaid(actors.agency, 2);
    await lockPrice(regId, actors.agency);
    const [gone, kept] = trekkerIds;
    for (const who of [actors.ntb, actors.taan, actors.fit, actors.checkpost, actors.generator]) {
      expect(await refusal(deleteTrekkerCard(who, gone, REASON))).toBeInstanceOf(CardPermissionError);
    }
    expect(await refusal(deleteTrekkerCard(actors.otherAgency, gone, REASON))).toBeInstanceOf(CardNotFoundError);
    expect((await refusal(deleteTrekkerCard(actors.agency, gone, "short"))).message).toBe("Minimum 10 character is required");
    const result = await deleteTrekkerCard(actors.agency, gone, "Trekker is not coming any more", { ip: "198.51.100.7" });
    expect(result).toMatchObject({ fromStatus: "Payment Pending", toStatus: "Payment Pending", message: "Trekker deleted successfully" });
    const fields = await statusOf(gone);
    expect(fields).toMatchObject({
      status: "Payment Pending",
      deleteRemarks: "Trekker is not coming any more",
      deletedBy: actors.agency.id,
      deletedIp: "198.51.100.7",
    });
    expect(fields.deletedAt).toBeInstanceOf(Date);
    expect((await statusOf(kept)).deletedAt).toBeNull();
    // The price is worked out afresh when payment starts again.
    expect((await registrationForPayment(regId))!.totalPaisa).toBeNull();
    expect((await refusal(deleteTrekkerCard(actors.agency, gone, REASON))).message).toBe("A deleted card can not be deleted.");
    expect((await cardEvents(gone)).at(-1)).toMatchObject({
      action: "delete",
      reason: "Trekker is not coming any more",
      userId: actors.agency.id,
      ip: "198.51.100.7",
    });
    // A card generated afterwards goes to the remaining trekker only.
    const gen = await generateCards(actors.generator, regId, { today: BEFORE, announce: false });
    expect(gen.cards.map((c) => c.trekkerId)).toEqual([kept]);
    expect((await statusOf(gone)).cardNumber).toBeNull();
  });

  it("works from Rejected and Payment Failure, not from issued cards", async () => {
    const rejected = await unpaid(actors.agency);
    await markCardsUnpaid(rejected.regId, "Pending");
    await markCardsUnpaid(rejected.regId, "Rejected");
    expect((await refusal(deleteTrekkerCard(actors.agency, rejected.trekkerIds[0], "short"))).message).toBe("Minimum 10 character is required");
    expect((await deleteTrekkerCard(actors.agency, rejected.trekkerIds[0], REASON)).fromStatus).toBe("Rejected");
    const failed = await unpaid(actors.agency);
    await markCardsUnpaid(failed.regId, "Payment Failure");
    expect((await deleteTrekkerCard(actors.agency, failed.trekkerIds[0], REASON)).fromStatus).toBe("Payment Failure");
    const live = await issued();
    expect((await refusal(deleteTrekkerCard(actors.agency, live.trekkerIds[0], REASON))).message).toBe("A card in status Upcoming can not be deleted.");
  });

  it("deleted records refuse every other move", async () => {
    const {
      regId,
      trekkerIds: [id],
    } = await unpaid(actors.agency);
    await deleteTrekkerCard(actors.agency, id, REASON);
    expect((await refusal(generateCards(actors.generator, regId))).message).toBe("A deleted card can not be generated.");
    expect((await refusal(cancelCard(actors.ntb, id, REASON))).message).toBe("A deleted card can not be cancelled.");
    expect((await refusal(returnCard(actors.ntb, id))).message).toBe("A deleted card can not be returned.");
  });
});

describe("return", () => {
  it("the holder returns, TAAN approves; decided once", async () => {
    const {
      trekkerIds: [id],
    } = await issued(actors.agency);
    expect(await refusal(returnCard(actors.otherAgency, id))).toBeInstanceOf(CardNotFoundError);
    expect(await refusal(returnCard(actors.fit, id))).toBeInstanceOf(CardNotFoundError);
    const r = await returnCard(actors.agency, id, "Trip called off", { today: BEFORE });
    expect(r).toMatchObject({ fromStatus: "Upcoming", toStatus: "Returned", message: "Card status updated successfully" });
    expect(await statusOf(id)).toMatchObject({ status: "Returned", returnState: "requested", isCardReturned: true, returnReason: "Trip called off" });
    for (const who of [actors.agency, actors.fit, actors.checkpost]) {
      expect(await refusal(decideCardReturn(who, id, true))).toBeInstanceOf(CardPermissionError);
    }
    const a = await decideCardReturn(actors.taan, id, true, "Card handed back", { today: BEFORE });
    expect(a).toMatchObject({ action: "approveReturn", fromStatus: "Returned", toStatus: "Returned" });
    expect(await statusOf(id)).toMatchObject({ status: "Returned", returnState: "approved", isCardReturned: true, returnRemarks: "Card handed back" });
    expect((await refusal(decideCardReturn(actors.ntb, id, false))).message).toBe("The return of this card has already been decided.");
    expect((await cardEvents(id)).map((e) => e.action)).toEqual(["generate", "return", "approveReturn"]);
  });

  it("board returns, board rejects: the card goes back to what its dates say", async () => {
    const {
      trekkerIds: [id],
    } = await issued();
    await returnCard(actors.ntb, id, null, { today: BEFORE });
    const r = await decideCardReturn(actors.ntb, id, false, null, { today: DURING });
    expect(r).toMatchObject({ action: "rejectReturn", fromStatus: "Returned", toStatus: "Active" });
    expect(await statusOf(id)).toMatchObject({ status: "Active", returnState: "rejected", isCardReturned: false });
    // Returnable again; rejected after the trek without check-ins: Missed.
    await returnCard(actors.ntb, id, null, { today: DURING });
    expect((await decideCardReturn(actors.taan, id, false, null, { today: AFTER })).toStatus).toBe("Missed");
  });

  it("TAAN returns no card, and decides returns of agencies' cards only (issue 26)", async () => {
    const {
      trekkerIds: [agencyCard],
    } = await issued(actors.agency);
    const {
      trekkerIds: [fitCard],
    } = await issued(actors.fit);
    for (const id of [agencyCard, fitCard]) expect(await refusal(returnCard(actors.taan, id, null, { today: BEFORE }))).toBeInstanceOf(CardPermissionError);
    await returnCard(actors.fit, fitCard, "Plans changed", { today: BEFORE });
    expect(await refusal(decideCardReturn(actors.taan, fitCard, true, null, { today: BEFORE }))).toBeInstanceOf(CardNotFoundError);
    expect(await statusOf(fitCard)).toMatchObject({ status: "Returned", returnState: "requested" });
    expect((await decideCardReturn(actors.ntb, fitCard, true, null, { today: BEFORE })).action).toBe("approveReturn");
  });

  it("not when scanned", async () => {
    const {
      trekkerIds: [id],
    } = await issued();
    expect((await refusal(returnCard(actors.ntb, id, null, { hasCheckins: scannedAll }))).message).toBe(
      "A card that has been scanned at a checkpoint can not be returned.",
    );
    await returnCard(actors.ntb, id, null, { today: DURING });
    expect(await refusal(decideCardReturn(actors.taan, id, true, null, { hasCheckins: scannedAll }))).toBeInstanceOf(CardTransitionError);
    expect((await decideCardReturn(actors.taan, id, false, null, { today: AFTER, hasCheckins: scannedAll })).toStatus).toBe("Completed");
  });

  it("only Upcoming or Active cards", async () => {
    const unpaidCard = await unpaid(actors.agency);
    expect((await refusal(returnCard(actors.agency, unpaidCard.trekkerIds[0]))).message).toBe("A card in status Payment Pending can not be returned.");
    const {
      trekkerIds: [id],
    } = await issued();
    await cancelCard(actors.ntb, id, REASON);
    expect((await refusal(returnCard(actors.ntb, id))).message).toBe("A card in status Cancelled can not be returned.");
  });

  it("two deciders at once: one wins", async () => {
    const {
      trekkerIds: [id],
    } = await issued();
    await returnCard(actors.ntb, id);
    const outcomes = await Promise.allSettled([decideCardReturn(actors.ntb, id, true), decideCardReturn(actors.taan, id, false, null, { today: DURING })]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const rejected = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(CardTransitionError);
  });
});
