import {
  createEsewaGateway,
  decodeEsewaData,
  encodeEsewaData,
  ESEWA_REQUEST_SIGNED,
  ESEWA_RESPONSE_SIGNED,
  esewaSignature,
  esewaSignatureValid,
} from "./esewa.server";
import { failingFetch, START, stubFetch, testConfig } from "./test-helpers";

const SECRET = "8gBm/:&EnhH.1/q";
const cfg = testConfig();
const expected = { txnId: "250610-162413", amountPaisa: 100000 };

/** eSewa's documented success answer (total_amount is a JSON number written 1000.0). */
const DOC_DATA_JSON =
  '{"transaction_code":"000AWEO","status":"COMPLETE","total_amount":1000.0,"transaction_uuid":"250610-162413","product_code":"EPAYTEST","signed_field_names":"transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names","signature":"62GcfZTmVkzhtUeh+QJ1AqiJrjoWWGof3U+eTPTZ7fA="}';
const docData = () => Buffer.from(DOC_DATA_JSON).toString("base64");

function signedData(overrides: Record<string, string> = {}, signedFieldNames = ESEWA_RESPONSE_SIGNED.join(",")) {
  const fields: Record<string, string> = {
    transaction_code: "000AWEO",
    status: "COMPLETE",
    total_amount: "1,000.0",
    transaction_uuid: expected.txnId,
    product_code: "EPAYTEST",
    signed_field_names: signedFieldNames,
    ...overrides,
  };
  fields.signature = esewaSignature(SECRET, fields, signedFieldNames);
  return fields;
}

const q = (values: Record<string, string>) => new URLSearchParams(values);

describe("eSewa signatures", () => {
  it("reproduces the documented request signature", () => {
    const fields = { total_amount: "110", transaction_uuid: "241028", product_code: "EPAYTEST" };
    expect(esewaSignature(SECRET, fields, ESEWA_REQUEST_SIGNED)).toBe("i94zsd3oXF6ZsSr/kGqT4sSzYQzjj1W/waxjWyRwaME=");
    expect(
      esewaSignatureValid(SECRET, { ...fields, signed_field_names: ESEWA_REQUEST_SIGNED, signature: "i94zsd3oXF6ZsSr/kGqT4sSzYQzjj1W/waxjWyRwaME=" }),
    ).toBe(true);
    expect(
      esewaSignatureValid(SECRET, {
        ...fields,
        total_amount: "111",
        signed_field_names: ESEWA_REQUEST_SIGNED,
        signature: "i94zsd3oXF6ZsSr/kGqT4sSzYQzjj1W/waxjWyRwaME=",
      }),
    ).toBe(false);
  });

  it("verifies the documented success answer, keeping 1000.0 as written", () => {
    const fields = decodeEsewaData(docData())!;
    expect(fields.total_amount).toBe("1000.0");
    expect(esewaSignatureValid(SECRET, fields)).toBe(true);
  });

  it("decodes data whose + signs became spaces in a raw query", () => {
    const data = encodeEsewaData(signedData());
    expect(decodeEsewaData(data.replace(/\+/g, " "))).toEqual(decodeEsewaData(data));
    expect(decodeEsewaData("not base64 json")).toBeNull();
  });
});

describe("eSewa start", () => {
  it("signs a form with every field filled, to the form endpoint", async () => {
    const result = await createEsewaGateway({ config: cfg }).start({
      ...START,
      txnId: "T-1",
      amountPaisa: 270050,
      returnUrl: "https://tims.test/new-register/12/esewa",
    });
    expect(result.kind).toBe("form");
    if (result.kind !== "form") return;
    expect(result.method).toBe("POST");
    expect(result.action).toBe("/sim/esewa/api/epay/main/v2/form");
    expect(Object.values(result.fields).every((v) => v !== "")).toBe(true);
    expect(result.fields).toMatchObject({
      amount: "2700.50",
      tax_amount: "0",
      total_amount: "2700.50",
      transaction_uuid: "T-1",
      product_code: "EPAYTEST",
      product_service_charge: "0",
      product_delivery_charge: "0",
      signed_field_names: "total_amount,transaction_uuid,product_code",
      success_url: "https://tims.test/new-register/12/esewa/success?isPayment=1&regId=12&TXNID=T-1",
      failure_url: "https://tims.test/new-register/12/esewa/failure?isPayment=1&regId=12&TXNID=T-1",
    });
    expect(result.fields.signature).toBe(
      esewaSignature(SECRET, { total_amount: "2700.50", transaction_uuid: "T-1", product_code: "EPAYTEST" }, ESEWA_REQUEST_SIGNED),
    );
  });

  it("refuses a transaction id eSewa or connectIPS would not take", async () => {
    await expect(createEsewaGateway({ config: cfg }).start({ ...START, txnId: "bad id!", amountPaisa: 100, returnUrl: "https://x/y" })).rejects.toThrow(
      /transaction id/,
    );
  });
});

describe("eSewa confirm", () => {
  const gateway = createEsewaGateway({ config: cfg, fetch: failingFetch });

  it("accepts the documented signed success without asking the status API", async () => {
    const result = await gateway.confirm({ query: q({ data: docData() }), expected });
    expect(result).toMatchObject({ status: "success", providerRef: "000AWEO", amountPaisa: 100000 });
    expect(result.tampered).toBeUndefined();
  });

  it("accepts thousands separators in the signed amount", async () => {
    const result = await gateway.confirm({ query: q({ data: encodeEsewaData(signedData()) }), expected });
    expect(result.status).toBe("success");
  });

  it("splits data glued onto our TXNID by a naive '?' append", async () => {
    const query = new URLSearchParams(`isPayment=1&regId=12&TXNID=${expected.txnId}?data=${encodeURIComponent(docData())}`);
    expect(gateway.txnIdFromReturn!(query)).toBe(expected.txnId);
    expect((await gateway.confirm({ query, expected })).status).toBe("success");
  });

  it.each([
    ["a changed amount under the original signature", () => ({ ...signedData(), total_amount: "1.0" })],
    ["a changed transaction code", () => ({ ...signedData(), transaction_code: "OTHER" })],
    [
      "a signature by another secret",
      () => {
        const f = signedData();
        return { ...f, signature: esewaSignature("wrong", f, f.signed_field_names) };
      },
    ],
    [
      "no signature",
      () => {
        const { signature: _s, ...rest } = signedData();
        return rest;
      },
    ],
    ["a signed field list that leaves the amount out", () => signedData({}, "transaction_code,status,transaction_uuid,product_code,signed_field_names")],
    ["a valid signature for another transaction", () => signedData({ transaction_uuid: "OTHER-TXN" })],
    ["a valid signature for another amount", () => signedData({ total_amount: "999.0" })],
    ["a valid signature for another product", () => signedData({ product_code: "OTHER" })],
  ])("refuses %s as tampered", async (_name, make) => {
    const result = await gateway.confirm({ query: q({ data: encodeEsewaData(make() as Record<string, string>) }), expected });
    expect(result).toMatchObject({ status: "failure", tampered: true });
    expect(result.reason).toBeTruthy();
  });

  it("refuses undecodable data and a TXNID naming another attempt", async () => {
    expect(await gateway.confirm({ query: q({ data: "%%%" }), expected })).toMatchObject({ tampered: true });
    expect(await gateway.confirm({ query: q({ TXNID: "OTHER", data: docData() }), expected })).toMatchObject({ tampered: true });
  });

  it.each([
    ["COMPLETE", "success"],
    ["PENDING", "pending"],
    ["AMBIGUOUS", "pending"],
    ["NOT_FOUND", "failure"],
    ["CANCELED", "failure"],
    ["FULL_REFUND", "failure"],
    ["PARTIAL_REFUND", "failure"],
    ["SOMETHING_NEW", "pending"],
  ])("maps status API %s to %s when the return carries no data", async (status, mapped) => {
    const fetch = stubFetch({ product_code: "EPAYTEST", transaction_uuid: expected.txnId, total_amount: 1000.0, status, ref_id: "REF1" });
    const result = await createEsewaGateway({ config: cfg, fetch }).confirm({ query: q({ TXNID: expected.txnId }), expected });
    expect(result.status).toBe(mapped);
    const url = new URL(fetch.mock.calls[0][0]);
    expect(url.pathname).toBe("/sim/esewa/api/epay/transaction/status/");
    expect(Object.fromEntries(url.searchParams)).toEqual({ product_code: "EPAYTEST", total_amount: "1000", transaction_uuid: expected.txnId });
  });

  it("treats a COMPLETE status for another amount or transaction as tampered", async () => {
    for (const body of [
      { product_code: "EPAYTEST", transaction_uuid: expected.txnId, total_amount: 10, status: "COMPLETE", ref_id: "R" },
      { product_code: "EPAYTEST", transaction_uuid: "OTHER", total_amount: 1000, status: "COMPLETE", ref_id: "R" },
    ]) {
      expect(await createEsewaGateway({ config: cfg, fetch: stubFetch(body) }).confirm({ query: q({}), expected })).toMatchObject({
        status: "failure",
        tampered: true,
      });
    }
  });

  it("stays pending through an outage or an unreachable status API", async () => {
    const outage = createEsewaGateway({ config: cfg, fetch: stubFetch({ code: 0, error_message: "Service is currently unavailable" }) });
    expect(await outage.confirm({ query: q({}), expected })).toMatchObject({ status: "pending", reason: expect.stringContaining("unavailable") });
    expect((await gateway.confirm({ query: q({}), expected })).status).toBe("pending");
  });
});
