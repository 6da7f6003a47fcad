import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";

export const handle = { title: "Register Trek" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "registerTrek");
  return null;
}

// The registration wizard (issue 6) replaces this page; the guard and landing already point here.
export default function NewRegister() {
  return (
    <section>
      <h2 className="text-xl font-semibold text-slate-800">Register Trek</h2>
      <p className="mt-2 text-slate-600">The trek registration wizard is being built.</p>
    </section>
  );
}
