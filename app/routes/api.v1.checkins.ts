import type { ActionFunctionArgs } from "@remix-run/node";
import { throttleAddress } from "@lib/client-address.server";
import { ApiError, apiHandler, authenticate, json, parseBatch, recordBatch } from "@modules/api/index.server";

/** POST /api/v1/checkins: a batch of scans at the device's checkpoint, each recorded once. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") throw new ApiError(405, "Use POST.");
    const caller = await authenticate(request, throttleAddress(context));
    return json(await recordBatch(caller, await parseBatch(request)));
  });
}

export async function loader() {
  return apiHandler(async () => {
    throw new ApiError(405, "Use POST with a JSON batch of check-ins.", undefined, { Allow: "POST" });
  });
}
