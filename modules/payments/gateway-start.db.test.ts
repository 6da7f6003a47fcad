import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeRegistration, makeRoute } from "../../tests/factories/registrations";
import { makeUser } from "../../tests/factories/users";
import { getRegistration, lockPrice } from "@modules/registration/index.server";
import { PaymentAttempt } from "./models/payment-records.server";
import { GATEWAY_UNAVAILABLE } from "./methods";
import type { PaymentGateway, StartInput } from "./gateways/types";
import { countStatements } from "../../db/statements.server";

// A starting payment is all or nothing: a gateway that is not offered, or one whose provider fails
// to start, leaves no payment attempt and no price lock behind.

const fake = vi.hoisted(() => ({ start: null as null | ((input: StartInput) => Promise<unknown>) }));

vi.mock("./gateways/gateway-set.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("./gateways/gateway-set.server")>();
  return {
    ...original,
    getGateway: (id: Parameters<typeof original.getGateway>[0]): PaymentGateway => {
      if (!fake.start) return original.getGateway(id);
      return { id, start: fake.start as PaymentGateway["start"], confirm: async () => ({ status: "pending", raw: null }) };
    },
  };
});

const { startGatewayPayment } = await import("./gateway-payments.server");

let routeId = 0;

beforeAll(async () => {
  await prepareTestDatabase();
  routeId = (await makeRoute("Start Route")).id;
});

// The simulators serve unless a test says otherwise (the MariaDB run sets DATABASE_URL, a deployment).
beforeEach(() => {
  vi.stubEnv("PAYMENT_SIMULATORS", "1");
});

afterEach(() => {
  fake.start = null;
  vi.unstubAllEnvs();
});

async function unpaid() {
  const payer = await makeUser({ userType: 1, fullName: "Payer" });
  const { regId } = await makeRegistration(payer, routeId, { trekkers: ["First", "Second"] });
  return { payer, regId };
}

const start = (regId: number, viewer: { id: number; userType: number }, gateway: "esewa" | "khalti" | "fonepay" = "khalti", mode?: "qr") =>
  startGatewayPayment({ registrationId: regId, viewer: viewer as never, gateway, origin: "http://127.0.0.1", mode });

async function leftBehind(regId: number, viewer: { id: number; userType: number }) {
  const view = await getRegistration(regId, viewer as never);
  return { attempts: await PaymentAttempt.count({ where: { registrationId: regId } }), priceLocked: view!.priceLocked };
}

describe("starting a gateway payment", () => {
  it("a gateway that throws leaves no attempt and no price lock", async () => {
    const { payer, regId } = await unpaid();
    fake.start = async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:443");
    };
    await expect(start(regId, payer)).rejects.toMatchObject({ message: GATEWAY_UNAVAILABLE, status: 409 });
    expect(await leftBehind(regId, payer)).toEqual({ attempts: 0, priceLocked: false });
  });

  it("a QR the provider refuses leaves nothing either", async () => {
    const { payer, regId } = await unpaid();
    fake.start = async () => {
      throw new Error("FonePay QR refused (500)");
    };
    await expect(start(regId, payer, "fonepay", "qr")).rejects.toMatchObject({ message: GATEWAY_UNAVAILABLE });
    expect(await leftBehind(regId, payer)).toEqual({ attempts: 0, priceLocked: false });
  });

  it("a gateway this deployment has not configured is refused before anything is written", async () => {
    const { payer, regId } = await unpaid();
    let called = false;
    fake.start = async () => {
      called = true;
      return { kind: "redirect", url: "https://example.test" };
    };
    // A deployment (simulators off) that sets none of eSewa's variables does not offer it.
    vi.stubEnv("PAYMENT_SIMULATORS", "0");
    for (const name of ["ESEWA_BASE", "ESEWA_STATUS_BASE", "ESEWA_PRODUCT_CODE", "ESEWA_SECRET"]) vi.stubEnv(name, "");
    await expect(start(regId, payer, "esewa")).rejects.toMatchObject({ message: GATEWAY_UNAVAILABLE, status: 409 });
    expect(called).toBe(false);
    expect(await leftBehind(regId, payer)).toEqual({ attempts: 0, priceLocked: false });
  });

  it("a price locked before the failed start stays locked (an earlier attempt relies on it)", async () => {
    const { payer, regId } = await unpaid();
    const amount = await lockPrice(regId, payer);
    fake.start = async () => {
      throw new Error("timeout");
    };
    await expect(start(regId, payer)).rejects.toMatchObject({ message: GATEWAY_UNAVAILABLE });
    const view = await getRegistration(regId, payer);
    expect(view!.priceLocked).toBe(true);
    expect(view!.totalPaisa).toBe(amount);
    expect(await PaymentAttempt.count({ where: { registrationId: regId } })).toBe(0);
  });

  it("a start that succeeds keeps its attempt and the lock", async () => {
    const { payer, regId } = await unpaid();
    fake.start = async (input) => ({ kind: "redirect", url: `https://example.test/pay?txn=${input.txnId}` });
    const started = await start(regId, payer);
    expect(started.kind).toBe("redirect");
    expect(await leftBehind(regId, payer)).toEqual({ attempts: 1, priceLocked: true });
  });

  it("reads the registration once to check it, price it and start (ADR 0055: fewer round trips per payment)", async () => {
    const { payer, regId } = await unpaid();
    fake.start = async (input) => ({ kind: "redirect", url: `https://example.test/pay?txn=${input.txnId}` });
    const { statements } = await countStatements(() => start(regId, payer));
    const reads = statements.filter((s) => /^SELECT .* FROM `registrations`/.test(s.sql.replace(/\s+/g, " ").trim()));
    expect(reads).toHaveLength(1);
    // The price was locked from that one read: the total and each trekker's fee.
    const view = await getRegistration(regId, payer);
    expect(view!.priceLocked).toBe(true);
    expect(view!.totalPaisa).toBeGreaterThan(0);
    expect(view!.trekkers.every((t) => t.amountPaisa !== null)).toBe(true);
    expect(await PaymentAttempt.count({ where: { registrationId: regId } })).toBe(1);
  });
});
