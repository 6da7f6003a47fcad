import { z } from "zod";
import { optionalText, requiredText } from "@lib/validation";
import { DOCUMENT_SLOTS, type DocumentField } from "./documents";

export const rejectSchema = z.object({ remarks: requiredText("Remarks", { multiline: true }).max(2000) });
export const approveSchema = z.object({ remarks: optionalText(2000, { multiline: true }).default("") });
export const remarkSchema = z.object({ intent: z.literal("remark"), note: requiredText("Note", { multiline: true }).max(2000) });

/**
 * The five document uploads. Files are checked by content (magic bytes, size) in the service,
 * which answers per field; the schema only names the form's fields.
 */
export const uploadDocumentsSchema = z.object(
  Object.fromEntries(DOCUMENT_SLOTS.map((slot) => [slot.field, z.unknown().optional()])) as Record<DocumentField, z.ZodOptional<z.ZodUnknown>>,
);
