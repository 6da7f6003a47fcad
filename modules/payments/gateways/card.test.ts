import crypto from "node:crypto";
import { cardDateTime, cardSignature, cardSignatureValid, createCardGateway } from "./card.server";
import { START, testConfig } from "./test-helpers";

const cfg = testConfig();
const SECRET = "dev-card-secret-key-not-real";
const expected = { txnId: "T-D1", amountPaisa: 270050 };

function result(overrides: Record<string, string> = {}, signed?: string[]) {
  const fields: Record<string, string> = {
    decision: "ACCEPT",
    reason_code: "100",
    message: "Request was processed successfully.",
    transaction_id: "7001234567890123456789",
    req_access_key: "dev-card-access-key",
    req_profile_id: "DEV-CARD-PROFILE",
    req_transaction_uuid: "T-D1",
    req_reference_number: "T-D1",
    req_amount: "2700.50",
    req_currency: "NPR",
    signed_date_time: "2026-03-15T06:00:00Z",
    ...overrides,
  };
  fields.signed_field_names = [...(signed ?? Object.keys(fields)), "signed_field_names"].join(",");
  fields.signature = cardSignature(SECRET, fields, fields.signed_field_names);
  return fields;
}

const confirm = (fields: Record<string, string>) =>
  createCardGateway({ config: cfg }).confirm({
    query: new URLSearchParams({ isPayment: "1", regId: "12", TXNID: "T-D1" }),
    body: new URLSearchParams(fields),
    expected,
  });

describe("card signatures", () => {
  it("round-trips: what start signs verifies, independently recomputed, and any change breaks it", async () => {
    const start = await createCardGateway({ config: cfg, now: () => new Date("2026-03-15T06:00:00.123Z") }).start({
      ...START,
      txnId: "T-D1",
      amountPaisa: 270050,
      returnUrl: "https://tims.test/new-register/12/card",
      customer: { name: "Ram Bahadur Thapa", email: "ram@example.com" },
    });
    expect(start.kind).toBe("form");
    if (start.kind !== "form") return;
    const f = start.fields;
    expect(start.action).toBe("/sim/card/pay");
    expect(f).toMatchObject({
      access_key: "dev-card-access-key",
      profile_id: "DEV-CARD-PROFILE",
      transaction_uuid: "T-D1",
      reference_number: "T-D1",
      unsigned_field_names: "",
      signed_date_time: "2026-03-15T06:00:00Z",
      locale: "en",
      transaction_type: "sale",
      amount: "2700.50",
      currency: "NPR",
      bill_to_forename: "Ram",
      bill_to_surname: "Bahadur Thapa",
      bill_to_email: "ram@example.com",
      override_custom_receipt_page: "https://tims.test/new-register/12/card/success?isPayment=1&regId=12&TXNID=T-D1",
      override_custom_cancel_page: "https://tims.test/new-register/12/card/failure?isPayment=1&regId=12&TXNID=T-D1",
    });
    const names = f.signed_field_names.split(",");
    expect(names).toContain("signed_field_names");
    expect(new Set(names)).toEqual(new Set(Object.keys(f).filter((n) => n !== "signature")));
    const message = names.map((n) => `${n}=${f[n]}`).join(",");
    expect(f.signature).toBe(crypto.createHmac("sha256", SECRET).update(message).digest("base64"));
    expect(cardSignatureValid(SECRET, f)).toBe(true);
    expect(cardSignatureValid(SECRET, { ...f, amount: "2700.51" })).toBe(false);
    expect(cardSignatureValid("other", f)).toBe(false);
  });

  it("stamps UTC times without milliseconds", () => {
    expect(cardDateTime(new Date("2026-01-02T03:04:05.678Z"))).toBe("2026-01-02T03:04:05Z");
  });
});

describe("card confirm", () => {
  it.each([
    ["ACCEPT", "success"],
    ["DECLINE", "declined"],
    ["ERROR", "failure"],
    ["CANCEL", "failure"],
    ["REVIEW", "pending"],
    ["SOMETHING", "pending"],
  ])("maps a signed %s to %s", async (decision, mapped) => {
    const outcome = await confirm(result({ decision }));
    expect(outcome.status).toBe(mapped);
    expect(outcome.tampered).toBeUndefined();
    if (mapped === "success") expect(outcome).toMatchObject({ providerRef: "7001234567890123456789", amountPaisa: 270050 });
  });

  it.each([
    ["a changed amount under the original signature", () => ({ ...result(), req_amount: "27.00" })],
    ["a changed decision under the original signature", () => ({ ...result({ decision: "DECLINE" }), decision: "ACCEPT" })],
    ["an unsigned decision", () => result({}, ["reason_code", "req_amount", "req_reference_number", "req_transaction_uuid"])],
    ["an unsigned amount", () => result({}, ["decision", "req_reference_number", "req_transaction_uuid"])],
    ["an unsigned transaction uuid", () => result({}, ["decision", "req_amount", "req_reference_number"])],
    [
      "no signature",
      () => {
        const { signature: _s, ...rest } = result();
        return rest;
      },
    ],
    ["a valid signature for another transaction", () => result({ req_transaction_uuid: "T-OTHER", req_reference_number: "T-OTHER" })],
    ["a valid signature for another amount", () => result({ req_amount: "2700.00" })],
    ["a valid signature for another access key", () => result({ req_access_key: "other" })],
    ["a valid signature in another currency", () => result({ req_currency: "USD" })],
    [
      "a signature by another secret",
      () => {
        const r = result();
        return { ...r, signature: cardSignature("other", r, r.signed_field_names) };
      },
    ],
  ])("refuses %s as tampered", async (_name, make) => {
    expect(await confirm(make() as Record<string, string>)).toMatchObject({ status: "failure", tampered: true });
  });

  it("reads a result put in the query as strictly as a posted one, and waits when nothing was posted", async () => {
    const gateway = createCardGateway({ config: cfg });
    expect(
      await gateway.confirm({ query: new URLSearchParams({ decision: "ACCEPT", req_amount: "2700.50", req_transaction_uuid: "T-D1" }), expected }),
    ).toMatchObject({ tampered: true });
    expect((await gateway.confirm({ query: new URLSearchParams(result()), expected })).status).toBe("success");
    expect((await gateway.confirm({ query: new URLSearchParams({ TXNID: "T-D1" }), body: new URLSearchParams(), expected })).status).toBe("pending");
    expect(await gateway.confirm({ query: new URLSearchParams({ TXNID: "T-OTHER" }), body: new URLSearchParams(result()), expected })).toMatchObject({
      tampered: true,
    });
    expect(gateway.txnIdFromReturn!(new URLSearchParams(), new URLSearchParams(result()))).toBe("T-D1");
  });
});
