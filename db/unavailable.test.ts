// Issue 26 item 2: which errors mean "the database is down or unreadable" (a 503 page), and which
// are ordinary failures (a 500, or the caller's own handling).
import { ConnectionRefusedError, DatabaseError, HostNotFoundError, ConnectionAcquireTimeoutError, UniqueConstraintError } from "sequelize";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable.server";

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe("isDatabaseUnavailable", () => {
  it("is true for Sequelize's connection errors, a lost connection under a Sequelize error, and an SQLite file that cannot be read", () => {
    expect(isDatabaseUnavailable(new ConnectionRefusedError(withCode("ECONNREFUSED")))).toBe(true);
    expect(isDatabaseUnavailable(new HostNotFoundError(withCode("ENOTFOUND")))).toBe(true);
    expect(isDatabaseUnavailable(new ConnectionAcquireTimeoutError(new Error("pool")))).toBe(true);
    expect(isDatabaseUnavailable(new DatabaseError(Object.assign(withCode("PROTOCOL_CONNECTION_LOST"), { sql: "SELECT 1" }) as never))).toBe(true);
    expect(isDatabaseUnavailable(withCode("SQLITE_CANTOPEN"))).toBe(true);
    expect(isDatabaseUnavailable(new DatabaseError(Object.assign(withCode("SQLITE_NOTADB"), { sql: "SELECT 1" }) as never))).toBe(true);
  });

  it("is false for a wrong statement, a constraint, or a network error that is not the database's", () => {
    expect(isDatabaseUnavailable(new DatabaseError(Object.assign(withCode("ER_PARSE_ERROR"), { sql: "SELEC" }) as never))).toBe(false);
    expect(isDatabaseUnavailable(new UniqueConstraintError({}))).toBe(false);
    // A payment gateway that refuses: not the database.
    expect(isDatabaseUnavailable(new TypeError("fetch failed", { cause: withCode("ECONNREFUSED") }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("SQLITE_CANTOPEN")).toBe(false);
  });
});
