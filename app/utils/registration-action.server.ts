import { data } from "@remix-run/node";
import { NotAllowedError, RegistrationError } from "@modules/registration/service.server";
import { redirectWithToast } from "./toast.server";

/**
 * Runs a registration change and answers as the review page expects: a toast on success, a field
 * error under the form on a refused value, a warning when the trek can no longer be changed.
 */
export async function registrationChange<R>(
  regId: number,
  reply: (fieldErrors?: Record<string, string[]>) => R,
  change: () => Promise<unknown>,
  success: string,
  onRefused?: () => Promise<void>,
) {
  try {
    await change();
    return redirectWithToast(`/new-register/${regId}`, { type: "success", message: success });
  } catch (error) {
    if (onRefused) await onRefused();
    if (error instanceof RegistrationError) return data({ result: reply({ [error.field]: [error.message] }), photoError: null }, { status: 400 });
    if (error instanceof NotAllowedError) return redirectWithToast(`/new-register/${regId}`, { type: "warning", message: error.message });
    throw error;
  }
}
