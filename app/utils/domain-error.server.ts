import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { DomainError } from "@lib/errors";
import { redirectWithToast } from "./toast.server";

/** What a Conform submission can do with an error: `submission.reply(...)`. */
interface Replyable {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; resetForm?: boolean; hideFields?: string[] }): SubmissionResult<string[]>;
}

export interface DomainErrorOptions<E extends object = object> {
  /** The posted form: field errors land under their fields, other refusals above the buttons. */
  submission?: Replyable;
  /** Instead of answering on the same page, go here with the message as a warning toast. */
  redirectTo?: string;
  /** The toast's kind with `redirectTo`: a warning unless the page says otherwise. */
  toastType?: "warning" | "danger";
  /** Fields never sent back to the browser (passwords). */
  hideFields?: string[];
  /** More keys for the refused body, so it has the same shape as the route's other answers. */
  extra?: E;
  /** Says the module's English message in the page's language (`requestMessages`), for a page whose browser cannot. */
  say?: (message: string) => string;
}

/** The body of a refused action: Conform's result for the form, plus the message and field for plain pages. */
export interface RefusedBody {
  result: SubmissionResult<string[]> | null;
  error: string;
  field: string | null;
}

/**
 * THE way an action answers a refused request. A DomainError becomes a 4xx: a 403/404 without
 * fields is thrown for the nearest error boundary; otherwise the form comes back with the message
 * under its field (or as a form error), or, with `redirectTo`, a redirect with a warning toast.
 * Anything else is re-thrown: it is a bug and the boundary shows a 500.
 */
export function domainErrorResponse<E extends object = object>(error: unknown, options: DomainErrorOptions<E> = {}) {
  if (!(error instanceof DomainError)) throw error;
  if ((error.status === 403 || error.status === 404) && !error.fieldErrors) {
    throw new Response(error.message, { status: error.status, statusText: error.status === 403 ? "Forbidden" : "Not Found" });
  }
  const say = options.say ?? ((text: string) => text);
  const message = say(error.message);
  const fieldErrors = error.fieldErrors && Object.fromEntries(Object.entries(error.fieldErrors).map(([field, list]) => [field, list.map(say)]));
  if (options.redirectTo && !fieldErrors) return redirectWithToast(options.redirectTo, { type: options.toastType ?? "warning", message });
  const result = options.submission
    ? options.submission.reply({
        formErrors: fieldErrors ? [] : [message],
        fieldErrors,
        ...(options.hideFields ? { hideFields: options.hideFields } : {}),
      })
    : null;
  const body: RefusedBody & E = { ...(options.extra as E), result, error: message, field: error.field ?? null };
  return data(body, { status: error.status });
}

/** Runs `work`; a DomainError it throws is answered by domainErrorResponse. */
export async function withDomainErrors<T, E extends object = object>(work: () => Promise<T>, options: DomainErrorOptions<E> = {}) {
  try {
    return await work();
  } catch (error) {
    return domainErrorResponse(error, options);
  }
}
