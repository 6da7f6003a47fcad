import type { ActionFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";
import { FIRST_STEP_DONE, submitFirstStep } from "~/utils/first-step.server";
import { scriptDomainError, scriptRedirect, scriptRefused } from "~/utils/script-answers.server";

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
  if (outcome.kind === "created") return scriptRedirect(request, `/new-register/${outcome.id}`, { type: "success", message: FIRST_STEP_DONE });
  if (outcome.kind === "refused") return scriptRefused(request, outcome.status, outcome.result, outcome.photoError);
  return scriptDomainError(request, outcome.error);
}
