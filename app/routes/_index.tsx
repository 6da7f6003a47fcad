import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/react";
import { requireUser } from "~/utils/guards.server";
import { landingPath } from "@modules/users/index.server";

/** / has no page of its own: everyone lands where their role belongs (spec 1 §2.2). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  throw redirect(landingPath(user));
}
