import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePermission } from "~/utils/guards.server";

export const handle = { title: "Account Settings" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "settings");
  return { fullName: user.fullName, email: user.email, organizationName: user.organizationName };
}

export default function AccountSettings() {
  const user = useLoaderData<typeof loader>();
  const rows = [
    { label: "Account Details", value: user.organizationName ?? user.fullName },
    { label: "Email", value: user.email },
    { label: "Password", value: "••••••••" },
  ];
  return (
    <section className="max-w-2xl rounded-lg bg-white shadow-sm">
      <dl className="divide-y divide-slate-200">
        {rows.map((r) => (
          <div key={r.label} className="grid grid-cols-3 gap-4 px-6 py-4">
            <dt className="text-sm font-medium text-slate-500">{r.label}</dt>
            <dd className="col-span-2 text-sm text-slate-800">{r.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
