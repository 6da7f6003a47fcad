import { describe, expect, it } from "vitest";
import { BodyTooLargeError, boundedRequest, readForm, readMultipart, readText } from "@lib/multipart.server";

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

/** A body of `total` bytes handed out in 64 KB chunks on demand, counting what was pulled. */
function countingBody(total: number) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close();
      const size = Math.min(CHUNK, total - counter.pulled);
      counter.pulled += size;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
  return { stream, counter };
}

/** A POST whose body streams (as a chunked upload arrives): no Content-Length unless given. */
function streamedPost(body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return new Request("http://tims.test/upload", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

describe("reading a body within a limit", () => {
  it("stops a 40 MB chunked body at the 3 MB limit: at most a chunk or two more is pulled", async () => {
    const { stream, counter } = countingBody(40 * MB);
    const request = streamedPost(stream, { "Content-Type": "multipart/form-data; boundary=x" });
    const error = await readMultipart(request, 3 * MB).catch((e) => e);
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect(error.status).toBe(413);
    expect(error.message).toBe("The upload is too large. Files together must stay under 3MB.");
    expect(counter.pulled).toBeGreaterThan(3 * MB);
    expect(counter.pulled).toBeLessThanOrEqual(3 * MB + 2 * CHUNK);
  });

  it("does not believe a small Content-Length on a large body", async () => {
    const { stream, counter } = countingBody(20 * MB);
    const request = streamedPost(stream, { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "10" });
    await expect(readMultipart(request, MB)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(counter.pulled).toBeLessThanOrEqual(MB + 2 * CHUNK);
  });

  it("refuses a declared length over the limit before reading anything", async () => {
    const { stream, counter } = countingBody(5 * MB);
    const request = streamedPost(stream, { "Content-Length": String(5 * MB) });
    await expect(readMultipart(request, MB)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(counter.pulled).toBeLessThanOrEqual(CHUNK);
  });

  it("reads a multipart form under the limit, file and fields intact", async () => {
    const form = new FormData();
    form.set("name", "Pasang");
    form.set("photo", new File([new Uint8Array(200 * 1024).fill(7)], "me.png", { type: "image/png" }));
    const encoded = new Request("http://tims.test/", { method: "POST", body: form });
    // Re-send the encoded bytes as a stream without a length, as a chunked client would.
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += CHUNK) c.enqueue(bytes.slice(i, i + CHUNK));
        c.close();
      },
    });
    const parsed = await readMultipart(streamedPost(stream, { "Content-Type": encoded.headers.get("content-type")! }), MB);
    expect(parsed.get("name")).toBe("Pasang");
    const photo = parsed.get("photo") as File;
    expect(photo.name).toBe("me.png");
    expect(photo.size).toBe(200 * 1024);
  });

  it("text forms: a 413 Response with words for the error boundary; a small form reads as usual", async () => {
    const big = countingBody(3 * MB);
    const thrown = await readForm(streamedPost(big.stream, { "Content-Type": "application/x-www-form-urlencoded" })).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.status).toBe(413);
    expect(await thrown.text()).toBe("The form is too large. It must stay under 1MB.");
    expect(big.counter.pulled).toBeLessThanOrEqual(MB + 2 * CHUNK);

    const small = new Request("http://tims.test/", { method: "POST", body: new URLSearchParams({ remarks: "ok" }) });
    expect((await readForm(small)).get("remarks")).toBe("ok");
    expect(await readText(new Request("http://tims.test/", { method: "POST", body: "a=1" }))).toBe("a=1");
  });

  it("a bounded copy can be read twice (sign-in reads the form, then remix-auth does)", async () => {
    const copy = await boundedRequest(new Request("http://tims.test/login", { method: "POST", body: new URLSearchParams({ email: "a@b.c" }) }));
    expect((await copy.clone().formData()).get("email")).toBe("a@b.c");
    expect((await copy.formData()).get("email")).toBe("a@b.c");
  });
});
