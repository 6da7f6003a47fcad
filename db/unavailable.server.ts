import { BaseError, ConnectionError } from "sequelize";

// What a database that cannot be reached looks like through Sequelize: its connection errors
// (refused, timed out, host unknown, access denied, no connection from the pool), a driver's lost
// connection under another Sequelize error, and SQLite's file that cannot be opened or read.
const LOST_CONNECTION = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "PROTOCOL_CONNECTION_LOST",
  "ER_CON_COUNT_ERROR",
  "ER_SERVER_SHUTDOWN",
]);
const SQLITE_UNREADABLE = new Set(["SQLITE_CANTOPEN", "SQLITE_IOERR", "SQLITE_NOTADB", "SQLITE_CORRUPT", "SQLITE_PERM"]);

/**
 * Whether `error` says the database is down or unreadable (not that a statement was wrong): the
 * server answers such a request with a 503 page instead of a 500. Network codes count only under
 * a Sequelize error, so a payment gateway's refused connection is not taken for the database.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let underSequelize = false;
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 6; depth++) {
    if (current instanceof ConnectionError) return true;
    if (current instanceof BaseError) underSequelize = true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (SQLITE_UNREADABLE.has(code) || (underSequelize && LOST_CONNECTION.has(code)))) return true;
    const next = current as { parent?: unknown; original?: unknown; cause?: unknown };
    current = next.parent ?? next.original ?? next.cause;
  }
  return false;
}
