import { domainErrorResponse } from "./domain-error.server";
import { redirectWithToast } from "./toast.server";

/**
 * The review page's changes: a toast on success; a refusal (a DomainError from the registration
 * module) is answered by the one helper, domainErrorResponse: a field error under the form, or a
 * warning toast on the review page when the trek can no longer be changed.
 * Kept only for new-register.$regId._index.tsx's signature; new code calls withDomainErrors.
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
    const submission = { reply: (options?: { fieldErrors?: Record<string, string[]> }) => reply(options?.fieldErrors) as never };
    return domainErrorResponse(error, { submission, redirectTo: `/new-register/${regId}`, extra: { photoError: null as string | null } });
  }
}
