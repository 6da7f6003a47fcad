import {
  createFonepayGateway,
  FONEPAY_REQUEST_DV,
  FONEPAY_RETURN_DV,
  FONEPAY_VERIFY_DV,
  fonepayDate,
  fonepayDv,
  fonepayDvValid,
  fonepayQrMessage,
  fonepayQrStatusMessage,
} from "./fonepay.server";
import { hmacHex } from "./signing.server";
import { failingFetch, START, stubFetch, testConfig } from "./test-helpers";

const cfg = testConfig();
const expected = { txnId: "T-F1", amountPaisa: 270000 };
const DOC_REQUEST = {
  PID: "fonepay123",
  MD: "P",
  PRN: "d1580724437729",
  AMT: "30",
  CRN: "NPR",
  DT: "06/27/2017",
  R1: "Hello",
  R2: "test",
  RU: "https://devadminapi.fonepay.com/ConvergentMerchantDummyweb/MerchantVerification",
};

function signedReturn(overrides: Record<string, string> = {}) {
  const values: Record<string, string> = {
    PRN: "T-F1",
    PID: "fonepay123",
    PS: "true",
    RC: "successful",
    UID: "5551234",
    BC: "NICENPKA",
    INI: "98XXXXX904",
    P_AMT: "2700.0",
    R_AMT: "2700.0",
    ...overrides,
  };
  values.DV = fonepayDv("fonepay", values, FONEPAY_RETURN_DV);
  return values;
}

const VERIFIED =
  '<?xml version="1.0"?><response><amount>2700.0</amount><bankCode>NICENPKA</bankCode><message>successful</message><response_code>successful</response_code><statusCode>0</statusCode><success>true</success><txnAmount>2700.0</txnAmount><uniqueId>5551234</uniqueId></response>';

describe("FonePay DV", () => {
  it("reproduces the documented request DV", () => {
    const dv = fonepayDv("fonepay", DOC_REQUEST, FONEPAY_REQUEST_DV);
    expect(dv).toMatch(/^147384cc[0-9a-f]{116}92c0$/);
    expect(dv).toBe("147384cc250bf072fdacbce811da683a3ed7f5f7d1c0dd2ce2fb90d27d69b2bc3c143306aa4fa26625a171ac0d4d2e2aaa53e4e10902eb9418eac32f591b92c0");
    expect(fonepayDvValid("fonepay", DOC_REQUEST, FONEPAY_REQUEST_DV, dv.toUpperCase())).toBe(true);
    expect(fonepayDvValid("fonepay", { ...DOC_REQUEST, AMT: "31" }, FONEPAY_REQUEST_DV, dv)).toBe(false);
    expect(fonepayDvValid("other", DOC_REQUEST, FONEPAY_REQUEST_DV, dv)).toBe(false);
    expect(fonepayDvValid("fonepay", DOC_REQUEST, FONEPAY_REQUEST_DV, "")).toBe(false);
  });

  it("builds the dynamic QR dataValidation messages", () => {
    const v = { amount: "2700", prn: "T-F1", merchantCode: "fonepay123", remarks1: "TIMS card x2", remarks2: "Reg 12" };
    expect(fonepayQrMessage(v)).toBe("2700,T-F1,fonepay123,TIMS card x2,Reg 12");
    expect(fonepayQrStatusMessage({ prn: "T-F1", merchantCode: "fonepay123" })).toBe("T-F1,fonepay123");
    expect(hmacHex("sha512", "fonepay", fonepayQrMessage(v))).toMatch(/^[0-9a-f]{128}$/);
  });

  it("dates requests MM/DD/YYYY in Nepal", () => {
    expect(fonepayDate(new Date("2017-06-26T18:15:00Z"))).toBe("06/27/2017");
  });
});

describe("FonePay start", () => {
  it("redirects to merchantRequest with DV-signed parameters", async () => {
    const result = await createFonepayGateway({ config: cfg, now: () => new Date("2026-06-27T03:00:00Z") }).start({
      ...START,
      txnId: "T-F1",
      amountPaisa: 270000,
      returnUrl: "https://tims.test/new-register/12/fonepay",
    });
    expect(result.kind).toBe("redirect");
    if (result.kind !== "redirect") return;
    const url = new URL(result.url, "http://x");
    expect(url.pathname).toBe("/sim/fonepay/api/merchantRequest");
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      PID: "fonepay123",
      MD: "P",
      PRN: "T-F1",
      AMT: "2700",
      CRN: "NPR",
      DT: "06/27/2026",
      R1: "TIMS card x2",
      R2: "Reg 12",
      RU: "https://tims.test/new-register/12/fonepay/success?isPayment=1&regId=12&TXNID=T-F1",
    });
    expect(fonepayDvValid("fonepay", params, FONEPAY_REQUEST_DV, params.DV)).toBe(true);
  });

  it("downloads a dynamic QR for the NEPALPAY QR tab", async () => {
    const fetch = stubFetch({
      message: "successful",
      qrMessage: "000201010212...",
      status: "CREATED",
      statusCode: 201,
      success: true,
      thirdpartyQrWebSocketUrl: "wss://x",
    });
    const result = await createFonepayGateway({ config: cfg, fetch }).start({
      ...START,
      mode: "qr",
      txnId: "T-F1",
      amountPaisa: 270000,
      returnUrl: "https://tims.test/x",
    });
    expect(result).toEqual({ kind: "qr", qrText: "000201010212...", prn: "T-F1", statusCheck: true });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe("http://127.0.0.1:3999/sim/fonepay/api/merchant/merchantDetailsForThirdParty/thirdPartyDynamicQrDownload");
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({
      amount: "2700",
      prn: "T-F1",
      merchantCode: "fonepay123",
      remarks1: "TIMS card x2",
      remarks2: "Reg 12",
      username: "dev-qr-user",
      password: "dev-qr-password",
    });
    expect(body.dataValidation).toBe(hmacHex("sha512", "fonepay", "2700,T-F1,fonepay123,TIMS card x2,Reg 12"));
    await expect(
      createFonepayGateway({ config: cfg, fetch: stubFetch({ success: false, message: "Data validation failed" }, 400) }).start({
        ...START,
        mode: "qr",
        txnId: "T-F2",
        amountPaisa: 100,
        returnUrl: "x",
      }),
    ).rejects.toThrow(/QR refused/);
  });
});

describe("FonePay web confirm", () => {
  it("accepts a valid DV, then the server verification", async () => {
    const fetch = stubFetch(VERIFIED);
    const result = await createFonepayGateway({ config: cfg, fetch }).confirm({
      query: new URLSearchParams({ isPayment: "1", regId: "12", TXNID: "T-F1", ...signedReturn() }),
      expected,
    });
    expect(result).toMatchObject({ status: "success", providerRef: "5551234", amountPaisa: 270000 });
    const url = new URL(fetch.mock.calls[0][0]);
    expect(url.pathname).toBe("/sim/fonepay/api/merchantRequest/verificationMerchant");
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({ PRN: "T-F1", PID: "fonepay123", BID: "NICENPKA", AMT: "2700", UID: "5551234" });
    expect(fonepayDvValid("fonepay", params, FONEPAY_VERIFY_DV, params.DV)).toBe(true);
  });

  it.each([
    ["cancel", "false", "failure"],
    ["failed", "false", "failure"],
    ["successful", "false", "failure"],
  ])("maps RC=%s PS=%s to %s without asking", async (RC, PS, mapped) => {
    const fetch = stubFetch(VERIFIED);
    const result = await createFonepayGateway({ config: cfg, fetch }).confirm({
      query: new URLSearchParams(signedReturn({ RC, PS, UID: "", BC: "", INI: "" })),
      expected,
    });
    expect(result.status).toBe(mapped);
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ["a changed amount under the original DV", () => ({ ...signedReturn(), P_AMT: "27.0" })],
    ["a changed status under the original DV", () => ({ ...signedReturn({ RC: "failed", PS: "false" }), RC: "successful", PS: "true" })],
    [
      "a missing signed field",
      () => {
        const { BC: _bc, ...rest } = signedReturn();
        return rest;
      },
    ],
    [
      "no DV",
      () => {
        const { DV: _dv, ...rest } = signedReturn();
        return rest;
      },
    ],
    ["a valid DV for another amount", () => signedReturn({ P_AMT: "27.0" })],
    ["a valid DV for another merchant", () => signedReturn({ PID: "someoneelse" })],
    ["a valid DV for another PRN", () => signedReturn({ PRN: "T-OTHER" })],
  ])("refuses %s as tampered", async (_name, make) => {
    const result = await createFonepayGateway({ config: cfg, fetch: stubFetch(VERIFIED) }).confirm({
      query: new URLSearchParams(make() as Record<string, string>),
      expected,
    });
    expect(result).toMatchObject({ status: "failure", tampered: true });
  });

  it("fails when verification refuses, refuses a verified other amount, and waits when it cannot answer", async () => {
    const query = new URLSearchParams(signedReturn());
    const refused = "<response><message>Transaction not found</message><response_code>failed</response_code><success>false</success></response>";
    expect((await createFonepayGateway({ config: cfg, fetch: stubFetch(refused) }).confirm({ query, expected })).status).toBe("failure");
    expect(await createFonepayGateway({ config: cfg, fetch: stubFetch(VERIFIED.replace(/2700\.0/g, "27.0")) }).confirm({ query, expected })).toMatchObject({
      tampered: true,
    });
    expect((await createFonepayGateway({ config: cfg, fetch: stubFetch("Service Unavailable", 503) }).confirm({ query, expected })).status).toBe("pending");
    expect((await createFonepayGateway({ config: cfg, fetch: failingFetch }).confirm({ query, expected })).status).toBe("pending");
  });
});

describe("FonePay QR confirm", () => {
  it.each([
    ["success", "success"],
    ["failed", "failure"],
    ["pending", "pending"],
  ])("maps paymentStatus %s to %s, signing the status request", async (paymentStatus, mapped) => {
    const fetch = stubFetch({ fonepayTraceId: 123, paymentStatus, prn: "T-F1" });
    const result = await createFonepayGateway({ config: cfg, fetch }).confirm({ query: new URLSearchParams(), expected, mode: "qr" });
    expect(result.status).toBe(mapped);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe("http://127.0.0.1:3999/sim/fonepay/api/merchant/merchantDetailsForThirdParty/thirdPartyDynamicQrGetStatus");
    expect(JSON.parse(String(init?.body))).toMatchObject({
      prn: "T-F1",
      merchantCode: "fonepay123",
      dataValidation: hmacHex("sha512", "fonepay", "T-F1,fonepay123"),
    });
  });

  it("refuses a status for another PRN and waits when the status API cannot answer", async () => {
    expect(
      await createFonepayGateway({ config: cfg, fetch: stubFetch({ paymentStatus: "success", prn: "T-OTHER" }) }).confirm({
        query: new URLSearchParams(),
        expected,
      }),
    ).toMatchObject({ tampered: true });
    expect(
      (await createFonepayGateway({ config: cfg, fetch: stubFetch({ success: false }, 404) }).confirm({ query: new URLSearchParams(), expected })).status,
    ).toBe("pending");
    expect((await createFonepayGateway({ config: cfg, fetch: failingFetch }).confirm({ query: new URLSearchParams(), expected, mode: "qr" })).status).toBe(
      "pending",
    );
  });
});
