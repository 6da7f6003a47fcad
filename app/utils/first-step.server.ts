import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@lib/zod-form.server";
import { readMultipart } from "@lib/multipart.server";
import { deleteStoredFile } from "@lib/files/storage.server";
import type { AuthUser } from "@modules/users/index.server";
import { createRegistration, firstStepSchema, parseCrop, processPhoto, splitFirstStep, trekRouteErrors } from "@modules/registration/index.server";
import { PHOTO_TOO_LARGE, readRegistrationForm, REGISTRATION_FORM_MAX_BYTES } from "./registration-action.server";
import { errorMap } from "./script-answers.server";

/**
 * What posting the wizard's first step came to. One function for the page's action (a plain
 * POST, answered with the page) and for the page script's endpoint (answered in JSON), so both
 * check and store exactly alike. An error createRegistration throws comes back with the
 * submission, for the caller to answer as it answers refusals.
 */
export type FirstStepOutcome =
  | { kind: "created"; id: number }
  | { kind: "refused"; status: number; result: SubmissionResult<string[]> | null; photoError: string | null }
  | {
      kind: "failed";
      error: unknown;
      submission: { reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]> };
    };

export async function submitFirstStep(request: Request, user: AuthUser): Promise<FirstStepOutcome> {
  const form = await readRegistrationForm(request);
  if (!form) return { kind: "refused", status: 413, result: null, photoError: PHOTO_TOO_LARGE };
  const submission = parseWithZod(form, { schema: firstStepSchema({ userType: user.userType }) });
  if (submission.status !== "success") return { kind: "refused", status: 400, result: await withRouteErrors(submission, form), photoError: null };
  const photo = await processPhoto(form.get("photo"), parseCrop(form));
  if (!photo.ok) return { kind: "refused", status: 400, result: submission.reply(), photoError: photo.message };
  const { trek, trekker } = splitFirstStep(submission.value);
  try {
    return { kind: "created", id: await createRegistration(user, trek, trekker, photo.key) };
  } catch (error) {
    await deleteStoredFile(photo.key).catch(() => {});
    return { kind: "failed", error, submission };
  }
}

/** The refused submission's errors, with the route's own (points not on it) for fields the schema let pass. */
async function withRouteErrors(
  submission: { error?: Record<string, string[] | null> | null; reply(options?: { fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]> },
  form: FormData,
) {
  const routeErrors = await trekRouteErrors(form);
  const extra = Object.fromEntries(Object.entries(routeErrors).filter(([field]) => !submission.error?.[field]?.length));
  return Object.keys(extra).length ? submission.reply({ fieldErrors: extra }) : submission.reply();
}

/** The blur check of the page script: the first step's schema on what is typed so far (no photo). */
export async function checkFirstStep(request: Request, user: AuthUser): Promise<Record<string, string[]>> {
  const form = await readMultipart(request, REGISTRATION_FORM_MAX_BYTES);
  const submission = parseWithZod(form, { schema: firstStepSchema({ userType: user.userType }) });
  return submission.status === "success" ? {} : errorMap(submission.reply());
}

export const FIRST_STEP_DONE = "Trek detail added successfully.";
