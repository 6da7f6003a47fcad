import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { connectipsKeys } from "./config.server";
import { connectipsDate, connectipsTokenMessage, connectipsValidationMessage, createConnectipsGateway } from "./connectips.server";
import { basicAuth, rsaSignBase64, rsaVerifyBase64 } from "./signing.server";
import { failingFetch, START, stubFetch, testConfig } from "./test-helpers";

const cfg = testConfig();
const expected = { txnId: "T-C1", amountPaisa: 270000 };
const DOC_FIELDS = {
  MERCHANTID: "550",
  APPID: "MER-550-APP-1",
  APPNAME: "Test",
  TXNID: "txn123",
  TXNDATE: "15-03-2022",
  TXNCRNCY: "NPR",
  TXNAMT: "500",
  REFERENCEID: "REF-001",
  REMARKS: "RMKS-001",
  PARTICULARS: "PART-001",
};

describe("connectIPS tokens", () => {
  it("builds the documented token message, TOKEN=TOKEN last", () => {
    expect(connectipsTokenMessage(DOC_FIELDS)).toBe(
      "MERCHANTID=550,APPID=MER-550-APP-1,APPNAME=Test,TXNID=txn123,TXNDATE=15-03-2022,TXNCRNCY=NPR,TXNAMT=500,REFERENCEID=REF-001,REMARKS=RMKS-001,PARTICULARS=PART-001,TOKEN=TOKEN",
    );
    expect(connectipsValidationMessage({ merchantId: "550", appId: "MER-550-APP-1", referenceId: "txn123", txnAmt: "500" })).toBe(
      "MERCHANTID=550,APPID=MER-550-APP-1,REFERENCEID=txn123,TXNAMT=500",
    );
  });

  it("signs SHA256withRSA (PKCS#1 v1.5): deterministic, verified by the public key only, broken by any change", () => {
    const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
    const other = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
    const message = connectipsTokenMessage(DOC_FIELDS);
    const token = rsaSignBase64(privateKey, message);
    expect(token).toBe(rsaSignBase64(privateKey, message));
    expect(Buffer.from(token, "base64")).toHaveLength(256);
    expect(rsaVerifyBase64(publicKey, message, token)).toBe(true);
    expect(crypto.verify("RSA-SHA256", Buffer.from(message), publicKey, Buffer.from(token, "base64"))).toBe(true);
    expect(rsaVerifyBase64(publicKey, connectipsTokenMessage({ ...DOC_FIELDS, TXNAMT: "50" }), token)).toBe(false);
    expect(rsaVerifyBase64(other.publicKey, message, token)).toBe(false);
    expect(rsaVerifyBase64(publicKey, message, "not a token!")).toBe(false);
  });

  it("dates transactions in Nepal", () => {
    expect(connectipsDate(new Date("2022-03-14T18:14:00Z"))).toBe("14-03-2022");
    expect(connectipsDate(new Date("2022-03-14T18:15:00Z"))).toBe("15-03-2022");
  });

  it("generates one dev key into data/ and reuses it; a configured PEM wins", () => {
    const pair = connectipsKeys(cfg);
    expect(fs.existsSync(cfg.connectips.devKeyFile)).toBe(true);
    expect(path.dirname(cfg.connectips.devKeyFile)).toBe(path.resolve(process.env.DATA_DIR!));
    expect(connectipsKeys(testConfig()).publicKey.export({ type: "spki", format: "pem" })).toBe(pair.publicKey.export({ type: "spki", format: "pem" }));
    const pem = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const configured = connectipsKeys(testConfig({ CONNECTIPS_PRIVATE_KEY: pem.replace(/\n/g, "\\n") }));
    expect(configured.privateKey.export({ type: "pkcs8", format: "pem" })).toBe(pem);
  });

  it("refuses to run live without a key", () => {
    expect(() => connectipsKeys(testConfig({ NODE_ENV: "production", DATABASE_URL: "mysql://db/tims" }))).toThrow(/CONNECTIPS_PRIVATE_KEY/);
  });
});

describe("connectIPS start", () => {
  it("posts the fields with a TOKEN the merchant's public key verifies", async () => {
    const gateway = createConnectipsGateway({ config: cfg, now: () => new Date("2026-03-15T06:00:00Z") });
    const result = await gateway.start({
      ...START,
      description: "TIMS card x2, FIT",
      txnId: "T-C1",
      amountPaisa: 270000,
      returnUrl: "https://tims.test/new-register/12/connectips",
    });
    expect(result.kind).toBe("form");
    if (result.kind !== "form") return;
    expect(result.action).toBe("/sim/connectips/connectipswebgw/loginpage");
    expect(result.fields).toMatchObject({
      MERCHANTID: "550",
      APPID: "MER-550-APP-1",
      APPNAME: "TIMS",
      TXNID: "T-C1",
      TXNDATE: "15-03-2026",
      TXNCRNCY: "NPR",
      TXNAMT: "270000",
      REFERENCEID: "REG-12",
      REMARKS: "TIMS card x2 FIT",
    });
    expect(rsaVerifyBase64(connectipsKeys(cfg).publicKey, connectipsTokenMessage(result.fields), result.fields.TOKEN)).toBe(true);
  });
});

describe("connectIPS confirm", () => {
  const answer = (status: string, extra: Record<string, unknown> = {}) => ({
    merchantId: 550,
    appId: "MER-550-APP-1",
    referenceId: "T-C1",
    txnAmt: "270000",
    token: null,
    status,
    statusDesc: `TRANSACTION ${status}`,
    ...extra,
  });

  it("calls validatetxn with basic auth and a signed token", async () => {
    const fetch = stubFetch(answer("SUCCESS"));
    const result = await createConnectipsGateway({ config: cfg, fetch }).confirm({
      query: new URLSearchParams({ TXNID: "T-C1" }),
      expected,
      actionType: "success",
    });
    expect(result).toMatchObject({ status: "success", amountPaisa: 270000 });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe("http://127.0.0.1:3999/sim/connectips/connectipswebws/api/creditor/validatetxn");
    expect((init?.headers as Record<string, string>).Authorization).toBe(basicAuth("MER-550-APP-1", "dev-connectips-password"));
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({ merchantId: 550, appId: "MER-550-APP-1", referenceId: "T-C1", txnAmt: "270000" });
    expect(rsaVerifyBase64(connectipsKeys(cfg).publicKey, "MERCHANTID=550,APPID=MER-550-APP-1,REFERENCEID=T-C1,TXNAMT=270000", body.token)).toBe(true);
  });

  it.each([
    ["SUCCESS", "success", "success"],
    ["SUCCESS", "failure", "success"],
    ["FAILED", "failure", "failure"],
    ["FAILED", "success", "failure"],
    ["FAILED", "decline", "declined"],
    ["ERROR", "decline", "failure"],
    ["ERROR", "failure", "failure"],
    ["IN_PROGRESS", "success", "pending"],
  ] as const)("maps %s on the %s path to %s", async (status, actionType, mapped) => {
    const result = await createConnectipsGateway({ config: cfg, fetch: stubFetch(answer(status)) }).confirm({
      query: new URLSearchParams({ TXNID: "T-C1" }),
      expected,
      actionType,
    });
    expect(result.status).toBe(mapped);
  });

  it.each([
    ["another amount", answer("SUCCESS", { txnAmt: "1000" })],
    ["another transaction", answer("SUCCESS", { referenceId: "T-OTHER" })],
  ])("refuses a SUCCESS for %s as tampered", async (_name, body) => {
    expect(
      await createConnectipsGateway({ config: cfg, fetch: stubFetch(body) }).confirm({ query: new URLSearchParams({ TXNID: "T-C1" }), expected }),
    ).toMatchObject({ status: "failure", tampered: true });
  });

  it("refuses a return naming another TXNID before asking", async () => {
    const fetch = stubFetch(answer("SUCCESS"));
    expect(await createConnectipsGateway({ config: cfg, fetch }).confirm({ query: new URLSearchParams({ TXNID: "T-OTHER" }), expected })).toMatchObject({
      tampered: true,
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("stays pending when validatetxn cannot answer", async () => {
    for (const fetch of [stubFetch("Service Unavailable", 503), stubFetch({ error: "Unauthorized" }, 401), failingFetch]) {
      expect((await createConnectipsGateway({ config: cfg, fetch }).confirm({ query: new URLSearchParams({ TXNID: "T-C1" }), expected })).status).toBe(
        "pending",
      );
    }
  });
});
