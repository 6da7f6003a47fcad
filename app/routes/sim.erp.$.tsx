import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireSimulator } from "@modules/payments/index.server";
import { handleErpSimulatorRequest } from "@modules/chalan/index.server";

// public: the ERP simulator stands in for the board's ERP sales API (modules/chalan/README.md); it
// checks its API key itself and answers only where the simulators are on (requireSimulator).
export async function loader({ request }: LoaderFunctionArgs) {
  requireSimulator();
  return handleErpSimulatorRequest(request);
}

export async function action({ request }: ActionFunctionArgs) {
  requireSimulator();
  return handleErpSimulatorRequest(request);
}
