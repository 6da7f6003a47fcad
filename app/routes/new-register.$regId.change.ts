import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/guards.server";
import { paramId } from "@lib/param-id";
import { requireReviewer, submitReviewChange } from "~/utils/registration-action.server";
import { scriptDomainError, scriptRedirect, scriptRefused } from "~/utils/script-answers.server";

/**
 * The review page's editors for the document script (ADR 0043): the form is submitted exactly as the page's own action does (submitReviewChange),
 * answered in JSON so the script keeps the form (and its scaled photo) and shows the errors in
 * place. The blur check is /form-check/registration.{schema}.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireReviewer(request);
  const regId = paramId(params, "regId");
  const outcome = await submitReviewChange(request, user, regId);
  if (outcome.kind === "changed") return scriptRedirect(request, `/new-register/${regId}`, { type: "success", message: outcome.success });
  if (outcome.kind === "refused") return scriptRefused(request, outcome.status, outcome.result, outcome.photoError);
  return scriptDomainError(request, outcome.error, `/new-register/${regId}`);
}

// A GET is not this route's business, but a visitor not signed in is sent to sign in first, as on
// every route that needs a user.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
