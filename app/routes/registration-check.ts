import type { ActionFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";
import { checkFirstStep } from "~/utils/first-step.server";
import { translatedErrors } from "~/utils/script-answers.server";

/**
 * The blur check of the wizard's first step (its page is served without React, ADR 0029): the
 * step's schema on what is typed so far, without the photo, so the messages and the cross-field
 * rules are the server's own. Nothing is stored.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "registerTrek");
  return Response.json({ errors: await translatedErrors(request, await checkFirstStep(request, user)) });
}
