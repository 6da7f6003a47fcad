import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/guards.server";
import { checkForm } from "~/utils/form-checks.server";
import { readForm } from "@lib/multipart.server";

/**
 * The blur check of a form on a page served as HTML (ADR 0034): the named schema on what is typed
 * so far. Nothing is stored; the submit is checked again by its own action.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const errors = await checkForm(params.name ?? "", await readForm(request), user);
  if (!errors) return Response.json({ error: "No such check." }, { status: 404 });
  return Response.json({ errors });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
