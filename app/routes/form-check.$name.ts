import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/guards.server";
import { checkForm, PUBLIC_CHECKS } from "~/utils/form-checks.server";
import { readForm } from "@lib/multipart.server";
import { notFound } from "@lib/param-id";
import { translateMessages } from "@lib/i18n/messages";
import { requestTranslator } from "~/utils/language.server";

/**
 * The blur check of a form on a document page (ADR 0034, 0043): the named schema on what is typed
 * so far. Nothing is stored; the submit is checked again by its own action. The sign-in and
 * sign-up forms' checks are public; the rest are for signed-in users.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const name = params.name ?? "";
  const viewer = PUBLIC_CHECKS.has(name) ? { userType: 0 } : await requireUser(request);
  const errors = await checkForm(name, await readForm(request), viewer);
  if (!errors) return notFound();
  // The document script shows these as they come: in the page's language (lib/i18n/messages.ts).
  const translator = await requestTranslator(request);
  return Response.json({ errors: Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, translateMessages(translator, messages)])) });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
