// Issue 13, item 7: a decision is one transaction. Before, the agency's state was written first
// and its notes after, each on its own; a failure between them left "rejected" with no remark.
import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeUser } from "../../tests/factories/users";
import { findAgencyAccount } from "@modules/users/index.server";
import { decideAgency, getAgencyRequest, submitDocuments } from "./service.server";
import { DOCUMENT_SLOTS } from "./documents";

const PDF = new Uint8Array([...Buffer.from("%PDF-1.4\n"), ...new Array(2000).fill(32)]);
const actor = { id: 1, fullName: "Reviewer" };
let seq = 0;

async function agencyAwaitingReview(): Promise<number> {
  const name = `Decision Agency ${++seq}`;
  const { id } = await makeUser({ userType: 2, fullName: name, organizationName: name });
  const form = new FormData();
  for (const slot of DOCUMENT_SLOTS) form.append(slot.field, new File([PDF], `${slot.field}.pdf`));
  await submitDocuments(id, form);
  return id;
}

beforeAll(async () => {
  await prepareTestDatabase();
});

describe("an agency decision writes all of its rows or none", () => {
  it("a failure in the second write leaves the agency awaiting review, with no note", async () => {
    const id = await agencyAwaitingReview();
    // The remark's column is NOT NULL: the state change succeeds, then the notes' insert fails.
    const failed = await decideAgency({ agencyId: id, approve: false, remarks: null as unknown as string, actor, origin: "http://x" }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    const detail = (await getAgencyRequest(id))!;
    expect(detail.agency.requestStatus).toBe("pending");
    expect(detail.canDecide).toBe(true);
    expect((await findAgencyAccount(id))!.isVerified).toBeNull();
    expect(detail.notes.map((n) => n.note)).toEqual(["Documents uploaded"]);

    // The same decision, done right, goes through afterwards.
    await decideAgency({ agencyId: id, approve: false, remarks: "Blurred scan of the PAN", actor, origin: "http://x" });
    const after = (await getAgencyRequest(id))!;
    expect(after.agency.requestStatus).toBe("rejected");
    expect(after.notes.map((n) => n.note).sort()).toEqual(["Blurred scan of the PAN", "Documents rejected", "Documents uploaded"]);
  });

  it("stores a NUL byte that reaches the service as given (values are bound), never half a decision", async () => {
    const id = await agencyAwaitingReview();
    await decideAgency({ agencyId: id, approve: false, remarks: "bad\u0000scan remark", actor, origin: "http://x" });
    const detail = (await getAgencyRequest(id))!;
    expect(detail.agency.requestStatus).toBe("rejected");
    expect(detail.notes.find((n) => n.isRejectionNote)?.note).toBe("bad\u0000scan remark");
  });

  it("documents and the 'sent' state are stored together", async () => {
    const id = await agencyAwaitingReview();
    const account = (await findAgencyAccount(id))!;
    expect(account.isDocumentUploaded).toBe(true);
    expect((await getAgencyRequest(id))!.documentsByDate.flatMap((d) => d.documents)).toHaveLength(DOCUMENT_SLOTS.length);
  });
});
