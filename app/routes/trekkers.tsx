import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";

export const handle = { title: "Trekkers" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "trekkers");
  return null;
}

// The trekker list (lists issue) replaces this page; approved agencies arrive here after onboarding.
export default function Trekkers() {
  return (
    <section>
      <h2 className="text-xl font-semibold text-slate-800">Trekkers</h2>
      <p className="mt-2 text-slate-600">No Data Found</p>
    </section>
  );
}
