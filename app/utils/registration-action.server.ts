import type { SubmissionResult } from "@conform-to/react";
import { BodyTooLargeError, readMultipart } from "@lib/multipart.server";
import { can } from "@modules/users";
import type { AuthUser } from "@modules/users/index.server";
import { reviewIntent } from "@modules/registration/index.server";
import { forbidden, requireUser } from "./guards.server";

export const REGISTRATION_FORM_MAX_BYTES = 4 * 1024 * 1024;
export const PHOTO_TOO_LARGE = "Max File Size 3MB.";

/** A registration form's post, photo included; null when it is over the limit. */
export async function readRegistrationForm(request: Request): Promise<FormData | null> {
  try {
    return await readMultipart(request, REGISTRATION_FORM_MAX_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return null;
    throw error;
  }
}

/** Who may open and change a registration on its review page. */
export async function requireReviewer(request: Request): Promise<AuthUser> {
  const user = await requireUser(request);
  if (!can(user, "registerTrek") && !can(user, "cardsEdit")) throw forbidden();
  return user;
}

/**
 * What posting one of the review page's forms came to. One function for the page's action (a
 * plain POST, answered with the page) and for its editors' page script endpoint
 * (new-register.$regId.change.ts, answered in JSON), so both check and change exactly alike. A
 * refusal of the registration module (a DomainError) comes back for the caller to answer; a photo
 * stored for a refused change is deleted first.
 */
export type ReviewChangeOutcome =
  | { kind: "changed"; success: string }
  | { kind: "refused"; status: number; result: SubmissionResult<string[]> | null; photoError: string | null }
  | { kind: "failed"; error: unknown; reply: (fieldErrors?: Record<string, string[]>) => SubmissionResult<string[]> | null };

export async function submitReviewChange(request: Request, user: AuthUser, regId: number): Promise<ReviewChangeOutcome> {
  const form = await readRegistrationForm(request);
  if (!form) return { kind: "refused", status: 413, result: null, photoError: PHOTO_TOO_LARGE };
  const outcome = await reviewIntent(regId, user, form);
  if (!outcome) throw new Response("Bad Request", { status: 400 });
  if (outcome.kind === "invalid") return { kind: "refused", status: 400, result: outcome.result, photoError: outcome.photoError };
  try {
    await outcome.run();
    return { kind: "changed", success: outcome.success };
  } catch (error) {
    await outcome.cleanup?.();
    return { kind: "failed", error, reply: outcome.reply };
  }
}
