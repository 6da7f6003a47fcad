import { DomainError } from "@lib/errors";

/**
 * Request bodies are read only through these helpers, never with `request.formData()` or
 * `request.text()`: those buffer whatever arrives. A chunked body declares no length, so the bytes
 * are counted as they stream in and reading stops at the limit, whatever Content-Length said;
 * an oversized post costs at most `maxBytes` of memory (tests/architecture/request-body.test.ts
 * keeps every action on these helpers).
 */

/** Text-only forms (sign-in, remarks, decisions): far more than any of them needs. */
export const FORM_MAX_BYTES = 1024 * 1024;

const megabytes = (bytes: number) => Math.max(1, Math.round(bytes / (1024 * 1024)));

export class BodyTooLargeError extends DomainError {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`The upload is too large. Files together must stay under ${megabytes(maxBytes)}MB.`, { status: 413 });
    this.maxBytes = maxBytes;
  }
}

/**
 * The body's bytes, at most `maxBytes`. Past the limit it stops reading and throws
 * BodyTooLargeError. The rest of the body is left unread, not cancelled: cancelling would tear
 * down the connection before the 413 could be sent (the client stops sending once it sees it).
 */
export async function readBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw new BodyTooLargeError(maxBytes);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw new BodyTooLargeError(maxBytes);
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

async function copyWithin(request: Request, maxBytes: number): Promise<Request> {
  const body = request.method === "GET" || request.method === "HEAD" ? null : await readBody(request, maxBytes);
  return new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal });
}

/** A multipart (or any) form of at most `maxBytes`; BodyTooLargeError past it, for the route to word. */
export async function readMultipart(request: Request, maxBytes: number): Promise<FormData> {
  return (await copyWithin(request, maxBytes)).formData();
}

/** A 413 for the nearest error boundary, with words it shows. */
export function tooLargeResponse(error: BodyTooLargeError): Response {
  return new Response(`The form is too large. It must stay under ${megabytes(error.maxBytes)}MB.`, {
    status: 413,
    statusText: "Payload Too Large",
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

async function bounded<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw tooLargeResponse(error);
    throw error;
  }
}

/** A text form of at most `maxBytes`; past it a 413 Response is thrown for the error boundary. */
export function readForm(request: Request, maxBytes = FORM_MAX_BYTES): Promise<FormData> {
  return bounded(() => readMultipart(request, maxBytes));
}

/** The body as text, at most `maxBytes`; past it a 413 Response is thrown. */
export function readText(request: Request, maxBytes = FORM_MAX_BYTES): Promise<string> {
  return bounded(async () => new TextDecoder().decode(await readBody(request, maxBytes)));
}

/**
 * A copy of the request whose body is already in memory (at most `maxBytes`; a 413 Response past
 * it), for code that reads the body itself (remix-auth's form strategy) or reads it twice.
 */
export function boundedRequest(request: Request, maxBytes = FORM_MAX_BYTES): Promise<Request> {
  return bounded(() => copyWithin(request, maxBytes));
}
