import { z } from "zod";
import { MAX_BATCH, apiSchemas } from "./wire";

/**
 * The OpenAPI 3.1 description of /api/v1, generated from the zod schemas the handlers parse and
 * answer with (wire.ts): zod's own JSON Schema output (draft 2020-12, the dialect of OpenAPI
 * 3.1) becomes the components, and the paths refer to them by name. ADR 0024.
 */

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonOf = (name: string, description: string) => ({ description, content: { "application/json": { schema: ref(name) } } });
const error = (description: string) => jsonOf("Error", description);

const UNAUTHORIZED = error("No bearer token, or one that is unknown or revoked, or whose account is no longer active");
const FORBIDDEN = error("The device's account does not hold the permission this needs");
const LIMITED = error("Too many requests from this device (or refused tokens from this address); see Retry-After");

function components(): Record<string, unknown> {
  const { schemas } = z.toJSONSchema(apiSchemas, {
    target: "draft-2020-12",
    io: "input",
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: "any",
  }) as { schemas: Record<string, Record<string, unknown>> };
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const { $schema: _dialect, $id: _id, ...rest } = schema;
    out[name] = rest;
  }
  return out;
}

export function openApiDocument(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "TIMS API",
      version: "1.0.0",
      description:
        "For checkpost apps and integrations. Every call but the key set and this document needs `Authorization: Bearer <device token>`; the board issues and revokes device tokens at /api-devices. A device acts as its checkpost account: the same permissions and row rules as the pages apply.",
    },
    servers: [{ url: `${serverUrl.replace(/\/$/, "")}/api/v1` }],
    components: {
      securitySchemes: { deviceToken: { type: "http", scheme: "bearer", description: "A device token issued by the board (tims_…)" } },
      schemas: components(),
    },
    security: [{ deviceToken: [] }],
    paths: {
      "/keys": {
        get: {
          operationId: "getKeySet",
          summary: "The public keys that verify card QR signatures",
          security: [],
          responses: { "200": jsonOf("KeySet", "The key set (JWKS)") },
        },
      },
      "/revoked": {
        get: {
          operationId: "getRevocationList",
          summary: "Card numbers that were cancelled or returned",
          responses: { "200": jsonOf("RevocationList", "The revocation list"), "401": UNAUTHORIZED, "403": FORBIDDEN, "429": LIMITED },
        },
      },
      "/cards/{cardNumber}": {
        get: {
          operationId: "getCard",
          summary: "A card by its printed number",
          parameters: [{ name: "cardNumber", in: "path", required: true, schema: { type: "integer", minimum: 1 } }],
          responses: {
            "200": jsonOf("Card", "The card"),
            "401": UNAUTHORIZED,
            "404": error("No such card, or one this device's account may not see"),
            "422": error("The card number is not a positive whole number"),
            "429": LIMITED,
          },
        },
      },
      "/checkins": {
        post: {
          operationId: "postCheckins",
          summary: `Record up to ${MAX_BATCH} scans made at the device's checkpoint`,
          description:
            'Each scan is recorded once: a clientId sent again (a batch replayed after a lost answer) answers "duplicate". Items are judged one by one; one invalid item does not stop the others.',
          requestBody: { required: true, content: { "application/json": { schema: ref("CheckinBatch") } } },
          responses: {
            "200": jsonOf("CheckinBatchResult", "What became of each scan, in the order sent"),
            "401": UNAUTHORIZED,
            "403": FORBIDDEN,
            "413": error("The body is too large"),
            "422": error("The body is not JSON or has no items array of 1 to 200 entries"),
            "429": error(
              "Too many requests from this device (or refused tokens from this address), or a typed item's card has had too many wrong passport numbers (5 an hour, at every door): the batch stops at that item, those before it were handled; send it again after Retry-After",
            ),
          },
        },
      },
      "/openapi.json": {
        get: {
          operationId: "getOpenApi",
          summary: "This document",
          security: [],
          responses: { "200": { description: "OpenAPI 3.1", content: { "application/json": {} } } },
        },
      },
    },
  };
}
