import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeRegistration, makeRoute } from "../../tests/factories/registrations";
import { makeUser } from "../../tests/factories/users";
import { JobRow } from "../../jobs/job-store.server";
import { cardNumbersOf, registrationForPayment } from "@modules/registration/index.server";
import { testConfig } from "./gateways/test-helpers";
import { simulatorFetch } from "./simulators/dispatch.server";
import { runSimulatedPayment } from "./simulators/harness.server";
import type { SimDecision } from "./simulators/types";
import type { GatewayId, PaymentGateway } from "./gateways/types";

// Issue 13, item 8: attempts whose payer never came back are settled or failed by asking the
// provider's status API. The real adapters talk to the real simulators; only the network is
// replaced by the simulators' in-process dispatcher (as in gateways/cycle.test.ts).

vi.mock("./gateways/gateway-set.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("./gateways/gateway-set.server")>();
  const { testConfig: config } = await import("./gateways/test-helpers");
  const { simulatorFetch: dispatch } = await import("./simulators/dispatch.server");
  const creators = {
    esewa: (await import("./gateways/esewa.server")).createEsewaGateway,
    khalti: (await import("./gateways/khalti.server")).createKhaltiGateway,
    connectips: (await import("./gateways/connectips.server")).createConnectipsGateway,
    fonepay: (await import("./gateways/fonepay.server")).createFonepayGateway,
    card: (await import("./gateways/card.server")).createCardGateway,
  };
  const cfg = config();
  const adapters = new Map<GatewayId, PaymentGateway>();
  return {
    ...original,
    getGateway: (id: GatewayId): PaymentGateway => {
      if (!adapters.has(id)) adapters.set(id, creators[id]({ config: cfg, fetch: dispatch(cfg) }));
      return adapters.get(id)!;
    },
  };
});

const { confirmGatewayReturn, recheckAttempt, startGatewayPayment } = await import("./gateway-payments.server");
const { PaymentAttempt } = await import("./models/payment-records.server");
const { reconcilePayments } = await import("./reconcile.server");

const browser = simulatorFetch(testConfig());
let routeId = 0;

beforeAll(async () => {
  await prepareTestDatabase();
  routeId = (await makeRoute("Reconcile Route")).id;
});

// The MariaDB run is a deployment (simulators off): the gateways are offered here as in dev.
beforeEach(() => vi.stubEnv("PAYMENT_SIMULATORS", "1"));
afterEach(() => vi.unstubAllEnvs());

/** A payer starts paying; at the provider they press `decision`, and the browser never comes back. */
async function abandoned(gateway: GatewayId, decision: SimDecision | null, opts: { mode?: "qr"; pendingLookups?: number } = {}) {
  const payer = await makeUser({ userType: 1, fullName: "Gone Payer" });
  const { regId } = await makeRegistration(payer, routeId, { trekkers: ["First", "Second"] });
  const started = await startGatewayPayment({ registrationId: regId, viewer: payer as never, gateway, origin: "http://127.0.0.1", mode: opts.mode });
  if (decision) await runSimulatedPayment(started, decision, { fetch: browser, pendingLookups: opts.pendingLookups });
  const attempt = (await PaymentAttempt.findOne({ where: { registrationId: regId } }))!;
  expect(attempt.status).toBe("initiated");
  return { regId, attempt };
}

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const statusOf = async (attemptId: number) => (await PaymentAttempt.findByPk(attemptId))!.status;
const numbered = async (regId: number) => (await cardNumbersOf(regId)).every((c) => c.cardNumber !== null);
const cardJobs = async (regId: number) =>
  (await JobRow.findAll({ where: { name: "cards.issued" } })).filter((j) => JSON.parse(j.data)?.registrationId === regId);

describe("payment reconciliation", () => {
  it("settles a paid eSewa attempt whose payer never came back, once, with its card job", async () => {
    const { regId, attempt } = await abandoned("esewa", "success");
    // Not yet: the payer may still be on the way back.
    await reconcilePayments({ now: later(5) });
    expect(await statusOf(attempt.id)).toBe("initiated");
    expect(await numbered(regId)).toBe(false);

    const counts = await reconcilePayments({ now: later(20) });
    expect(counts.settled).toBeGreaterThanOrEqual(1);
    expect(await statusOf(attempt.id)).toBe("success");
    expect(await numbered(regId)).toBe(true);
    expect((await registrationForPayment(regId))!.status).toBe("Upcoming");
    expect(await cardJobs(regId)).toHaveLength(1);
    // Asked again later: nothing more happens.
    await reconcilePayments({ now: later(40) });
    expect(await cardJobs(regId)).toHaveLength(1);
  });

  it("fails an attempt the payer cancelled at Khalti and leaves the registration payable", async () => {
    const { regId, attempt } = await abandoned("khalti", "failure");
    await reconcilePayments({ now: later(20) });
    expect(await statusOf(attempt.id)).toBe("failure");
    expect(await numbered(regId)).toBe(false);
    expect((await registrationForPayment(regId))!.status).toBe("Payment Failure");
  });

  it("keeps asking about a connectIPS payment the provider has not confirmed yet, then settles it", async () => {
    const { regId, attempt } = await abandoned("connectips", "delayed", { pendingLookups: 1 });
    await reconcilePayments({ now: later(20) });
    expect(await statusOf(attempt.id)).toBe("pending");
    expect(await numbered(regId)).toBe(false);
    // The pending answer dated the attempt: the next run asks again only after the wait.
    await reconcilePayments({ now: later(5) });
    expect(await statusOf(attempt.id)).toBe("pending");
    await reconcilePayments({ now: later(20) });
    expect(await statusOf(attempt.id)).toBe("success");
    expect(await numbered(regId)).toBe(true);
  });

  it("settles a FonePay QR paid on the phone while nobody polled", async () => {
    const { regId, attempt } = await abandoned("fonepay", "success", { mode: "qr" });
    await reconcilePayments({ now: later(20) });
    expect(await statusOf(attempt.id)).toBe("success");
    expect(await numbered(regId)).toBe(true);
  });

  it("fails an eSewa attempt that never reached the provider, and leaves card payments (no status API) alone", async () => {
    const never = await abandoned("esewa", null);
    const card = await abandoned("card", "success");
    const counts = await reconcilePayments({ now: later(20) });
    expect(await statusOf(never.attempt.id)).toBe("failure");
    expect(await statusOf(card.attempt.id)).toBe("initiated");
    expect(counts.unaskable).toBeGreaterThanOrEqual(1);
  });

  it("closes an attempt nobody can ask about once the provider's session is long over; the registration is payable again", async () => {
    const card = await abandoned("card", "abandon");
    const fonepay = await abandoned("fonepay", "abandon");
    await reconcilePayments({ now: later(30) });
    expect(await statusOf(card.attempt.id)).toBe("initiated");
    const counts = await reconcilePayments({ now: later(61) });
    expect(counts.closed).toBeGreaterThanOrEqual(2);
    for (const { regId, attempt } of [card, fonepay]) {
      expect(await statusOf(attempt.id)).toBe("failure");
      expect((await registrationForPayment(regId))!.status).toBe("Payment Failure");
      expect(await numbered(regId)).toBe(false);
    }
  });

  it("keeps a card payment under the bank's review open until the maximum age", async () => {
    const payer = await makeUser({ userType: 1, fullName: "Reviewed Payer" });
    const { regId } = await makeRegistration(payer, routeId, { trekkers: ["One"] });
    const started = await startGatewayPayment({ registrationId: regId, viewer: payer as never, gateway: "card", origin: "http://127.0.0.1" });
    const back = await runSimulatedPayment(started, "delayed", { fetch: browser });
    expect((await confirmGatewayReturn({ gateway: "card", query: back.query, body: back.body, actionType: "success", viewer: null })).status).toBe("pending");
    const attempt = (await PaymentAttempt.findOne({ where: { registrationId: regId } }))!;
    await reconcilePayments({ now: later(61) });
    expect(await statusOf(attempt.id)).toBe("pending");
    await reconcilePayments({ now: later(72 * 60 + 1) });
    expect(await statusOf(attempt.id)).toBe("failure");
  });

  it("closes an attempt the provider still calls pending at the maximum age, not before", async () => {
    const { regId, attempt } = await abandoned("esewa", "delayed", { pendingLookups: 1_000 });
    await reconcilePayments({ now: later(20) });
    expect(await statusOf(attempt.id)).toBe("pending");
    await reconcilePayments({ now: later(72 * 60 + 1) });
    expect(await statusOf(attempt.id)).toBe("failure");
    expect(await numbered(regId)).toBe(false);
  });

  it("re-verifies a FonePay web payment with what its return carried (its only way to be asked)", async () => {
    const payer = await makeUser({ userType: 1, fullName: "Slow Verifier" });
    const { regId } = await makeRegistration(payer, routeId, { trekkers: ["One"] });
    const started = await startGatewayPayment({ registrationId: regId, viewer: payer as never, gateway: "fonepay", origin: "http://127.0.0.1" });
    // Paid; FonePay's verification service does not answer the first time.
    const back = await runSimulatedPayment(started, "delayed", { fetch: browser, pendingLookups: 1 });
    const first = await confirmGatewayReturn({ gateway: "fonepay", query: back.query, actionType: back.actionType ?? "success", viewer: payer });
    expect(first.status).toBe("pending");
    const attempt = (await PaymentAttempt.findOne({ where: { registrationId: regId } }))!;
    await reconcilePayments({ now: later(20) });
    expect(await statusOf(attempt.id)).toBe("success");
    expect(await numbered(regId)).toBe(true);
  });

  it("Check again stays pending while the provider says pending, then shows the success (never a failure in between)", async () => {
    const payer = await makeUser({ userType: 1, fullName: "Patient Payer" });
    const { regId } = await makeRegistration(payer, routeId, { trekkers: ["One"] });
    const started = await startGatewayPayment({ registrationId: regId, viewer: payer as never, gateway: "esewa", origin: "http://127.0.0.1" });
    const back = await runSimulatedPayment(started, "delayed", { fetch: browser, pendingLookups: 2 });
    const attempt = (await PaymentAttempt.findOne({ where: { registrationId: regId } }))!;
    expect((await confirmGatewayReturn({ gateway: "esewa", query: back.query, actionType: back.actionType ?? "failure", viewer: payer })).status).toBe(
      "pending",
    );
    expect((await recheckAttempt(attempt.txnId, payer)).status).toBe("pending");
    expect((await registrationForPayment(regId))!.status).not.toBe("Payment Failure");
    expect((await recheckAttempt(attempt.txnId, payer)).status).toBe("success");
    expect(await numbered(regId)).toBe(true);
    // Someone else's transaction id tells nothing.
    const other = await makeUser({ userType: 1, fullName: "Other Payer" });
    expect(await recheckAttempt(attempt.txnId, other)).toMatchObject({ status: "failure", registrationId: null });
  });

  it("is a scheduled job of the payments module", async () => {
    const { jobHandlers, jobSchedules } = await import("~/composition.server");
    expect(jobHandlers()["payments.reconcile"]).toBeTypeOf("function");
    expect(jobSchedules()).toContainEqual({ job: "payments.reconcile", everyMinutes: 5 });
  });
});
