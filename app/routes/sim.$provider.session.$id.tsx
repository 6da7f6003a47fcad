import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, useLoaderData } from "@remix-run/react";
import { simulatorView } from "@modules/payments/index.server";
import { requireSimulator } from "@modules/payments/index.server";
import { SimulatorPage } from "~/components/payments/sim-page";
import type { RouteHandle } from "~/root";
import { notFound } from "@lib/param-id";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle: RouteHandle = { chrome: false, title: "Payment simulator" };

// public: a simulated provider's payment page, as public as the provider's own; outside production only.
export async function loader({ params }: LoaderFunctionArgs) {
  requireSimulator();
  const provider = params.provider ?? "";
  const id = params.id ?? "";
  const view = simulatorView(provider, id, "/sim");
  if (!view) throw notFound();
  return json({ view, action: `/sim/${provider}/decide/${encodeURIComponent(id)}` }, { headers: { "Cache-Control": "no-store" } });
}

export default function SimulatorSession() {
  const { view, action } = useLoaderData<typeof loader>();
  return <SimulatorPage view={view} action={action} />;
}
