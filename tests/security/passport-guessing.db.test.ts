// Issue 26 item 3: wrong passports per card are limited at every door that takes a typed card
// number and passport (the scan page, the device API, self check-in), 5 per card per hour as
// /location had, one limit counted across the doors. Past it even the right passport is refused,
// the message says what to do, and the API answers 429 with Retry-After. The offline sync batch
// takes QR scans only. Each door is called through its route module, as a request arrives.
import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../setup/test-db";
import { makeTrail, trailCards } from "../factories/checkins";
import { inDays } from "../factories/dates";
import { makeUser, type TestUser } from "../factories/users";
import { checkinsOf } from "@modules/checkins/index.server";
import { issueDevice } from "@modules/api/index.server";
import { findAuthUser } from "@modules/users/index.server";
import { startSession } from "~/utils/guards.server";
import { action as scanAction } from "~/routes/scan";
import { action as syncAction } from "~/routes/scan_.sync";
import { action as locationAction } from "~/routes/location";
import { action as apiCheckins } from "~/routes/api.v1.checkins";

type Card = Awaited<ReturnType<typeof trailCards>>[number];
let checkpost: TestUser;
let cookie = "";
let token = "";
let routeId = 0;

const context = { clientAddress: "198.51.100.23" } as never;
const STAFF_ADVICE = "Too many wrong passport numbers for this card. Scan the card's QR code instead";
const SELF_ADVICE = "Too many wrong passport numbers for this card. Please wait";

beforeAll(async () => {
  await prepareTestDatabase();
  const trail = await makeTrail(0);
  checkpost = trail.checkpost;
  routeId = trail.route.id;
  cookie = (await startSession(new Request("http://tims.test/login"), (await findAuthUser(checkpost.id))!, false)).split(";")[0];
  const board = await makeUser({ userType: 4 });
  token = (await issueDevice(board, { name: "Guess tablet", userId: checkpost.id })).token;
}, 60_000);

async function freshCard(): Promise<Card> {
  const [card] = await trailCards(routeId, { entry: inDays(0), exit: inDays(4) });
  return card;
}

const recorded = async (card: Card) => (await checkinsOf(card.trekkerId)).filter((c) => !c.refusedReason).length;

/** The scan page's typed form, as the browser posts it. */
async function typedScan(cardNumber: number, passport: string) {
  const form = new FormData();
  form.set("intent", "typed");
  form.set("cardNumber", String(cardNumber));
  form.set("passport", passport);
  form.set("clientId", crypto.randomUUID());
  const request = new Request("http://tims.test/scan", { method: "POST", body: form, headers: { Cookie: cookie } });
  const result = (await scanAction({ request, params: {}, context } as never)) as unknown;
  // A recorded check-in redirects (a Response); a refusal is data with its status.
  if (result instanceof Response) return { status: result.status, headers: result.headers, error: null as string | null };
  const { data, init } = result as { data: { error: string | null }; init: ResponseInit | null };
  return { status: init?.status ?? 200, headers: new Headers(init?.headers), error: data.error };
}

async function selfCheck(cardNumber: number, passport: string) {
  const request = new Request("http://tims.test/location", {
    method: "POST",
    body: new URLSearchParams({ cardno: String(cardNumber), passport }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  const result = (await locationAction({ request, params: {}, context } as never)) as unknown as {
    data: { step: number; error: string | null };
    init: ResponseInit | null;
  };
  return { status: result.init?.status ?? 200, step: result.data.step, error: result.data.error };
}

async function apiBatch(items: unknown[]) {
  const request = new Request("http://tims.test/api/v1/checkins", {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ items }),
  });
  const response = await apiCheckins({ request, params: {}, context } as never);
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), json: JSON.parse(await response.text()) };
}

describe("passport guessing, door by door", () => {
  it("the scan page: 11 wrong passports then the right one records nothing; the 6th try on is a 429 that says to scan the QR", async () => {
    const card = await freshCard();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await typedScan(card.cardNumber, `WRONG${i}`));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers[0].error).toBe("Please enter the correct card and passport number");
    expect(answers.slice(5).map((a) => a.status)).toEqual([429, 429, 429, 429, 429, 429]);
    const right = await typedScan(card.cardNumber, card.passport);
    expect(right.status).toBe(429);
    expect(right.error).toContain(STAFF_ADVICE);
    expect(Number(right.headers.get("Retry-After"))).toBeGreaterThan(3000);
    expect(await recorded(card)).toBe(0);
  });

  it("the API: one batch of 200 guesses stops at the limit with 429 and Retry-After; the right passport in it is never recorded", async () => {
    const card = await freshCard();
    const items = Array.from({ length: 200 }, (_, i) => ({
      clientId: `guess-${card.cardNumber}-${i}`,
      cardNumber: card.cardNumber,
      passport: i === 150 ? card.passport : `WRONG${i}`,
    }));
    const answer = await apiBatch(items);
    expect(answer.status).toBe(429);
    expect(Number(answer.retryAfter)).toBeGreaterThan(3000);
    expect(answer.json.error).toMatchObject({ status: 429, code: "rate_limited" });
    expect(answer.json.error.message).toContain("Item 6: " + STAFF_ADVICE);
    expect(answer.json.error.message).toContain("send the batch again after Retry-After");
    expect(await recorded(card)).toBe(0);
    // The right passport alone, later in the hour: still refused.
    const alone = await apiBatch([{ clientId: `right-${card.cardNumber}`, cardNumber: card.cardNumber, passport: card.passport }]);
    expect(alone.status).toBe(429);
    expect(await recorded(card)).toBe(0);
  });

  it("the API: a QR item of the same card still checks in (the way out the message names)", async () => {
    const card = await freshCard();
    for (let i = 0; i < 5; i++) await apiBatch([{ clientId: `g-${card.cardNumber}-${i}`, cardNumber: card.cardNumber, passport: `NOPE${i}` }]);
    expect((await apiBatch([{ clientId: `t-${card.cardNumber}`, cardNumber: card.cardNumber, passport: card.passport }])).status).toBe(429);
    const qr = await apiBatch([{ clientId: `q-${card.cardNumber}`, qr: card.qr }]);
    expect(qr.status).toBe(200);
    expect(qr.json.recorded).toBe(1);
  });

  it("self check-in (/location): 5 wrong, then the right one is refused with what to do", async () => {
    const card = await freshCard();
    for (let i = 0; i < 5; i++)
      expect(await selfCheck(card.cardNumber, `GUESS${i}`)).toMatchObject({ status: 400, error: "Please enter the correct card and passport number" });
    const right = await selfCheck(card.cardNumber, card.passport);
    expect(right.status).toBe(429);
    expect(right.step).toBe(0);
    expect(right.error).toContain(SELF_ADVICE);
    expect(right.error).toContain("or check in at a checkpost");
  });

  it("the limit is one count across the doors: 2 wrong on /location, 2 on the API, 1 on /scan, then the right one is refused at each", async () => {
    const card = await freshCard();
    await selfCheck(card.cardNumber, "A1");
    await selfCheck(card.cardNumber, "A2");
    await apiBatch([{ clientId: `x-${card.cardNumber}-1`, cardNumber: card.cardNumber, passport: "B1" }]);
    await apiBatch([{ clientId: `x-${card.cardNumber}-2`, cardNumber: card.cardNumber, passport: "B2" }]);
    expect((await typedScan(card.cardNumber, "C1")).status).toBe(400);
    expect((await typedScan(card.cardNumber, card.passport)).status).toBe(429);
    expect((await selfCheck(card.cardNumber, card.passport)).status).toBe(429);
    expect((await apiBatch([{ clientId: `x-${card.cardNumber}-r`, cardNumber: card.cardNumber, passport: card.passport }])).status).toBe(429);
    expect(await recorded(card)).toBe(0);
  });

  it("fewer than 5 wrong passports leave the right one working (a typo is no lock-out)", async () => {
    const card = await freshCard();
    for (let i = 0; i < 4; i++) await typedScan(card.cardNumber, `TYPO${i}`);
    expect((await typedScan(card.cardNumber, card.passport)).status).toBe(302);
    expect(await recorded(card)).toBe(1);
  });

  it("the offline sync batch takes QR scans only: a batch of typed guesses is refused whole, nothing recorded", async () => {
    const card = await freshCard();
    const checkins = Array.from({ length: 20 }, (_, i) => ({
      clientId: `offline-guess-${i}-${card.cardNumber}`,
      cardNumber: card.cardNumber,
      passport: i === 10 ? card.passport : `W${i}`,
      method: "typed",
      scannedAt: new Date().toISOString(),
    }));
    const request = new Request("http://tims.test/scan/sync", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ scannerId: checkpost.id, checkins }),
    });
    const response = await syncAction({ request, params: {}, context } as never);
    expect(response.status).toBe(400);
    expect(await recorded(card)).toBe(0);
  });
});
