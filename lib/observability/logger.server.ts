import { createRequire } from "node:module";
import { Writable } from "node:stream";
import pino, { type DestinationStream, type Logger } from "pino";
import { config } from "@lib/config.server";
import { currentRequestId } from "./request-id.server";

/**
 * The one logger of a process: JSON lines on stdout (a deployment's log shipper reads them), or
 * pino-pretty's readable lines in the embedded mode when it is installed (a development
 * dependency: a production install falls back to JSON). Every line written while a request or a
 * job runs carries its `requestId`.
 *
 * Secrets never reach a line: the paths below are replaced by "[redacted]" wherever a caller puts
 * such an object, and no request or response body is ever logged (the HTTP log, scripts/serve.mjs,
 * keeps the method, the path without its query, the status and the time).
 */
export const REDACTED_PATHS = [
  "password",
  "*.password",
  "newPassword",
  "*.newPassword",
  "currentPassword",
  "*.currentPassword",
  "token",
  "*.token",
  "secret",
  "*.secret",
  "passportNumber",
  "*.passportNumber",
  "*.*.passportNumber",
  "passport",
  "*.passport",
  "signature",
  "*.signature",
  "qr",
  "*.qr",
  "html",
  "*.html",
  "text",
  "*.text",
  "body",
  "*.body",
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
];

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

function level(): string {
  const wanted = (process.env.LOG_LEVEL || "info").toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(wanted)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${wanted}"`);
  return wanted;
}

/** pino-pretty's stream when the embedded mode has it installed, else null (JSON lines). */
function prettyStream(): DestinationStream | null {
  if (!config.embedded || process.env.LOG_FORMAT === "json") return null;
  try {
    const pretty = createRequire(import.meta.url)("pino-pretty") as (o: object) => DestinationStream;
    return pretty({ colorize: Boolean(process.stdout.isTTY), translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" });
  } catch {
    return null;
  }
}

/**
 * Where the lines go: the chosen stream, which a test may swap for a capture (`captureLogs`) so it
 * reads what the real logger, with its redaction, writes.
 */
let target: DestinationStream = prettyStream() ?? pino.destination({ dest: 1, sync: false });
const sink = new Writable({
  write(chunk, _encoding, done) {
    target.write(String(chunk));
    done();
  },
});

const holder = globalThis as typeof globalThis & { __timsLogger?: Logger };
export const logger: Logger =
  holder.__timsLogger ??
  (holder.__timsLogger = pino(
    {
      level: level(),
      base: { pid: process.pid },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      // Before the redaction walks a line: a thrown Response (Remix's way to answer 404 or 503) or a
      // Request has getters that throw when read off their instance, which made the logging itself
      // fail and turned the database-down 503 into a 500.
      formatters: { log: plainFetchObjects },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    sink,
  ));

/**
 * The path as the log line keeps it: a long segment that is not a record id (a follower link's
 * signed token, /follow/eyJ…) is a secret the link's holder alone should have, so it is masked.
 */
export function loggedPath(path: string): string {
  return path
    .split("/")
    .map((segment) => (segment.length >= 24 && !/^[0-9a-f-]+$/i.test(segment) ? "[redacted]" : segment))
    .join("/");
}

/** A line's values with any Response or Request (at the top or one level down) as a plain summary. */
export function plainFetchObjects(line: Record<string, unknown>): Record<string, unknown> {
  const plain = (value: unknown): unknown => {
    if (value instanceof Response) return { response: { status: value.status, statusText: value.statusText } };
    if (value instanceof Request) return { request: { method: value.method, path: loggedPath(new URL(value.url).pathname) } };
    return value;
  };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(line)) {
    const top = plain(value);
    if (top === value && value && typeof value === "object" && !Array.isArray(value) && !(value instanceof Error)) {
      const inner = Object.entries(value as Record<string, unknown>);
      out[key] = inner.some(([, v]) => v instanceof Response || v instanceof Request) ? Object.fromEntries(inner.map(([k, v]) => [k, plain(v)])) : value;
    } else out[key] = top;
  }
  return out;
}

/** A named part of the process (`jobs`, `payments`, …): its lines carry `component`. */
export function loggerFor(component: string): Logger {
  return logger.child({ component });
}

/** Test support: every line written until `stop()`, as text. */
export function captureLogs(): { lines: () => string[]; stop: () => void } {
  const before = target;
  const captured: string[] = [];
  target = { write: (line: string) => captured.push(...line.split("\n").filter(Boolean)) } as DestinationStream;
  return {
    lines: () => captured,
    stop: () => {
      target = before;
    },
  };
}
