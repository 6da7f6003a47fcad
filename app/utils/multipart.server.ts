/**
 * Reads a multipart form after checking the declared size, so an oversized post is refused
 * before it is buffered. Per-file limits are checked afterwards by the module's upload rule.
 */
export class BodyTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`The upload is too large. Files together must stay under ${Math.round(maxBytes / (1024 * 1024))}MB.`);
  }
}

export async function readMultipart(request: Request, maxBytes: number): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new BodyTooLargeError(maxBytes);
  return request.formData();
}
