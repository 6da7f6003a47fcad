import type { SubmissionResult } from "@conform-to/react";
import { DomainError } from "@lib/errors";
import { toastCookie, type ToastInput } from "./toast.server";
import { requestMessages } from "./language.server";

/**
 * The JSON answers of a form's page script (document pages, ADR 0043; the script is
 * lib/ui/browser/script-form.ts): the page's own action answers the plain post with the
 * page; its script's endpoint runs the same code and answers here, so the script keeps the form
 * (and its chosen photo) and shows the errors in place.
 */

/** Success: where to go, with the toast's cookie; the script navigates there itself. */
export async function scriptRedirect(request: Request, to: string, toast: ToastInput): Promise<Response> {
  return Response.json({ redirect: to }, { headers: { "Set-Cookie": await toastCookie(request, toast) } });
}

/**
 * Refused by the form's schema (or its photo): the messages by field. A refused photo is named in
 * `clear`: the script empties it, as sending it again would only be refused again.
 */
export async function scriptRefused(request: Request, status: number, result: SubmissionResult<string[]> | null, photoError: string | null): Promise<Response> {
  const errors = errorMap(result);
  if (photoError) errors.photo = [photoError];
  return Response.json({ errors: await translatedErrors(request, errors), clear: photoError ? ["photo"] : [] }, { status });
}

/**
 * The messages in the request's language (ADR 0047): the script puts them in place as they come,
 * so they are translated here, as the page's own render translates those of a plain post.
 */
export async function translatedErrors(request: Request, errors: Record<string, string[]>): Promise<Record<string, string[]>> {
  const say = await requestMessages(request);
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map(say)]));
}

/**
 * A DomainError, as domainErrorResponse answers the plain post: field errors in place, other
 * refusals as a form error, or, with `redirectTo`, a warning toast there. A 403/404 without fields
 * is thrown: the script then posts the plain way and the browser shows the error page.
 */
export async function scriptDomainError(request: Request, error: unknown, redirectTo?: string): Promise<Response> {
  if (!(error instanceof DomainError)) throw error;
  if (redirectTo && !error.fieldErrors) {
    if (error.status === 403 || error.status === 404) throw new Response(error.message, { status: error.status });
    return scriptRedirect(request, redirectTo, { type: "warning", message: error.message });
  }
  return Response.json({ errors: await translatedErrors(request, error.fieldErrors ?? { "": [error.message] }) }, { status: error.status });
}

/** Conform's error map without the fields that passed. */
export function errorMap(result: SubmissionResult<string[]> | null): Record<string, string[]> {
  return Object.fromEntries(Object.entries(result?.error ?? {}).filter((e): e is [string, string[]] => Array.isArray(e[1]) && e[1].length > 0));
}
