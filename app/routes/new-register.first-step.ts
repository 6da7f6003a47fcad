import type { ActionFunctionArgs } from "@remix-run/node";
import { DomainError } from "@lib/errors";
import { requirePermission } from "~/utils/guards.server";
import { toastCookie } from "~/utils/toast.server";
import { errorMap, FIRST_STEP_DONE, submitFirstStep } from "~/utils/first-step.server";

/**
 * The wizard's first step for its page script (the page is served without React, ADR 0029): the
 * form is submitted exactly as the page's own action does, answered in JSON so the script keeps the
 * form (and its scaled photo) and shows the errors in place (the blur check is
 * registration-check.ts). The redirect after success is in the body,
 * with the toast's cookie: the script navigates there itself.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "registerTrek");
  const outcome = await submitFirstStep(request, user);
  if (outcome.kind === "created") {
    const headers = { "Set-Cookie": await toastCookie(request, { type: "success", message: FIRST_STEP_DONE }) };
    return Response.json({ redirect: `/new-register/${outcome.id}` }, { headers });
  }
  if (outcome.kind === "refused") return Response.json({ errors: errorMap(outcome.result), photoError: outcome.photoError }, { status: outcome.status });
  if (!(outcome.error instanceof DomainError)) throw outcome.error;
  const error = outcome.error;
  return Response.json({ errors: error.fieldErrors ?? { "": [error.message] }, photoError: null }, { status: error.status });
}
