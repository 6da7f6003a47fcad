import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@lib/zod-form.server";
import { deleteStoredFile } from "@lib/files/storage.server";
import type { RegistrationViewer } from "./policy";
import { parseCrop, processPhoto } from "./photo.server";
import { insuranceSchema, trekDetailsSchema, trekkerSchema } from "./schemas";
import { addTrekker, removeTrekker, updateInsurance, updateTrek, updateTrekker } from "./service.server";

/** What the review page's forms post: one intent per section (spec 1 §2.7, no-JS friendly). */
export type ReviewOutcome =
  | { kind: "invalid"; result: SubmissionResult<string[]>; photoError: string | null }
  | {
      kind: "change";
      run: () => Promise<unknown>;
      success: string;
      cleanup?: () => Promise<void>;
      reply: (e?: Record<string, string[]>) => SubmissionResult<string[]> | null;
    };

export async function reviewIntent(regId: number, viewer: RegistrationViewer, form: FormData): Promise<ReviewOutcome | null> {
  const intent = String(form.get("intent") ?? "");
  const trekkerId = Number(form.get("trekkerId"));
  if (intent === "trek") {
    const s = parseWithZod(form, { schema: trekDetailsSchema });
    if (s.status !== "success") return { kind: "invalid", result: s.reply(), photoError: null };
    return {
      kind: "change",
      run: () => updateTrek(regId, viewer, s.value),
      success: "Trek Details Successfully Updated",
      reply: (e) => s.reply({ fieldErrors: e }),
    };
  }
  if (intent === "insurance") {
    const s = parseWithZod(form, { schema: insuranceSchema });
    if (s.status !== "success") return { kind: "invalid", result: s.reply(), photoError: null };
    return {
      kind: "change",
      run: () => updateInsurance(regId, trekkerId, viewer, s.value),
      success: "Insurance Details Successfully Updated",
      reply: (e) => s.reply({ fieldErrors: e }),
    };
  }
  if (intent === "trekker" || intent === "add") {
    const s = parseWithZod(form, { schema: trekkerSchema({ userType: viewer.userType }) });
    if (s.status !== "success") return { kind: "invalid", result: s.reply(), photoError: null };
    const file = form.get("photo");
    const hasFile = file instanceof File && file.size > 0;
    let photoKey: string | null = null;
    if (intent === "add" || hasFile) {
      const photo = await processPhoto(file, parseCrop(form));
      if (!photo.ok) return { kind: "invalid", result: s.reply(), photoError: photo.message };
      photoKey = photo.key;
    }
    const cleanup = photoKey ? () => deleteStoredFile(photoKey!).catch(() => {}) : undefined;
    if (intent === "add") {
      return {
        kind: "change",
        run: () => addTrekker(regId, viewer, s.value, photoKey!),
        success: "Trekker added successfully.",
        cleanup,
        reply: (e) => s.reply({ fieldErrors: e }),
      };
    }
    return {
      kind: "change",
      run: () => updateTrekker(regId, trekkerId, viewer, s.value, photoKey),
      success: "User Details Successfully Updated",
      cleanup,
      reply: (e) => s.reply({ fieldErrors: e }),
    };
  }
  if (intent === "remove") {
    return { kind: "change", run: () => removeTrekker(regId, trekkerId, viewer), success: "Trekker removed successfully.", reply: () => null };
  }
  return null;
}
