import type { LoaderFunctionArgs } from "@remix-run/node";
import { throttleAddress } from "@lib/client-address.server";
import { apiHandler, authenticate, json, revocationList } from "@modules/api/index.server";

/** GET /api/v1/revoked: cancelled and returned card numbers (device token, "scan"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => json(await revocationList(await authenticate(request, throttleAddress(context)))));
}
