import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeRoleUser } from "../../tests/factories/users";
import { deleteUser, disableUser } from "./admin.server";
import { changeOwnPassword, renameUser } from "./account.server";
import { UserSession } from "./models/session.server";
import { createSession, deleteSession, endOtherSessions, listSessions, readSession, touchSessionRecord, type SessionRecord } from "./sessions.server";
import { findAuthUser } from "./signed-in.server";

const HOUR = 3600_000;
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

function record(userId: number, version = 1, over: Partial<SessionRecord> = {}): SessionRecord {
  const now = Date.now();
  return { userId, version, issuedAt: now, lastSeen: now, expiresAt: now + HOUR, remember: false, userAgent: CHROME, ...over };
}

const rowsOf = (userId: number) => UserSession.count({ where: { userId } });

beforeAll(async () => {
  await prepareTestDatabase();
});

describe("session records", () => {
  it("hands out a 256-bit random token and stores only its hash", async () => {
    const user = await makeRoleUser("fit");
    const token = await createSession(record(user.id));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const rows = await UserSession.findAll({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].id).not.toContain(token);
    expect(await readSession(token)).toMatchObject({ userId: user.id, version: 1, remember: false, userAgent: CHROME });
    // The stored key is not a token: it names no session.
    expect(await readSession(rows[0].id)).toBeNull();
  });

  it("reads nothing for unknown or malformed tokens", async () => {
    expect(await readSession("A".repeat(43))).toBeNull();
    expect(await readSession("")).toBeNull();
    expect(await readSession("x' OR 1=1 --")).toBeNull();
  });

  it("a touch updates last-seen but never brings back a deleted session", async () => {
    const user = await makeRoleUser("fit");
    const token = await createSession(record(user.id));
    const later = Date.now() + 60_000;
    await touchSessionRecord(token, { lastSeen: later, expiresAt: later + HOUR, version: 1 });
    expect((await readSession(token))?.lastSeen).toBe(later);
    await deleteSession(token);
    await touchSessionRecord(token, { lastSeen: later + 1, expiresAt: later + HOUR, version: 1 });
    expect(await readSession(token)).toBeNull();
    expect(await rowsOf(user.id)).toBe(0);
  });

  it("a new sign-in sweeps sessions that expired unused, of anyone", async () => {
    const a = await makeRoleUser("fit");
    const b = await makeRoleUser("fit");
    const old = Date.now() - 3 * HOUR;
    const stale = await createSession(record(a.id, 1, { issuedAt: old, lastSeen: old, expiresAt: old + HOUR }));
    expect(await readSession(stale)).not.toBeNull();
    await createSession(record(b.id));
    expect(await readSession(stale)).toBeNull();
  });

  it("lists the user's live sessions with device and this one marked", async () => {
    const user = await makeRoleUser("taan");
    const mine = await createSession(record(user.id));
    await createSession(
      record(user.id, 1, {
        userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        lastSeen: Date.now() + 1000,
      }),
    );
    const list = await listSessions(user.id, mine);
    expect(list.map((s) => [s.device, s.current])).toEqual([
      ["Safari on iPhone", false],
      ["Chrome on Windows", true],
    ]);
    expect(list.every((s) => s.key.length === 12)).toBe(true);
  });

  it("sign out other sessions ends every other session of the user and keeps this one", async () => {
    const user = await makeRoleUser("ntb");
    const other = await makeRoleUser("ntb");
    const mine = await createSession(record(user.id));
    const phone = await createSession(record(user.id));
    const laptop = await createSession(record(user.id));
    const theirs = await createSession(record(other.id));
    expect(await endOtherSessions(user.id, mine)).toBe(2);
    expect(await readSession(mine)).not.toBeNull();
    expect(await readSession(phone)).toBeNull();
    expect(await readSession(laptop)).toBeNull();
    expect(await readSession(theirs)).not.toBeNull();
  });
});

describe("a sessionVersion bump deletes the user's sessions", () => {
  it("own password change", async () => {
    const user = await makeRoleUser("fit");
    const a = await createSession(record(user.id));
    const b = await createSession(record(user.id));
    const version = await changeOwnPassword(user.id, user.password, "Another#Pass9");
    expect(version).toBe(2);
    expect(await readSession(a)).toBeNull();
    expect(await readSession(b)).toBeNull();
    expect(await rowsOf(user.id)).toBe(0);
  });

  it("disabling and deleting an account", async () => {
    const board = await makeRoleUser("ntb");
    const user = await makeRoleUser("agency");
    const other = await makeRoleUser("agency");
    await createSession(record(user.id));
    await createSession(record(other.id));
    await disableUser(board.id, user.id, "Left the agency");
    expect(await rowsOf(user.id)).toBe(0);
    expect(await rowsOf(other.id)).toBe(1);
    await deleteUser(board.id, other.id);
    expect(await rowsOf(other.id)).toBe(0);
  });

  it("a session begun under the new version survives", async () => {
    const user = await makeRoleUser("fit");
    await createSession(record(user.id, 1));
    const version = await changeOwnPassword(user.id, user.password, "Third#Pass77");
    const renewed = await createSession(record(user.id, version));
    expect(await readSession(renewed)).toMatchObject({ version });
    expect((await findAuthUser(user.id))?.sessionVersion).toBe(version);
    expect(await rowsOf(user.id)).toBe(1);
  });

  it("an update that leaves the version alone keeps the sessions", async () => {
    const user = await makeRoleUser("fit");
    const token = await createSession(record(user.id));
    await renameUser(user.id, "Renamed Trekker");
    expect(await readSession(token)).not.toBeNull();
  });
});
