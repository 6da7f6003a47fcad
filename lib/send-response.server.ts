import type { ServerResponse } from "node:http";

/** A Node response as the server hands it on (`flush` when the compression middleware wraps it). */
export type NodeResponse = ServerResponse & { flush?: () => void };

/**
 * Sends a web Response (what Remix answers) on a Node response, as @remix-run/express's own
 * sender does, except for the body: the next chunk is read only once the last one was taken.
 * Remix's writer (`writeReadableStreamToWritable`) ignores `write()` returning false, so a
 * client that stopped reading made the server buffer the rest of the body: the whole CSV of a
 * million-row export (issue 26, item 7: RSS 196 → 372 MB for one slow client). Here a false
 * `write()` waits for "drain" before the body's next read, so a CSV export's pull, and with it
 * its next database batch, waits for the client; when the client goes away the body is
 * cancelled, which closes the export's batches (lib/csv.server.ts), and nothing more is read.
 */
export async function sendResponse(res: NodeResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [name, value] of response.headers.entries()) res.appendHeader(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  await writeBody(response.body, res);
}

/** The body onto `res` with back-pressure; cancelled when `res` closes before the end. */
export async function writeBody(body: ReadableStream<Uint8Array>, res: NodeResponse): Promise<void> {
  const reader = body.getReader();
  let gone = res.destroyed;
  let wake: (() => void) | null = null;
  const resume = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  res.on("close", () => {
    gone = true;
    resume();
  });
  // One listener for the response's life: the compression middleware routes "drain" listeners to
  // its zlib stream, and a once() listener would be removed from the response, not from there.
  let draining = false;
  // What was written goes out (compressed) once the body pauses, not after every chunk: React
  // renders a page in a burst of small chunks, and a flush per chunk made each its own deflate
  // block and socket write (writev, zlib and the stream's buffers: a tenth of a list page's CPU).
  // A body that waits (a CSV's next batch, deferred data) still has what came before it sent.
  let flushing: NodeJS.Immediate | null = null;
  const flushSoon = () => {
    if (!res.flush || flushing) return;
    flushing = setImmediate(() => {
      flushing = null;
      if (!gone && !res.writableEnded) res.flush?.();
    });
  };
  try {
    for (;;) {
      if (gone) {
        await reader.cancel();
        return;
      }
      const { done, value } = await reader.read();
      if (done) {
        res.end();
        return;
      }
      const more = res.write(value);
      if (more) flushSoon();
      else res.flush?.();
      if (!more && !gone) {
        if (!draining) {
          draining = true;
          res.on("drain", resume);
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
    }
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  } finally {
    if (flushing) clearImmediate(flushing);
    reader.releaseLock();
  }
}
