import type { AppLoadContext } from "@remix-run/node";
import { clientAddress } from "@lib/client-address.server";
import { paramId } from "@lib/params";
import { generateCards, registrationToGenerate } from "@modules/cards/index.server";
import { domainErrorResponse, withDomainErrors } from "./domain-error.server";
import { requirePermission } from "./guards.server";
import { redirectWithToast } from "./toast.server";
import { requestMessages } from "./language.server";

/**
 * Generate Card's confirmation and action (the registration page's and the trekker list's): the
 * grant's holders only; the module answers what may be generated (404 for an unknown registration).
 */
export async function registrationForGeneration(request: Request, params: Record<string, string | undefined>) {
  const user = await requirePermission(request, "generateCard");
  try {
    return await registrationToGenerate(user, paramId(params, "regId"));
  } catch (error) {
    throw domainErrorResponse(error);
  }
}

/** Generates the cards; success goes to `back(regId)` with the spec's notice, a refusal answers on the page. */
export async function generateAndReturn(
  request: Request,
  params: Record<string, string | undefined>,
  context: AppLoadContext | undefined,
  back: (regId: number) => string,
) {
  const user = await requirePermission(request, "generateCard");
  const regId = paramId(params, "regId");
  const say = await requestMessages(request);
  return withDomainErrors(
    async () => {
      const result = await generateCards(user, regId, { ip: clientAddress(context) });
      return redirectWithToast(back(regId), { type: "success", message: say(result.message) });
    },
    { say },
  );
}
