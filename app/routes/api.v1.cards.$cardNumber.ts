import type { LoaderFunctionArgs } from "@remix-run/node";
import { throttleAddress } from "@lib/client-address.server";
import { ID_PATTERN } from "@lib/param-id";
import { ApiError, apiHandler, authenticate, cardByNumber, json } from "@modules/api/index.server";

/** GET /api/v1/cards/{cardNumber}: a card the device's account may see, as on the pages. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const caller = await authenticate(request, throttleAddress(context));
    const raw = params.cardNumber ?? "";
    if (!ID_PATTERN.test(raw))
      throw new ApiError(422, "The card number must be a positive whole number.", [{ path: "cardNumber", message: "Expected a positive integer" }]);
    return json(await cardByNumber(caller, Number(raw)));
  });
}
