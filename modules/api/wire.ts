import { z } from "zod";
import { plainText } from "@lib/validation";
import { CARD_STATUSES } from "@modules/lookups";

/**
 * The request and response bodies of /api/v1 (issue 18 item 3). Each is registered under its
 * name in `apiSchemas`; openapi.server.ts turns the registry into the document's components,
 * so the OpenAPI description is generated from the very schemas the handlers parse with.
 */
export const apiSchemas = z.registry<{ id: string; description?: string }>();

const named = <T extends z.ZodType>(schema: T, id: string, description: string): T => {
  const described = schema.describe(description) as T;
  apiSchemas.add(described, { id, description });
  return described;
};

export const apiErrorSchema = named(
  z.object({
    error: z.object({
      status: z.number().int(),
      code: z.enum([
        "unauthorized",
        "forbidden",
        "not_found",
        "method_not_allowed",
        "payload_too_large",
        "validation_failed",
        "rate_limited",
        "conflict",
        "bad_request",
        "internal_error",
        "unavailable",
      ]),
      message: z.string(),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  }),
  "Error",
  "Every refusal: the HTTP status, a stable code and a message for people.",
);

export const jwkSchema = named(
  z.object({
    kty: z.literal("OKP"),
    crv: z.literal("Ed25519"),
    x: z.string().describe("The public key, base64url"),
    kid: z.string().describe("Key id: the RFC 7638 thumbprint of the key, base64url"),
    use: z.literal("sig"),
    alg: z.literal("EdDSA"),
  }),
  "Jwk",
  "A public key that verifies the signatures of TIMS card QR codes.",
);

export const keySetSchema = named(z.object({ keys: z.array(jwkSchema) }), "KeySet", "The published card-signing keys (RFC 7517 JWK set).");

export const revocationListSchema = named(
  z.object({
    generatedAt: z.iso.datetime(),
    cardNumbers: z
      .array(z.number().int().positive())
      .describe("Cancelled, returned and deleted cards whose trek has not ended (a card past its valid-to date is refused by that date), ascending"),
  }),
  "RevocationList",
  "Card numbers no checkpost may pass.",
);

export const apiCardSchema = named(
  z.object({
    cardNumber: z.number().int().positive(),
    fullName: z.string(),
    nationality: z.string(),
    routeName: z.string(),
    validFrom: z.iso.date(),
    validTo: z.iso.date(),
    status: z.enum(CARD_STATUSES.map((s) => s.name) as [string, ...string[]]).describe("The card's status (spec 2 §4)"),
    revoked: z.boolean().describe("Cancelled or returned: the card may not pass"),
  }),
  "Card",
  "A TIMS card as its holder's registering user, the board or the checkpost that scanned it may see it.",
);

export const CLIENT_ID = /^[A-Za-z0-9._:-]{1,52}$/;

export const checkinItemSchema = named(
  z
    .object({
      clientId: z.string().regex(CLIENT_ID).describe("The device's own id for this scan; the same id sent again is recorded once"),
      qr: z.string().min(1).max(2000).optional().describe("The scanned QR code's text"),
      cardNumber: z.number().int().positive().optional().describe("Typed card number (with passport)"),
      passport: plainText().min(1).max(30).optional(),
      scannedAt: z.iso.datetime({ offset: true }).optional().describe("When the card was scanned (offline scans); defaults to now"),
      offRoute: z
        .enum(["ask", "record", "refuse"])
        .optional()
        .describe(
          "A card for another trekking area: ask (the default) records nothing and answers off-route; record keeps it as an off-route check-in; refuse keeps it as a refused scan",
        ),
    })
    .refine((v) => (v.qr !== undefined) !== (v.cardNumber !== undefined && v.passport !== undefined), {
      message: "Give either qr, or cardNumber with passport",
    }),
  "CheckinItem",
  "One scan at the device's checkpoint.",
);

export const MAX_BATCH = 200;

export const checkinBatchSchema = named(
  z.object({ items: z.array(checkinItemSchema).min(1).max(MAX_BATCH) }),
  "CheckinBatch",
  `Up to ${MAX_BATCH} scans, in the order they were made.`,
);

export const checkinResultSchema = named(
  z.object({
    clientId: z.string().nullable(),
    status: z
      .enum(["recorded", "duplicate", "refused", "off-route", "invalid"])
      .describe(
        "duplicate: this clientId (or the same card here within the repeat window) was already recorded; refused: the card may not pass (cancelled, returned, outside its dates, or refused as off-route), kept once as a refused scan that counts as no check-in, and answered refused again when the clientId is resent; off-route: a good card for another trekking area (routeName), nothing recorded: send it again with offRoute record or refuse",
      ),
    message: z.string(),
    cardNumber: z.number().int().nullable(),
    fullName: z.string().nullable(),
    routeName: z.string().optional().describe("The card's trekking area, for off-route and off-route recorded scans"),
    offRoute: z.boolean().optional().describe("Recorded as an off-route check-in"),
  }),
  "CheckinResult",
  "What became of one scan.",
);

export const checkinBatchResultSchema = named(
  z.object({
    recorded: z.number().int(),
    duplicate: z.number().int(),
    refused: z.number().int(),
    offRoute: z.number().int().describe("Scans answered off-route: nothing recorded yet"),
    invalid: z.number().int(),
    results: z.array(checkinResultSchema),
  }),
  "CheckinBatchResult",
  "Per scan, in the order sent.",
);

export type CheckinItem = z.infer<typeof checkinItemSchema>;
export type CheckinResult = z.infer<typeof checkinResultSchema>;
export type ApiCard = z.infer<typeof apiCardSchema>;
