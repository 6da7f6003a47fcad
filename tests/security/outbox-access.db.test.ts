// Issue 26 item 6: the embedded outbox (/dev/outbox and each e-mail in it) holds reset links, so
// it answers only the machine itself (a loopback client address, as our server saw it) or a
// signed-in board user; anyone else gets 404. The loaders are called with the load context our
// server (scripts/serve.mjs) gives them: the client address it saw (behind TRUST_PROXY, the
// address the load balancer reported; never a header the client chose, see client-address.test).
import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../setup/test-db";
import { makeRoleUser } from "../factories/users";
import { deliver } from "../../emails/mailer.server";
import { findAuthUser } from "@modules/users/index.server";
import { isLoopbackAddress } from "@lib/client-address.server";
import { loader as listLoader } from "~/routes/dev.outbox";
import { loader as messageLoader } from "~/routes/dev.outbox_.$id";
import { startSession } from "~/utils/guards.server";

let messageId = "";

beforeAll(async () => {
  await prepareTestDatabase();
  messageId = (await deliver({ to: "owner@example.com", subject: "Reset Password", html: "<p>https://tims.test/create-new-password?token=secret</p>" })).id;
});

async function cookieOf(role: "ntb" | "agency" | "checkpost"): Promise<string> {
  const user = await makeRoleUser(
    role,
    role === "agency" ? { isDocumentUploaded: true, isVerified: true, isApproved: true, organizationName: "Outbox Treks" } : {},
  );
  return (await startSession(new Request("http://tims.test/login"), (await findAuthUser(user.id))!, false)).split(";")[0];
}

function call(path: string, clientAddress: string | null, cookie?: string, extra: Record<string, string> = {}) {
  const request = new Request(`http://tims.test${path}`, { headers: { ...extra, ...(cookie ? { Cookie: cookie } : {}) } });
  const args = { request, params: { id: messageId }, context: { clientAddress } } as never;
  return path === "/dev/outbox" ? listLoader(args) : messageLoader(args);
}

async function statusOf(work: Promise<unknown>): Promise<number> {
  try {
    const result = await work;
    return result instanceof Response ? result.status : 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

const paths = () => ["/dev/outbox", `/dev/outbox/${messageId}`];

describe("who may read the embedded outbox", () => {
  it("an anonymous client at a non-loopback address gets 404 for the list and for an e-mail", async () => {
    for (const path of paths()) {
      expect(await statusOf(call(path, "203.0.113.9")), path).toBe(404);
      expect(await statusOf(call(path, "::ffff:198.51.100.7")), path).toBe(404);
      expect(await statusOf(call(path, "2001:db8::5")), path).toBe(404);
    }
  });

  it("without a known client address (no scripts/serve.mjs) only the board may look", async () => {
    for (const path of paths()) expect(await statusOf(call(path, null)), path).toBe(404);
  });

  it("a signed-in user who is not board staff, from elsewhere, gets 404", async () => {
    for (const role of ["agency", "checkpost"] as const) {
      const cookie = await cookieOf(role);
      for (const path of paths()) expect(await statusOf(call(path, "203.0.113.9", cookie)), `${role} ${path}`).toBe(404);
    }
  });

  it("the machine itself (loopback, IPv4 or IPv6) reads the list and the e-mail", async () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      for (const path of paths()) expect(await statusOf(call(path, address)), `${address} ${path}`).toBe(200);
    }
  });

  it("a request a local proxy forwarded (not trusted: no TRUST_PROXY) is not the machine itself", async () => {
    for (const header of ["X-Forwarded-For", "Forwarded", "X-Real-IP"]) {
      for (const path of paths()) expect(await statusOf(call(path, "127.0.0.1", undefined, { [header]: "203.0.113.9" })), `${header} ${path}`).toBe(404);
    }
  });

  it("a signed-in board user reads it from anywhere", async () => {
    const cookie = await cookieOf("ntb");
    for (const path of paths()) expect(await statusOf(call(path, "203.0.113.9", cookie)), path).toBe(200);
  });

  it("loopback is 127.0.0.0/8 and ::1 only", () => {
    expect(isLoopbackAddress("127.0.0.1")).toBe(true);
    expect(isLoopbackAddress("127.8.9.10")).toBe(true);
    expect(isLoopbackAddress("::1")).toBe(true);
    for (const address of [null, "", "unknown", "10.0.0.1", "128.0.0.1", "::", "::2", "127.0.0.1.example.com", "fe80::1"])
      expect(isLoopbackAddress(address), String(address)).toBe(false);
  });
});
