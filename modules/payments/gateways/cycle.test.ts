import crypto from "node:crypto";
import { handleSimulatorRequest, simulatorFetch, simulatorView } from "../simulators/dispatch.server";
import { decideOnSimulator, openSimulator, runSimulatedPayment } from "../simulators/harness.server";
import type { SimDecision } from "../simulators/types";
import { createCardGateway } from "./card.server";
import { createConnectipsGateway } from "./connectips.server";
import { createEsewaGateway, esewaSignature } from "./esewa.server";
import { createFonepayGateway } from "./fonepay.server";
import { createKhaltiGateway } from "./khalti.server";
import { testConfig } from "./test-helpers";
import type { ConfirmResult, GatewayId, PaymentGateway, StartInput } from "./types";

/**
 * The whole round trip, per gateway: the real adapter starts, the simulator (through the same
 * dispatcher the app's /sim routes use) receives the browser's form, a decision button is
 * pressed, the provider's return goes to confirm, and confirm's own status calls reach the
 * simulator's APIs. Only the network is replaced (an in-process fetch).
 */
const cfg = testConfig();
const fetch = simulatorFetch(cfg);
const gateways: Record<GatewayId, PaymentGateway> = {
  esewa: createEsewaGateway({ config: cfg, fetch }),
  khalti: createKhaltiGateway({ config: cfg, fetch }),
  connectips: createConnectipsGateway({ config: cfg, fetch }),
  fonepay: createFonepayGateway({ config: cfg, fetch }),
  card: createCardGateway({ config: cfg, fetch }),
};

const AMOUNT = 270000;
const newTxnId = () => `T-${crypto.randomBytes(6).toString("hex")}`;
const input = (id: GatewayId, txnId: string, extra: Partial<StartInput> = {}): StartInput => ({
  txnId,
  amountPaisa: AMOUNT,
  registrationId: 12,
  description: "TIMS card x2",
  returnUrl: `https://tims.test/new-register/12/${id}`,
  customer: { name: "Ram Thapa", email: "ram@example.com" },
  ...extra,
});

async function pay(id: GatewayId, decision: SimDecision, extra: Partial<StartInput> = {}) {
  const txnId = newTxnId();
  const gateway = gateways[id];
  const start = await gateway.start(input(id, txnId, extra));
  const back = await runSimulatedPayment(start, decision, { fetch });
  const expected = { txnId, amountPaisa: AMOUNT, providerRef: start.providerRef ?? null };
  const confirm = (query = back.query, body = back.body): Promise<ConfirmResult> =>
    gateway.confirm({ query, body, expected, actionType: back.actionType ?? undefined, mode: extra.mode });
  return { txnId, start, back, expected, confirm, result: await confirm() };
}

describe.each([
  ["esewa", false],
  ["khalti", false],
  ["connectips", true],
  ["fonepay", false],
  ["card", true],
] as const)("%s through its simulator", (id, hasDecline) => {
  it("success: the return is confirmed and finds its attempt", async () => {
    const { result, back, txnId } = await pay(id, "success");
    expect(result).toMatchObject({ status: "success", amountPaisa: AMOUNT });
    expect(result.tampered).toBeUndefined();
    expect(back.actionType).toBe("success");
    expect(gateways[id].txnIdFromReturn!(back.query, back.body)).toBe(txnId);
    if (id === "connectips") expect(new URL(back.url, "http://x").pathname).toBe("/new-register/noreg/connectips/success");
    else expect(Object.fromEntries(back.query)).toMatchObject({ isPayment: "1", regId: "12", TXNID: txnId });
  });

  it("failure: confirmed as failure", async () => {
    const { result, back } = await pay(id, "failure");
    expect(result.status).toBe("failure");
    expect(result.tampered).toBeUndefined();
    // The card gateway posts ERROR to the receipt page (only a cancel goes to the cancel page).
    if (id === "esewa" || id === "connectips") expect(back.actionType).toBe("failure");
  });

  it(hasDecline ? "decline: declined" : "decline: not offered by this provider", async () => {
    if (!hasDecline) {
      const page = await openSimulator(await gateways[id].start(input(id, newTxnId())), fetch);
      await expect(decideOnSimulator(page, "decline", { fetch })).rejects.toThrow(/offers no "decline"/);
      return;
    }
    const { result, back } = await pay(id, "decline");
    expect(result.status).toBe("declined");
    if (id === "connectips") expect(back.actionType).toBe("decline");
  });

  it("cancel: the payer gives up at the provider, a failure (not a decline)", async () => {
    const { result } = await pay(id, "cancel");
    expect(result.status).toBe("failure");
    expect(result.tampered).toBeUndefined();
  });

  it("abandon: nothing comes back; a provider with a status API tells what happened", async () => {
    const { back, confirm } = await pay(id, "abandon");
    expect(back.url).toBe("");
    // Reconciliation asks with an empty query: eSewa, Khalti and connectIPS were paid and say so.
    if (id === "esewa" || id === "khalti" || id === "connectips") expect((await confirm(new URLSearchParams(), undefined)).status).toBe("success");
  });

  it("delayed: pending first, success on a later check", async () => {
    const { result, confirm } = await pay(id, "delayed");
    expect(result.status).toBe("pending");
    if (id === "card") return; // REVIEW: the card gateway has no status API to ask later.
    expect((await confirm()).status).toBe("success");
    // Where there is a status API, a later sweep needs nothing from the browser.
    if (id !== "fonepay") expect((await confirm(new URLSearchParams(), undefined)).status).toBe("success");
  });

  it("tampered: refused, nothing confirmed", async () => {
    const { result } = await pay(id, "tampered");
    expect(result).toMatchObject({ status: "failure", tampered: true });
  });
});

describe("FonePay dynamic QR through its simulator", () => {
  it("is pending until paid by PRN, then success", async () => {
    const txnId = newTxnId();
    const start = await gateways.fonepay.start(input("fonepay", txnId, { mode: "qr" }));
    expect(start).toMatchObject({ kind: "qr", prn: txnId, statusCheck: true });
    if (start.kind !== "qr") return;
    expect(start.qrText).toMatch(/^000201010212.*6304[0-9A-F]{4}$/);
    expect(start.qrText).toContain(txnId);
    const expected = { txnId, amountPaisa: AMOUNT };
    expect((await gateways.fonepay.confirm({ query: new URLSearchParams(), expected, mode: "qr" })).status).toBe("pending");
    const back = await runSimulatedPayment(start, "success", { fetch });
    expect(back.url).toBe("");
    expect(simulatorView("fonepay-qr", txnId, "/sim", cfg)?.done).toMatch(/paid/);
    expect(await gateways.fonepay.confirm({ query: new URLSearchParams(), expected, mode: "qr" })).toMatchObject({ status: "success" });
  });

  it.each([
    ["failure", ["failure"]],
    ["delayed", ["pending", "success"]],
  ] as const)("%s", async (decision, statuses) => {
    const { confirm, result } = await pay("fonepay", decision, { mode: "qr" });
    expect(result.status).toBe(statuses[0]);
    if (statuses[1]) expect((await confirm()).status).toBe(statuses[1]);
  });
});

describe("cross-attempt and replay checks", () => {
  it("a signed eSewa success for one attempt does not confirm another", async () => {
    const first = await pay("esewa", "success");
    const other = { txnId: newTxnId(), amountPaisa: AMOUNT };
    const query = new URLSearchParams({ data: first.back.query.get("data")! });
    expect(await gateways.esewa.confirm({ query, expected: other })).toMatchObject({ status: "failure", tampered: true });
    // Replaying the same return is harmless: the adapter answers the same (the lead's confirmation is idempotent).
    expect((await first.confirm()).status).toBe("success");
  });

  it("a Khalti callback carrying another attempt's pidx is refused", async () => {
    const paid = await pay("khalti", "success");
    const unpaid = await gateways.khalti.start(input("khalti", newTxnId()));
    const query = new URLSearchParams(paid.back.query);
    query.delete("TXNID");
    query.delete("purchase_order_id");
    expect(await gateways.khalti.confirm({ query, expected: { txnId: "T-unpaid", amountPaisa: AMOUNT, providerRef: unpaid.providerRef } })).toMatchObject({
      tampered: true,
    });
  });

  it("a hand-made connectIPS success URL for an unpaid attempt is not a success", async () => {
    const txnId = newTxnId();
    await openSimulator(await gateways.connectips.start(input("connectips", txnId)), fetch);
    const result = await gateways.connectips.confirm({
      query: new URLSearchParams({ TXNID: txnId }),
      expected: { txnId, amountPaisa: AMOUNT },
      actionType: "success",
    });
    expect(result.status).toBe("failure");
  });

  it("an unpaid eSewa attempt's status is pending, a cancelled one's a failure", async () => {
    const txnId = newTxnId();
    await openSimulator(await gateways.esewa.start(input("esewa", txnId)), fetch);
    expect((await gateways.esewa.confirm({ query: new URLSearchParams(), expected: { txnId, amountPaisa: AMOUNT } })).status).toBe("pending");
    expect((await gateways.esewa.confirm({ query: new URLSearchParams(), expected: { txnId: newTxnId(), amountPaisa: AMOUNT } })).status).toBe("failure");
  });
});

describe("the simulators refuse what the providers refuse", () => {
  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    handleSimulatorRequest(new Request(`http://127.0.0.1/sim${path}`, { method: "POST", body: new URLSearchParams(fields), headers }), cfg);

  it("a form whose signature does not match its amount", async () => {
    const start = await gateways.esewa.start(input("esewa", newTxnId()));
    if (start.kind !== "form") throw new Error("form expected");
    const response = await post("/esewa/api/epay/main/v2/form", { ...start.fields, total_amount: "1", amount: "1" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Invalid signature");
  });

  it("eSewa: a total that is not the sum of its parts", async () => {
    const fields: Record<string, string> = {
      amount: "100",
      tax_amount: "10",
      total_amount: "100",
      transaction_uuid: "X-1",
      product_code: "EPAYTEST",
      product_service_charge: "0",
      product_delivery_charge: "0",
      success_url: "https://x/s",
      failure_url: "https://x/f",
      signed_field_names: "total_amount,transaction_uuid,product_code",
    };
    fields.signature = esewaSignature("8gBm/:&EnhH.1/q", fields, fields.signed_field_names);
    expect((await post("/esewa/api/epay/main/v2/form", fields)).status).toBe(400);
  });

  it("Khalti: a wrong key, and less than Rs 10", async () => {
    const wrongKey = createKhaltiGateway({ config: testConfig({ KHALTI_SECRET_KEY: "wrong" }), fetch });
    await expect(wrongKey.start(input("khalti", newTxnId()))).rejects.toThrow(/401.*Invalid token/);
    await expect(gateways.khalti.start(input("khalti", newTxnId(), { amountPaisa: 999 }))).rejects.toThrow(/1000 paisa/);
  });

  it("connectIPS: a token signed by another key, and validatetxn without the password", async () => {
    const other = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const intruder = createConnectipsGateway({ config: testConfig({ CONNECTIPS_PRIVATE_KEY: other }), fetch });
    await expect(openSimulator(await intruder.start(input("connectips", newTxnId())), fetch)).rejects.toThrow(/Invalid token/);
    const paid = await pay("connectips", "success");
    const wrongPassword = createConnectipsGateway({ config: testConfig({ CONNECTIPS_PASSWORD: "wrong" }), fetch });
    expect((await wrongPassword.confirm({ query: paid.back.query, expected: paid.expected, actionType: "success" })).status).toBe("pending");
  });

  it("FonePay: a request whose DV does not match", async () => {
    const start = await gateways.fonepay.start(input("fonepay", newTxnId()));
    if (start.kind !== "redirect") throw new Error("redirect expected");
    const forged = new URL(start.url, "http://127.0.0.1");
    forged.searchParams.set("AMT", "1");
    expect((await handleSimulatorRequest(new Request(forged), cfg)).status).toBe(400);
  });

  it("card: a request whose signature does not match", async () => {
    const start = await gateways.card.start(input("card", newTxnId()));
    if (start.kind !== "form") throw new Error("form expected");
    expect((await post("/card/pay", { ...start.fields, amount: "1.00" })).status).toBe(403);
  });

  it("a second decision on a finished payment, unknown pages, wrong methods", async () => {
    const { back } = await pay("card", "success");
    await expect(decideOnSimulator(back.sessionPath, "success", { fetch })).rejects.toThrow(/409/);
    expect((await handleSimulatorRequest(new Request("http://127.0.0.1/sim/nowhere"), cfg)).status).toBe(404);
    expect((await handleSimulatorRequest(new Request("http://127.0.0.1/sim/card/pay"), cfg)).status).toBe(405);
    expect(simulatorView("esewa", "no-such-payment", "/sim", cfg)).toBeNull();
    expect(simulatorView("paypal", "x", "/sim", cfg)).toBeNull();
  });

  it("shows the page with the amount and the provider's choices", async () => {
    const txnId = newTxnId();
    const page = await openSimulator(await gateways.esewa.start(input("esewa", txnId)), fetch);
    expect(page).toBe(`/sim/esewa/session/${txnId}`);
    const view = simulatorView("esewa", txnId, "/sim", cfg)!;
    expect(view).toMatchObject({ title: "eSewa (simulator)", amountText: "NRs. 2,700.00" });
    expect(view.choices.map((c) => c.value)).toEqual(["success", "failure", "cancel", "abandon", "delayed", "tampered"]);
  });
});
