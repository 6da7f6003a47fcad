import { DomainError } from "@lib/errors";
import { BodyTooLargeError } from "@lib/multipart.server";
import { isDatabaseUnavailable } from "../../db/unavailable.server";
import type { z } from "zod";
import type { apiErrorSchema } from "./wire";

type ApiErrorBody = z.infer<typeof apiErrorSchema>;
export type ApiErrorCode = ApiErrorBody["error"]["code"];

const CODES: Record<number, ApiErrorCode> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  422: "validation_failed",
  429: "rate_limited",
  500: "internal_error",
  503: "unavailable",
};

/** A refusal of the API: its status, a stable code, a message, and per-field details for 422. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: { path: string; message: string }[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const API_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } as const;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...API_HEADERS, ...headers } });
}

export function errorResponse(status: number, message: string, details?: { path: string; message: string }[], headers: Record<string, string> = {}): Response {
  const body: ApiErrorBody = { error: { status, code: CODES[status] ?? "bad_request", message, ...(details?.length ? { details } : {}) } };
  return json(body, status, status === 401 ? { "WWW-Authenticate": 'Bearer realm="tims-api"', ...headers } : headers);
}

/** Zod's issues as the error's details. */
export function issueDetails(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join(".") || "(body)", message: i.message }));
}

/**
 * Runs an endpoint: every refusal becomes a JSON error (ApiError, the modules' DomainErrors with
 * their status, a too-large body); anything else is a bug and answers 500 without details.
 */
export async function apiHandler(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error.status, error.message, error.details, error.headers);
    if (error instanceof BodyTooLargeError) return errorResponse(413, error.message);
    if (error instanceof DomainError) return errorResponse(error.status, error.message);
    if (error instanceof Response) return errorResponse(error.status, error.statusText || "Request refused");
    if (isDatabaseUnavailable(error)) {
      console.error("[api] the database is unavailable:", error instanceof Error ? error.message : error);
      return errorResponse(503, "The service cannot reach its database just now; try again later.", undefined, { "Retry-After": "30" });
    }
    console.error("[api] unexpected error:", error);
    return errorResponse(500, "Internal error");
  }
}
