import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
// @ts-expect-error compression and express come without types here (scripts/serve.mjs is JavaScript)
import compression from "compression";
// @ts-expect-error see above
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { csvResponse } from "./csv.server";
import { sendResponse, type NodeResponse } from "./send-response.server";

// Issue 26, item 7: a client that stops reading an export must not make the server hold the CSV.
// The server here is the one scripts/serve.mjs runs (compression in front, the app's sendResponse
// writing the body) serving a CSV of 400 batches of 2,500 rows (about 100 MB), far more than the
// socket buffers hold; the client is a raw socket that reads nothing, or one byte a second.

const BATCHES = 400;
const ROWS = 2_500;
const batch = Array.from({ length: ROWS }, (_, i) => ({
  id: i,
  name: `Trekker ${i} ${Math.random().toString(36).slice(2)}`,
  note: Array.from({ length: 4 }, () => Math.random().toString(36).slice(2)).join(""),
}));
const columns = [
  { header: "Id", value: (r: (typeof batch)[number]) => r.id },
  { header: "Name", value: (r: (typeof batch)[number]) => r.name },
  { header: "Note", value: (r: (typeof batch)[number]) => r.note },
];

interface Export {
  read: number;
  closed: boolean;
  res: NodeResponse | null;
  finished: Promise<void>;
}

let server: http.Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

/** The server, and what its one export has read from its "database". */
async function serve(): Promise<{ port: number; state: Export }> {
  let done!: () => void;
  const state: Export = { read: 0, closed: false, res: null, finished: new Promise((resolve) => (done = resolve)) };
  async function* batches() {
    try {
      for (let i = 0; i < BATCHES; i++) {
        state.read++;
        yield batch;
      }
    } finally {
      state.closed = true;
    }
  }
  const app = express();
  app.use(compression());
  app.get("/export", (_req: http.IncomingMessage, res: NodeResponse) => {
    state.res = res;
    sendResponse(res, csvResponse({ fileName: "TrekkersList", columns, batches: batches() }))
      .catch(() => {})
      .finally(done);
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, state };
}

/** A raw client that sends the request and then reads nothing (its socket paused). */
async function stalledClient(port: number, gzip: boolean): Promise<net.Socket> {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write(`GET /export HTTP/1.1\r\nHost: localhost\r\n${gzip ? "Accept-Encoding: gzip\r\n" : ""}Connection: close\r\n\r\n`);
  socket.pause();
  return socket;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MB = 1024 * 1024;

describe("an export to a client that stops reading (issue 26, item 7)", () => {
  for (const gzip of [false, true]) {
    it(`waits for the client: a few batches read and under 2 MB held by the server${gzip ? " (gzip)" : ""}`, async () => {
      const { port, state } = await serve();
      const client = await stalledClient(port, gzip);
      // Until the buffers are full and the export has stopped reading (no batch read for a while;
      // on a loaded machine gzip fills them slowly), at most 20 s.
      for (let last = -1, quiet = 0, waited = 0; quiet < 1_000 && waited < 20_000; waited += 250) {
        await sleep(250);
        quiet = state.read === last ? quiet + 250 : 0;
        last = state.read;
      }
      const read = state.read;
      // What the sockets buffer (a few MB on loopback; more CSV than that when gzipped) plus the
      // response's own queue: an eighth of the export at most, and then nothing more.
      console.info(`${gzip ? "gzip" : "plain"}: ${read} of ${BATCHES} batches read, ${state.res!.writableLength} bytes queued`);
      expect(read).toBeLessThan(BATCHES / 8);
      expect(state.res!.writableLength).toBeLessThan(2 * MB);
      await sleep(1_000);
      expect(state.read, "nothing more is read while the client reads nothing").toBe(read);
      client.destroy();
      await state.finished;
      expect(state.closed, "the batches are closed once the client is gone").toBe(true);
      await sleep(200);
      expect(state.read, "and the database is read no further").toBe(read);
    });
  }

  it("a client reading 1 byte a second holds the export to what the sockets buffer; it stops when the client leaves", async () => {
    const { port, state } = await serve();
    const client = await stalledClient(port, false);
    for (let i = 0; i < 3; i++) {
      await sleep(1_000);
      client.read(1);
    }
    const read = state.read;
    expect(read).toBeLessThan(BATCHES / 8);
    expect(state.res!.writableLength).toBeLessThan(2 * MB);
    client.destroy();
    await state.finished;
    expect(state.closed).toBe(true);
    expect(state.read).toBe(read);
  });

  it("a client that reads gets the whole CSV, header first", async () => {
    const { port, state } = await serve();
    const lines = await new Promise<number>((resolve, reject) => {
      http.get(`http://127.0.0.1:${port}/export`, (res) => {
        let n = 0;
        res.on("data", (chunk: Buffer) => {
          for (const byte of chunk) if (byte === 10) n++;
        });
        res.on("end", () => resolve(n));
        res.on("error", reject);
      });
    });
    expect(lines).toBe(BATCHES * ROWS + 1);
    expect(state.read).toBe(BATCHES);
  });
});

// A page's body comes as a burst of small chunks (React's render) and, for some answers, in parts
// with pauses between them (a CSV's batches, deferred data): the burst must go out compressed in
// one piece, and what came before a pause must reach the client during it.
describe("when a compressed body is flushed", () => {
  /** A server answering `body()` through compression and sendResponse; counts the flushes. */
  async function serveBody(body: () => ReadableStream<Uint8Array>): Promise<{ port: number; flushes: () => number }> {
    let flushes = 0;
    const app = express();
    app.use(compression());
    app.get("/", (_req: http.IncomingMessage, res: NodeResponse) => {
      const flush = res.flush!.bind(res);
      res.flush = () => {
        flushes++;
        flush();
      };
      void sendResponse(res, new Response(body(), { headers: { "Content-Type": "text/html" } })).catch(() => {});
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return { port: (server.address() as AddressInfo).port, flushes: () => flushes };
  }
  const encoder = new TextEncoder();
  /** The answer's decompressed text and when each part of it arrived (ms after the request). */
  function fetchParts(port: number): Promise<{ text: string; arrivals: { at: number; text: string }[] }> {
    const started = Date.now();
    return new Promise((resolve, reject) => {
      http.get(`http://127.0.0.1:${port}/`, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
        expect(res.headers["content-encoding"]).toBe("gzip");
        const gunzip = zlib.createGunzip();
        const arrivals: { at: number; text: string }[] = [];
        gunzip.on("data", (chunk: Buffer) => arrivals.push({ at: Date.now() - started, text: chunk.toString() }));
        gunzip.on("end", () => resolve({ text: arrivals.map((a) => a.text).join(""), arrivals }));
        gunzip.on("error", reject);
        res.pipe(gunzip);
      });
    });
  }

  it("sends a burst of 500 small chunks with a few flushes, not one each, and the whole body arrives", async () => {
    const parts = Array.from({ length: 500 }, (_, i) => `<tr><td>${i}</td></tr>`);
    const { port, flushes } = await serveBody(
      () =>
        new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(encoder.encode(part));
            controller.close();
          },
        }),
    );
    const { text } = await fetchParts(port);
    expect(text).toBe(parts.join(""));
    expect(flushes()).toBeLessThan(10);
  });

  it("sends what came before a pause while the body waits", async () => {
    // The server and the client share this process's clock: the first part must have arrived
    // before the body made its second (a pause long enough for a loaded machine's event loop).
    let secondMadeAt = 0;
    const { port } = await serveBody(
      () =>
        new ReadableStream({
          async start(controller) {
            controller.enqueue(encoder.encode("<p>first part</p>"));
            await sleep(1500);
            secondMadeAt = Date.now();
            controller.enqueue(encoder.encode("<p>second part</p>"));
            controller.close();
          },
        }),
    );
    const started = Date.now();
    const { text, arrivals } = await fetchParts(port);
    expect(text).toBe("<p>first part</p><p>second part</p>");
    const first = arrivals.find((a) => a.text.includes("first part"))!;
    expect(first.text).not.toContain("second part");
    expect(started + first.at).toBeLessThan(secondMadeAt);
  });
});
