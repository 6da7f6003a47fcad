import { z } from "zod";
import { messages, plainText, requiredText } from "@lib/validation";

/** Spec 2 §5: Route Name, Province, Start Point, End Point, Description and each checkpoint name are required. */
export { ROUTE_LABELS } from "./labels";
import { ROUTE_LABELS } from "./labels";

export const MAX_IMAGES_PER_KIND = 10;

const place = (label: string) => requiredText(label).max(150, `${label} must be at most 150 characters`);

/**
 * The editor posts HTML; "<p><br></p>" is what an emptied editor leaves behind, so emptiness is
 * judged on the visible text. The server sanitises before it parses, so this never sees a script.
 */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;|&#160;/g, " ")
    .trim();
}

const description = plainText({ multiline: true }, messages.required(ROUTE_LABELS.description))
  .max(20_000, "Description is too long")
  .refine((v) => htmlText(v) !== "", messages.required(ROUTE_LABELS.description));

const id = z.number().int().positive();

/** The add/edit route form (files are checked separately: zod never sees the bytes). */
export const routeFormSchema = z.object({
  name: place(ROUTE_LABELS.name),
  provinceId: z
    .number({ error: messages.required(ROUTE_LABELS.province) })
    .int()
    .positive(messages.required(ROUTE_LABELS.province)),
  startPoint: place(ROUTE_LABELS.startPoint),
  endPoint: place(ROUTE_LABELS.endPoint),
  description,
  // An entry keeps its id in edit mode, so a renamed or moved checkpoint stays the same checkpoint.
  checkpoints: z
    .array(z.object({ id: id.optional(), name: place(ROUTE_LABELS.checkpoint) }), { error: "Invalid checkpoints" })
    .max(50, "At most 50 checkpoints")
    .default([]),
  removeImageIds: z.array(id).default([]),
});

export type RouteFormValue = z.infer<typeof routeFormSchema>;

/** Enable, disable and delete on the list; the route id comes from the form. */
export const routeActionSchema = z.object({
  intent: z.enum(["enable", "disable", "delete"], { error: "Unknown action" }),
  routeId: id,
});
