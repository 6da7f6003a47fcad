// /api/v1 of issue 18 (item 3) through its route modules, against a real database: device
// tokens (missing, unknown, revoked: 401; another role: 403), the same row rules as the pages
// (another's card is a 404), batch check-ins recorded once on replay, the rate limit, and the
// OpenAPI document generated from the schemas.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import Ajv2020 from "ajv/dist/2020";
import { openApiDocument } from "@modules/api/index.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeTrail, trailCards } from "../../tests/factories/checkins";
import { makeRoute } from "../../tests/factories/registrations";
import { inDays } from "../../tests/factories/dates";
import { makeUser, type TestUser } from "../../tests/factories/users";
import { applyCardAction, signQrPayload } from "@modules/cards/index.server";
import { checkinsOf, trekkersWithCheckins } from "@modules/checkins/index.server";
import { authenticate, issueDevice, listDevices, revokeDevice } from "@modules/api/index.server";
import { counterStore, disableUser } from "@modules/users/index.server";
import { loader as keysLoader } from "./api.v1.keys";
import { loader as revokedLoader } from "./api.v1.revoked";
import { loader as cardLoader } from "./api.v1.cards.$cardNumber";
import { action as checkinsAction, loader as checkinsLoader } from "./api.v1.checkins";
import { loader as openApiLoader } from "./api.v1.openapi[.]json";
import { loader as unknownLoader } from "./api.v1.$";

type Card = Awaited<ReturnType<typeof trailCards>>[number];
const u = {} as Record<"board" | "checkpost" | "agency" | "otherAgency", TestUser>;
const tokens = {} as Record<"checkpost" | "agency" | "revoked", string>;
let mine: Card[] = [];
let others: Card[] = [];
let cancelled: Card;

const BASE = "http://tims.test/api/v1";
const context = { clientAddress: "192.0.2.77" } as never;
const auth = (token?: string) => (token ? { Authorization: `Bearer ${token}` } : ({} as Record<string, string>));
// Every answer these tests read is held against the OpenAPI document at the end (issue 26): its
// status must be one the operation declares, and its body must match the declared schema.
const answers: { method: string; path: string; status: number; json: unknown }[] = [];
let lastRequest: { method: string; path: string } | null = null;
const sent = (request: Request) => ((lastRequest = { method: request.method, path: new URL(request.url).pathname.slice("/api/v1".length) }), request);
const get = (path: string, token?: string) => sent(new Request(`${BASE}${path}`, { headers: auth(token) }));
const post = (path: string, body: unknown, token?: string) =>
  sent(
    new Request(`${BASE}${path}`, {
      method: "POST",
      headers: { ...auth(token), "Content-Type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context }) as never;
const body = async (response: Response) => {
  const answer = { status: response.status, json: JSON.parse(await response.text()) };
  if (lastRequest) answers.push({ ...lastRequest, ...answer });
  lastRequest = null;
  return answer;
};

beforeAll(async () => {
  await prepareTestDatabase();
  u.board = await makeUser({ userType: 4, fullName: "Board" });
  const trail = await makeTrail(0);
  u.checkpost = trail.checkpost;
  u.agency = await makeUser({ userType: 2, organizationName: "Api Treks", isDocumentUploaded: true, isVerified: true, isApproved: true } as never);
  u.otherAgency = await makeUser({ userType: 2, organizationName: "Other Treks", isDocumentUploaded: true, isVerified: true, isApproved: true } as never);
  mine = await trailCards(trail.route.id, { count: 3, entry: inDays(0), exit: inDays(4), owner: u.agency });
  others = await trailCards(trail.route.id, { count: 1, entry: inDays(0), exit: inDays(4), owner: u.otherAgency });
  cancelled = mine[2];
  await applyCardAction(u.board as never, "cancel", cancelled.trekkerId, "Cancelled for the API test");
  tokens.checkpost = (await issueDevice(u.board, { name: "Gate tablet", userId: u.checkpost.id })).token;
  tokens.agency = (await issueDevice(u.board, { name: "Agency system", userId: u.agency.id })).token;
  const old = await issueDevice(u.board, { name: "Lost phone", userId: u.checkpost.id });
  tokens.revoked = old.token;
  await revokeDevice(u.board, old.id);
});

describe("device tokens", () => {
  it("only the board issues them, for checkpost or agency accounts; the token is kept only as a hash", async () => {
    await expect(issueDevice(u.checkpost, { name: "Self issued", userId: u.checkpost.id })).rejects.toMatchObject({ status: 403 });
    await expect(issueDevice(u.board, { name: "Board token", userId: u.board.id })).rejects.toMatchObject({ status: 400 });
    const devices = await listDevices(u.board);
    expect(devices.map((d) => d.name)).toEqual(expect.arrayContaining(["Gate tablet", "Agency system", "Lost phone"]));
    expect(JSON.stringify(devices)).not.toContain(tokens.checkpost);
    expect(tokens.checkpost.startsWith(devices.find((d) => d.name === "Gate tablet")!.tokenPrefix)).toBe(true);
    await expect(revokeDevice(u.board, devices.find((d) => d.name === "Lost phone")!.id)).rejects.toMatchObject({ status: 409 });
  });

  it("a missing, unknown or revoked token is a 401 with a JSON error", async () => {
    for (const [token, words] of [
      [undefined, "bearer token is required"],
      ["tims_" + "x".repeat(43), "not valid"],
      ["nonsense", "not valid"],
      [tokens.revoked, "revoked"],
    ] as const) {
      const response = await revokedLoader(args(get("/revoked", token)));
      const { status, json } = await body(response);
      expect(status).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toContain("Bearer");
      expect(json.error).toMatchObject({ status: 401, code: "unauthorized" });
      expect(json.error.message).toContain(words);
    }
  });

  it("a device whose account was disabled is refused (401)", async () => {
    const post = await makeUser({ userType: 5, fullName: "Closed Post" });
    const { token } = await issueDevice(u.board, { name: "Closed post tablet", userId: post.id });
    expect((await revokedLoader(args(get("/revoked", token)))).status).toBe(200);
    await disableUser(u.board.id, post.id, "Checkpost closed for the season");
    const { status, json } = await body(await revokedLoader(args(get("/revoked", token))));
    expect(status).toBe(401);
    expect(json.error.message).toContain("not active");
  });

  it("past the device's rate a request is a 429 with Retry-After", async () => {
    const limits = { perDevice: 2, badTokensPerAddress: 100, windowSeconds: 60 };
    const request = () => get("/revoked", tokens.agency);
    const store = counterStore();
    const key = `rate-${crypto.randomBytes(3).toString("hex")}`;
    // A fresh store key space: this device's counter starts from the two hits of this test.
    const prefixed = { ...store, hit: (k: string, ttl: number) => store.hit(`${key}:${k}`, ttl) };
    await authenticate(request(), "192.0.2.1", { store: prefixed, limits });
    await authenticate(request(), "192.0.2.1", { store: prefixed, limits });
    await expect(authenticate(request(), "192.0.2.1", { store: prefixed, limits })).rejects.toMatchObject({
      status: 429,
      headers: { "Retry-After": expect.any(String) },
    });
  });
});

describe("the key set and the revocation list", () => {
  it("publishes the card-signing key as a JWK that verifies a card's QR signature", async () => {
    const { status, json } = await body((get("/keys"), await keysLoader()));
    expect(status).toBe(200);
    expect(json.keys).toHaveLength(1);
    const [jwk] = json.keys;
    expect(jwk).toMatchObject({ kty: "OKP", crv: "Ed25519", use: "sig", alg: "EdDSA" });
    const key = crypto.createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, format: "jwk" });
    const qr = JSON.parse(signQrPayload({ trekkerId: 7, registrationId: 9 }));
    expect(crypto.verify(null, Buffer.from("tims-card:7:9"), key, Buffer.from(qr.sig, "base64url"))).toBe(true);
    expect(crypto.verify(null, Buffer.from("tims-card:7:8"), key, Buffer.from(qr.sig, "base64url"))).toBe(false);
    // The cards module's kid: the first 8 characters of the key's RFC 7638 thumbprint (ADR 0021).
    expect(jwk.kid).toBe(
      crypto
        .createHash("sha256")
        .update(JSON.stringify({ crv: "Ed25519", kty: "OKP", x: jwk.x }))
        .digest("base64url")
        .slice(0, 8),
    );
  });

  it("lists cancelled cards for a checkpost; an agency's device is refused (403)", async () => {
    const { status, json } = await body(await revokedLoader(args(get("/revoked", tokens.checkpost))));
    expect(status).toBe(200);
    expect(json.cardNumbers).toContain(cancelled.cardNumber);
    expect(json.cardNumbers).not.toContain(mine[0].cardNumber);
    const refused = await body(await revokedLoader(args(get("/revoked", tokens.agency))));
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe("forbidden");
  });
});

describe("a card by number, with the pages' row rules", () => {
  const card = (n: number | string, token: string) => cardLoader(args(get(`/cards/${n}`, token), { cardNumber: String(n) }));

  it("an agency sees its own cards, not another agency's (404, as for no card)", async () => {
    const own = await body(await card(mine[0].cardNumber, tokens.agency));
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ cardNumber: mine[0].cardNumber, fullName: mine[0].fullName, validFrom: inDays(0), validTo: inDays(4), revoked: false });
    expect((await body(await card(cancelled.cardNumber, tokens.agency))).json.revoked).toBe(true);
    const other = await body(await card(others[0].cardNumber, tokens.agency));
    expect(other.status).toBe(404);
    expect(other.json.error.code).toBe("not_found");
    expect((await card(999_999_999, tokens.agency)).status).toBe(404);
    const bad = await body(await card("12ab", tokens.agency));
    expect(bad.status).toBe(422);
    expect(bad.json.error.code).toBe("validation_failed");
  });

  it("a checkpost sees a card once it has scanned it", async () => {
    expect((await card(others[0].cardNumber, tokens.checkpost)).status).toBe(404);
    const batch = { items: [{ clientId: "see-1", qr: others[0].qr }] };
    expect((await body(await checkinsAction(args(post("/checkins", batch, tokens.checkpost))))).json.recorded).toBe(1);
    expect((await card(others[0].cardNumber, tokens.checkpost)).status).toBe(200);
  });
});

describe("batch check-ins", () => {
  const send = async (batch: unknown, token = tokens.checkpost) => body(await checkinsAction(args(post("/checkins", batch, token))));

  it("records each scan once, reports each item, and records nothing new on replay", async () => {
    const batch = {
      items: [
        { clientId: "tab1-0001", qr: mine[0].qr },
        { clientId: "tab1-0002", cardNumber: mine[1].cardNumber, passport: mine[1].passport, scannedAt: new Date(Date.now() - 3_600_000).toISOString() },
        { clientId: "tab1-0003", qr: cancelled.qr },
        { qr: mine[0].qr },
        { clientId: "tab1-0005", qr: "not a card" },
      ],
    };
    const first = await send(batch);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ recorded: 2, duplicate: 0, refused: 1, invalid: 2 });
    expect(first.json.results.map((r: { clientId: string | null; status: string }) => [r.clientId, r.status])).toEqual([
      ["tab1-0001", "recorded"],
      ["tab1-0002", "recorded"],
      ["tab1-0003", "refused"],
      [null, "invalid"],
      ["tab1-0005", "invalid"],
    ]);
    expect(first.json.results[0]).toMatchObject({ cardNumber: mine[0].cardNumber, fullName: mine[0].fullName });
    expect(first.json.results[2].message).toContain("cancelled");
    // The answer was lost; the device sends the same batch again.
    const replay = await send(batch);
    expect(replay.json).toMatchObject({ recorded: 0, duplicate: 2, refused: 1, invalid: 2 });
    expect(replay.json.results[2]).toMatchObject({ status: "refused", message: "This card was cancelled." });
    expect((await checkinsOf(mine[0].trekkerId)).length).toBe(1);
    expect((await checkinsOf(mine[1].trekkerId)).length).toBe(1);
    // The cancelled card: one refused scan, kept once (ADR 0028), not a check-in.
    expect(await checkinsOf(cancelled.trekkerId)).toMatchObject([{ method: "qr", refusedReason: "This card was cancelled." }]);
    expect(await trekkersWithCheckins([cancelled.trekkerId])).toEqual(new Set());
  });

  it("a card for another trekking area is answered off-route with nothing recorded, then recorded or refused as the device decides (issue 26)", async () => {
    const elsewhere = await makeRoute("Api Langtang", { checkpoints: [{ name: "Api Dhunche" }] });
    const [stray, refusedStray] = await trailCards(elsewhere.id, { count: 2, entry: inDays(0), exit: inDays(4), owner: u.agency });
    const asked = await send({ items: [{ clientId: "route-0001", qr: stray.qr }] });
    expect(asked.json).toMatchObject({ recorded: 0, offRoute: 1, results: [{ status: "off-route", routeName: elsewhere.name }] });
    expect(await checkinsOf(stray.trekkerId)).toEqual([]);
    const decided = await send({
      items: [
        { clientId: "route-0002", qr: stray.qr, offRoute: "record" },
        { clientId: "route-0003", qr: refusedStray.qr, offRoute: "refuse" },
      ],
    });
    expect(decided.json).toMatchObject({ recorded: 1, refused: 1, offRoute: 0 });
    expect(decided.json.results[0]).toMatchObject({ status: "recorded", offRoute: true, routeName: elsewhere.name });
    expect(await checkinsOf(stray.trekkerId)).toMatchObject([{ offRoute: true, refusedReason: null }]);
    expect((await checkinsOf(refusedStray.trekkerId))[0].refusedReason).toContain(elsewhere.name);
    expect((await send({ items: [{ clientId: "route-0004", qr: stray.qr, offRoute: "maybe" }] })).json.results[0].status).toBe("invalid");
  });

  it("refuses another role (403), a body that is not a batch (422), and GET (405)", async () => {
    const agency = await send({ items: [{ clientId: "agency-1", qr: mine[0].qr }] }, tokens.agency);
    expect(agency.status).toBe(403);
    expect((await send("{not json")).status).toBe(422);
    const empty = await send({ items: [] });
    expect(empty.status).toBe(422);
    expect(empty.json.error.details[0].path).toBe("items");
    expect((await send({ items: Array.from({ length: 201 }, (_, i) => ({ clientId: `x${i}`, qr: "x" })) })).status).toBe(422);
    expect((await checkinsLoader()).status).toBe(405);
    expect((await send({ items: [{ clientId: "revoked-1", qr: mine[0].qr }] }, tokens.revoked)).status).toBe(401);
  });

  it("answers an unknown endpoint with a JSON 404", async () => {
    const { status, json } = await body((get("/no-such-endpoint"), await unknownLoader()));
    expect(status).toBe(404);
    expect(json.error.code).toBe("not_found");
  });
});

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 JSON listing every endpoint, each reference resolving to a schema made from the zod schemas", async () => {
    const response = await openApiLoader();
    expect(response.headers.get("Content-Type")).toContain("application/json");
    const doc = JSON.parse(await response.text());
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual(["/cards/{cardNumber}", "/checkins", "/keys", "/openapi.json", "/revoked"]);
    expect(doc.paths["/checkins"].post.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/CheckinBatch" });
    const schemas = doc.components.schemas;
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(["Error", "Jwk", "KeySet", "RevocationList", "Card", "CheckinItem", "CheckinBatch", "CheckinResult", "CheckinBatchResult"]),
    );
    // Generated from the zod schemas: the batch limit and the clientId pattern are theirs.
    expect(schemas.CheckinBatch.properties.items).toMatchObject({ maxItems: 200, minItems: 1 });
    expect(schemas.CheckinItem.properties.clientId.pattern).toBe("^[A-Za-z0-9._:-]{1,52}$");
    const refs = JSON.stringify(doc).match(/"\$ref":"([^"]+)"/g) ?? [];
    expect(refs.length).toBeGreaterThan(5);
    for (const r of refs) {
      const name = r.replace(/^"\$ref":"#\/components\/schemas\//, "").replace(/"$/, "");
      expect(schemas[name], r).toBeDefined();
    }
    for (const [path, item] of Object.entries<Record<string, { responses: Record<string, unknown> }>>(doc.paths)) {
      for (const op of Object.values(item)) expect(Object.keys(op.responses), path).toContain("200");
    }
  });
});

// Last in the file: the tests above run first, in order, and leave their answers here.
describe("every answer above, held against the OpenAPI document", () => {
  it("declares each status answered and matches each body", () => {
    const doc = openApiDocument("http://tims.test") as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: object }> }> }>>;
      components: object;
    };
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addFormat("date-time", true).addFormat("date", true);
    const templates = Object.keys(doc.paths).map((t) => ({ t, re: new RegExp(`^${t.replace(/\{[^}]+\}/g, "[^/]+")}$`) }));
    const problems: string[] = [];
    let checked = 0;
    for (const a of answers) {
      const template = templates.find((x) => x.re.test(a.path))?.t;
      // Unknown endpoints answer a JSON 404 of their own (tested above); they have no operation.
      if (!template) continue;
      const operation = doc.paths[template][a.method.toLowerCase()];
      const declared = operation?.responses[String(a.status)];
      if (!declared) {
        problems.push(`${a.method} ${template} answered ${a.status}, which the document does not declare`);
        continue;
      }
      const schema = declared.content?.["application/json"]?.schema;
      if (!schema) continue;
      const validate = ajv.compile({ ...schema, components: doc.components });
      if (!validate(a.json))
        problems.push(`${a.method} ${template} ${a.status}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(a.json).slice(0, 200)}`);
      checked++;
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });

  it("the card's status is one of the card statuses, not any string", () => {
    const doc = openApiDocument("http://tims.test") as unknown as {
      components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> };
    };
    expect(doc.components.schemas.Card.properties.status.enum).toContain("Active");
    expect(doc.components.schemas.Card.properties.status.enum).toContain("Cancelled");
  });
});
