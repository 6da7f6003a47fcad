// Issue 13, item 7, replayed through the real action: a NUL byte in the rejection remarks of
// POST /requests/:id/reject gave a 500 and left the agency rejected with no remark. Now the
// shared text field refuses it: 400 with a message under Remarks, and nothing is written.
import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeRoleUser, makeUser } from "../../tests/factories/users";
import { findAuthUser, findAgencyAccount } from "@modules/users/index.server";
import { DOCUMENT_SLOTS, getAgencyRequest, submitDocuments } from "@modules/agencies/index.server";
import { messages } from "@lib/validation";
import { action as reject } from "~/routes/requests_.$id.reject";
import { action as remark } from "~/routes/requests_.$id";
import { startSession } from "./guards.server";

const ORIGIN = "http://127.0.0.1:3000";
const PDF = new Uint8Array([...Buffer.from("%PDF-1.4\n"), ...new Array(2000).fill(32)]);

beforeAll(async () => {
  await prepareTestDatabase();
});

async function boardCookie(): Promise<string> {
  const board = await makeRoleUser("ntb");
  return (await startSession(new Request(`${ORIGIN}/login`), (await findAuthUser(board.id))!, false)).split(";")[0];
}

async function agencyAwaitingReview(): Promise<number> {
  const { id } = await makeUser({ userType: 2, fullName: "Nul Test Treks", organizationName: "Nul Test Treks" });
  const form = new FormData();
  for (const slot of DOCUMENT_SLOTS) form.append(slot.field, new File([PDF], `${slot.field}.pdf`));
  await submitDocuments(id, form);
  return id;
}

function post(path: string, cookie: string, fields: Record<string, string>): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
  });
}

/** An action's answer: Remix's `data()` (type, init, data) or a Response, returned or thrown. */
async function answer(run: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    const out = (await run()) as { type?: string; init?: { status?: number }; data?: unknown } | Response;
    if (out instanceof Response) return { status: out.status, body: null };
    return { status: out.init?.status ?? 200, body: out.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: null };
    throw thrown;
  }
}

describe("POST /requests/:id/reject with a NUL byte in the remarks", () => {
  it("answers 400 with a message under Remarks and writes nothing", async () => {
    const cookie = await boardCookie();
    const id = await agencyAwaitingReview();
    const result = await answer(() =>
      reject({ request: post(`/requests/${id}/reject`, cookie, { remarks: "bad\u0000scan remark" }), params: { id: String(id) }, context: {} }),
    );
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ result: { error: { remarks: [messages.controlChars] } } });
    const detail = (await getAgencyRequest(id))!;
    expect(detail.agency.requestStatus).toBe("pending");
    expect((await findAgencyAccount(id))!.isVerified).toBeNull();
    expect(detail.notes.map((n) => n.note)).toEqual(["Documents uploaded"]);
  });

  it("still rejects with ordinary multi-line remarks", async () => {
    const cookie = await boardCookie();
    const id = await agencyAwaitingReview();
    const result = await answer(() =>
      reject({
        request: post(`/requests/${id}/reject`, cookie, { remarks: "Blurred scan.\r\n\tPlease send the PAN again." }),
        params: { id: String(id) },
        context: {},
      }),
    );
    expect(result.status).toBe(302);
    const detail = (await getAgencyRequest(id))!;
    expect(detail.agency.requestStatus).toBe("rejected");
    expect(detail.notes.find((n) => n.isRejectionNote)?.note).toBe("Blurred scan.\r\n\tPlease send the PAN again.");
  });

  it("a remark with a control character is refused the same way", async () => {
    const cookie = await boardCookie();
    const id = await agencyAwaitingReview();
    const result = await answer(() =>
      remark({ request: post(`/requests/${id}`, cookie, { intent: "remark", note: "call \u0007 them" }), params: { id: String(id) }, context: {} }),
    );
    expect(result.status).toBe(400);
    expect(JSON.stringify(result.body)).toContain(messages.controlChars);
    expect((await getAgencyRequest(id))!.notes.map((n) => n.note)).toEqual(["Documents uploaded"]);
  });
});
