import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleSimulatorRequest } from "@modules/payments/index.server";
import { requireSimulator } from "@modules/payments/index.server";

// public: the payment provider simulators stand in for the providers' own public endpoints (their
// pages, form endpoints and status APIs); they check the providers' signatures and credentials,
// and answer only outside production (requireSimulator).
export async function loader({ request }: LoaderFunctionArgs) {
  requireSimulator();
  return handleSimulatorRequest(request);
}

export async function action({ request }: ActionFunctionArgs) {
  requireSimulator();
  return handleSimulatorRequest(request);
}
