import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { person } from "../../tests/factories/registrations";
import { makeUser } from "../../tests/factories/users";
import { closeQueue, drainQueue, startJobs } from "../../jobs/queue.server";
import { jobHandlers } from "~/composition.server";
import { createRoute } from "@modules/trek-routes/index.server";
import { cardLifecycleFields } from "./card-store.server";
import { cardNumbersOf, registrationForPayment } from "@modules/registration/index.server";
import { addTrekker, createRegistration } from "@modules/registration/index.server";
import { cancelCard, cardEvents, deleteTrekkerCard, generateCards, returnCard, type CardActor, type TrailLookup } from "./lifecycle.server";
import { sweepCards, SWEEP_JOB } from "./sweeper.server";

let routeId = 0;
let agency: CardActor;
let board: CardActor;

async function issuedTrek(entryDate: string, exitDate: string, count: number, issuedOn = "2040-01-01"): Promise<{ regId: number; ids: number[] }> {
  const regId = await createRegistration(agency, { routeId, entryDate, exitDate, entryPoint: "Besisahar", exitPoint: "Jomsom" }, person("First"), "k");
  for (let i = 1; i < count; i++) await addTrekker(regId, agency, person(`T${i}`), "k");
  await generateCards(board, regId, { today: issuedOn, announce: false });
  return { regId, ids: (await cardNumbersOf(regId)).map((c) => c.trekkerId) };
}
const status = async (id: number) => (await cardLifecycleFields([id])).get(id)!.status;
const regStatus = async (id: number) => (await registrationForPayment(id))!.status;

beforeAll(async () => {
  await prepareTestDatabase();
  routeId = await createRoute({
    name: `Sweep Route ${Date.now()}`,
    provinceId: 4,
    startPoint: "Besisahar",
    endPoint: "Jomsom",
    checkpoints: [],
    description: "<p>x</p>",
  });
  const a = await makeUser({ userType: 2, fullName: "Agency" });
  const b = await makeUser({ userType: 4, fullName: "Board", grants: ["generateCard"] });
  agency = { id: a.id, userType: 2, grants: [] };
  board = { id: b.id, userType: 4, grants: ["generateCard"] };
});

describe("the daily sweep on fixed dates", () => {
  it("Upcoming → Active on the entry date; Active → Completed or Missed after the exit date, by check-ins", async () => {
    // Trek A: 1-10 Feb 2041, three trekkers; trek B: 5-6 Feb 2041, one trekker, cancelled.
    const a = await issuedTrek("2041-02-01", "2041-02-10", 3);
    const b = await issuedTrek("2041-02-05", "2041-02-06", 1);
    await cancelCard(board, b.ids[0], "Board cancelled this card");
    // An unpaid registration expires once its trek is over (issue 25); a deleted record is never swept.
    const unpaidReg = await createRegistration(
      agency,
      { routeId, entryDate: "2041-02-01", exitDate: "2041-02-10", entryPoint: "Besisahar", exitPoint: "Jomsom" },
      person("U"),
      "k",
    );
    const [unpaidId] = (await cardNumbersOf(unpaidReg)).map((c) => c.trekkerId);
    const deletedReg = await createRegistration(
      agency,
      { routeId, entryDate: "2041-02-01", exitDate: "2041-02-10", entryPoint: "Besisahar", exitPoint: "Jomsom" },
      person("D"),
      "k",
    );
    const [deletedId] = (await cardNumbersOf(deletedReg)).map((c) => c.trekkerId);
    await deleteTrekkerCard(agency, deletedId, "Not travelling after all");

    for (const id of a.ids) expect(await status(id)).toBe("Upcoming");
    expect(await sweepCards({ today: "2041-01-31", batchSize: 2 })).toEqual({
      today: "2041-01-31",
      activated: 0,
      completed: 0,
      missed: 0,
      expired: 0,
      registrations: 0,
    });
    expect(await status(a.ids[0])).toBe("Upcoming");

    expect(await sweepCards({ today: "2041-02-01", batchSize: 2 })).toEqual({
      today: "2041-02-01",
      activated: 3,
      completed: 0,
      missed: 0,
      expired: 0,
      registrations: 1,
    });
    for (const id of a.ids) expect(await status(id)).toBe("Active");
    expect(await regStatus(a.regId)).toBe("Active");
    // Running again the same day changes nothing.
    expect(await sweepCards({ today: "2041-02-01" })).toMatchObject({ activated: 0, completed: 0, missed: 0, registrations: 0 });
    // The exit day is still part of the trek.
    expect(await sweepCards({ today: "2041-02-10" })).toMatchObject({ activated: 0, completed: 0, missed: 0, expired: 0 });
    expect(await status(unpaidId)).toBe("Payment Pending");

    // a.ids[1] checked out; a.ids[2] checked in and never out; a.ids[0] was never seen.
    const trail: TrailLookup = async (ids) => {
      const seen = new Map<number, "seen" | "out">([
        [a.ids[1], "out"],
        [a.ids[2], "seen"],
      ]);
      return new Map(ids.flatMap((id) => (seen.has(id) ? [[id, seen.get(id)!] as const] : [])));
    };
    // Registrations: trek A completed; the unpaid one and the one whose only trekker was deleted expired.
    expect(await sweepCards({ today: "2041-02-11", trail, batchSize: 2 })).toEqual({
      today: "2041-02-11",
      activated: 0,
      completed: 1,
      missed: 1,
      expired: 1,
      registrations: 3,
    });
    expect(await status(a.ids[0])).toBe("Missed");
    expect(await status(a.ids[1])).toBe("Completed");
    expect(await status(a.ids[2])).toBe("Active");
    expect(await regStatus(a.regId)).toBe("Completed");
    // Once the one still on the trail checks out, the next sweep completes it.
    const out: TrailLookup = async (ids) => new Map(ids.filter((id) => id === a.ids[2]).map((id) => [id, "out"] as const));
    expect(await sweepCards({ today: "2041-02-12", trail: out })).toMatchObject({ completed: 1, missed: 0 });
    expect(await status(a.ids[2])).toBe("Completed");

    expect(await status(b.ids[0])).toBe("Cancelled");
    expect(await status(unpaidId)).toBe("Expired");
    expect(await regStatus(unpaidReg)).toBe("Expired");
    expect((await cardEvents(unpaidId)).map((e) => [e.action, e.fromStatus, e.toStatus, e.userId])).toEqual([["expire", "Payment Pending", "Expired", null]]);
    expect(await status(deletedId)).toBe("Payment Pending");
    expect(await regStatus(deletedReg)).toBe("Expired");
    expect((await cardEvents(a.ids[1])).map((e) => [e.action, e.fromStatus, e.toStatus, e.userId])).toEqual([
      ["generate", "Payment Pending", "Upcoming", board.id],
      ["activate", "Upcoming", "Active", null],
      ["complete", "Active", "Completed", null],
    ]);
  });

  it("catches up: an Upcoming card whose trek is over is activated and missed in one run", async () => {
    const t = await issuedTrek("2042-05-01", "2042-05-03", 2);
    const r = await returnCard(board, t.ids[1], null, { today: "2040-01-01" });
    expect(r.toStatus).toBe("Returned");
    const counts = await sweepCards({ today: "2042-06-01" });
    expect(counts).toMatchObject({ activated: 1, missed: 1, completed: 0 });
    expect(await status(t.ids[0])).toBe("Missed");
    expect(await status(t.ids[1])).toBe("Returned");
    expect(await regStatus(t.regId)).toBe("Missed");
    expect((await cardEvents(t.ids[0])).map((e) => e.action)).toEqual(["generate", "activate", "miss"]);
  });

  it("is the cards.sweep job, scheduled daily and caught up at start-up", async () => {
    expect(jobHandlers()[SWEEP_JOB]).toBeTypeOf("function");
    const t = await issuedTrek("2026-01-01", "2026-01-02", 1, "2025-12-01");
    expect(await status(t.ids[0])).toBe("Upcoming");
    // The start-up catch-up sweeps with today's date (after 2026-01-02).
    await startJobs();
    await drainQueue();
    expect(await status(t.ids[0])).toBe("Missed");
    await closeQueue();
  });
});
