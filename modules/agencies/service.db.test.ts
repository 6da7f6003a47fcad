import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { drainQueue } from "../../jobs/queue.server";
import { listOutbox } from "../../emails/outbox.server";
import { makeUser } from "../../tests/factories/users";
import { findAgencyAccount } from "@modules/users/index.server";
import { DomainError } from "@lib/errors";
import { addRemark, decideAgency, NOT_AWAITING_REVIEW, getAgencyRequest, listAgencyRequests, submitDocuments } from "./service.server";
import { DOCUMENT_SLOTS } from "./documents";
import { makePng } from "../../tests/factories/images";

// A real image: stored images are decoded and written again, so magic bytes alone are refused.
const PNG = new Uint8Array(makePng(32, 32));
const PDF = new Uint8Array([...Buffer.from("%PDF-1.4\n"), ...new Array(2000).fill(32)]);
const actor = { id: 1, fullName: "Reviewer" };
let seq = 0;

async function agency(name = `Agency ${++seq}`) {
  const u = await makeUser({ userType: 2, fullName: name, organizationName: name });
  return u.id;
}

function fullForm(): FormData {
  const form = new FormData();
  DOCUMENT_SLOTS.forEach((s, i) => form.append(s.field, new File([i % 2 ? PNG : PDF], `${s.field}.${i % 2 ? "png" : "pdf"}`)));
  return form;
}

beforeAll(async () => {
  await prepareTestDatabase();
});

describe("agency onboarding", () => {
  it("refuses an incomplete or bad submission and stores nothing", async () => {
    const id = await agency();
    const form = fullForm();
    form.set("dot", new File([new TextEncoder().encode("not a pdf".repeat(200))], "dot.pdf"));
    form.delete("taanRenewal");
    const refused = await submitDocuments(id, form).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).status).toBe(400);
    expect((refused as DomainError).fieldErrors).toEqual({ dot: ["Only .jpg, .png and pdf extensions allowed"], taanRenewal: ["Upload field is required"] });
    expect((await getAgencyRequest(id))!.documentsByDate).toEqual([]);
    expect((await findAgencyAccount(id))!.isDocumentUploaded).toBe(false);
  });

  it("moves sent → rejected → sent → approved, and a decision happens once", async () => {
    const id = await agency("Snow Leopard Treks");
    await submitDocuments(id, fullForm());
    let detail = (await getAgencyRequest(id))!;
    expect(detail.agency.requestStatus).toBe("pending");
    expect(detail.canDecide).toBe(true);
    expect(detail.documentsByDate[0].documents).toHaveLength(5);
    // A second upload while under review is refused.
    await expect(submitDocuments(id, fullForm())).rejects.toMatchObject({ status: 409 });

    await decideAgency({ agencyId: id, approve: false, remarks: "Blurred scan", actor, origin: "http://x" });
    await expect(decideAgency({ agencyId: id, approve: true, remarks: "", actor, origin: "http://x" })).rejects.toMatchObject({
      status: 409,
      message: NOT_AWAITING_REVIEW,
    });
    detail = (await getAgencyRequest(id))!;
    expect(detail.agency.requestStatus).toBe("rejected");
    expect(detail.notes.find((n) => n.isRejectionNote)?.note).toBe("Blurred scan");

    await submitDocuments(id, fullForm());
    expect((await getAgencyRequest(id))!.documentsByDate.flatMap((g) => g.documents)).toHaveLength(10);
    const [a, b] = await Promise.allSettled([
      decideAgency({ agencyId: id, approve: true, remarks: "", actor, origin: "http://x" }),
      decideAgency({ agencyId: id, approve: false, remarks: "late", actor, origin: "http://x" }),
    ]);
    expect([a, b].filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect([a, b].find((r) => r.status === "rejected")).toMatchObject({ reason: { status: 409 } });
    await drainQueue();
    const mails = await listOutbox();
    expect(mails.filter((m) => /rejected|approved/.test(m.subject)).length).toBeGreaterThanOrEqual(2);
  });

  it("lists by status and search, and keeps remarks newest first", async () => {
    const id = await agency("Unique Himal Search");
    await addRemark(id, "First", actor);
    await addRemark(id, "Second", actor);
    await expect(addRemark(999999, "x", actor)).rejects.toMatchObject({ status: 404 });
    const notes = (await getAgencyRequest(id))!.notes.map((n) => n.note);
    expect(notes.indexOf("Second")).toBeLessThan(notes.indexOf("First"));
    const found = await listAgencyRequests({ search: "Unique Himal", status: "document_pending", offset: 0, limit: 10 });
    expect(found.rows.map((r) => r.id)).toEqual([id]);
    expect((await listAgencyRequests({ search: "Unique Himal", status: "pending", offset: 0, limit: 10 })).total).toBe(0);
  });
});
