import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/guards.server";
import { checkForm, PUBLIC_CHECKS } from "~/utils/form-checks.server";
import { readForm } from "@lib/multipart.server";
import { notFound } from "@lib/param-id";

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
  return Response.json({ errors });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
