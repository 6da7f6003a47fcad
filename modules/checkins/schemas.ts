import { z } from "zod";
import { checkboxField, plainText, requiredText } from "@lib/validation";

/** A card number as printed: digits only. */
const cardNumberField = (label = "TIMS Card No.") =>
  requiredText(label)
    .regex(/^\d{1,10}$/, `${label} must be a number`)
    .transform(Number);

// A random id the page makes per submission, so a double tap or a resend records once.
const clientIdField = plainText()
  .regex(/^[A-Za-z0-9-]{8,64}$/)
  .optional();

// The checkpost's answer to a card for another trekking area (absent: ask first).
const offRouteField = z.enum(["record", "refuse"]).optional();

/** The scan page's three ways in (spec 2 §2 Scan): the camera's text, a photo of the code, the typed pair. */
export const scanSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("qr"),
    qr: requiredText("QR Code").max(2000, "Invalid QR Code"),
    method: z.enum(["qr", "photo"]).default("qr"),
    clientId: clientIdField,
    offRoute: offRouteField,
  }),
  // The photo itself arrives as a file; the server decodes it (no JavaScript).
  z.object({ intent: z.literal("photo"), clientId: clientIdField }),
  z.object({
    intent: z.literal("typed"),
    cardNumber: cardNumberField("Card Number"),
    passport: requiredText("Passport Number").max(30),
    clientId: clientIdField,
    offRoute: offRouteField,
  }),
]);

/** Self check-in, step 0 (spec 1 §2.8): card and passport, and whether this is a check-out. */
export const selfCheckSchema = z.object({
  cardno: cardNumberField(),
  passport: requiredText("Passport No.").max(30),
  isCheckOut: checkboxField(),
});

/** Step 1: the same pair again (never trusted from step 0) and the place. */
export const selfCheckinSchema = selfCheckSchema.extend({
  place: requiredText("Place").max(150),
  clientId: clientIdField,
});

/** A batch of scans the scan page kept offline (POST /scan/sync, JSON). */
export const offlineSyncSchema = z.object({
  /** The account that made the scans: a page whose session changed meanwhile must not send them as another. */
  scannerId: z.number().int().positive(),
  checkins: z
    .array(
      z.object({
        clientId: plainText().regex(/^[A-Za-z0-9-]{8,64}$/),
        qr: requiredText("QR Code").max(2000, "Invalid QR Code"),
        method: z.enum(["qr", "photo"]),
        scannedAt: plainText().max(40),
      }),
    )
    .max(100),
});
