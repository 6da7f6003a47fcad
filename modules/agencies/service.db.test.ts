import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { drainQueue } from "../../jobs/queue.server";
import { listOutbox } from "../../emails/outbox.server";
import { createUser } from "../users/service.server";
import { findAgencyAccount } from "../users/agency-state.server";
import { addRemark, decideAgency, getAgencyRequest, listAgencyRequests, submitDocuments } from "./service.server";
import { DOCUMENT_SLOTS } from "./documents";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(2000).fill(7)]);
const PDF = new Uint8Array([...Buffer.from("%PDF-1.4\n"), ...new Array(2000).fill(32)]);
const actor = { id: 1, fullName: "Reviewer" };
let seq = 0;

async function agency(name = `Agency ${++seq}`) {
  const u = await createUser({ userType: 2, email: `a${seq}-${Date.now()}@t.test`, password: "Trek@2026", fullName: name, organizationName: name, emailVerified: true });
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
    const result = await submitDocuments(id, form);
    expect(result).toEqual({ ok: false, fieldErrors: { dot: ["Only .jpg, .png and pdf extensions allowed"], taanRenewal: ["Upload field is required"] } });
    expect((await getAgencyRequest(id))!.documentsByDate).toEqual([]);
    expect((await findAgencyAccount(id))!.isDocumentUploaded).toBe(false);
  });

  it("moves sent → rejected → sent → approved, and a decision happens once", async () => {
    const id = await agency("Snow Leopard Treks");
    expect(await submitDocuments(id, fullForm())).toEqual({ ok: true });
    let detail = (await getAgencyRequest(id))!;
    expect(detail.agency.requestStatus).toBe("pending");
    expect(detail.canDecide).toBe(true);
    expect(detail.documentsByDate[0].documents).toHaveLength(5);
    // A second upload while under review is refused.
    expect((await submitDocuments(id, fullForm())).ok).toBe(false);

    expect(await decideAgency({ agencyId: id, approve: false, remarks: "Blurred scan", actor, origin: "http://x" })).toBe("done");
    expect(await decideAgency({ agencyId: id, approve: true, remarks: "", actor, origin: "http://x" })).toBe("not-awaiting");
    detail = (await getAgencyRequest(id))!;
    expect(detail.agency.requestStatus).toBe("rejected");
    expect(detail.notes.find((n) => n.isRejectionNote)?.note).toBe("Blurred scan");

    expect(await submitDocuments(id, fullForm())).toEqual({ ok: true });
    expect((await getAgencyRequest(id))!.documentsByDate.flatMap((g) => g.documents)).toHaveLength(10);
    const [a, b] = await Promise.all([
      decideAgency({ agencyId: id, approve: true, remarks: "", actor, origin: "http://x" }),
      decideAgency({ agencyId: id, approve: false, remarks: "late", actor, origin: "http://x" }),
    ]);
    expect([a, b].filter((r) => r === "done")).toHaveLength(1);
    await drainQueue();
    const mails = await listOutbox();
    expect(mails.filter((m) => /rejected|approved/.test(m.subject)).length).toBeGreaterThanOrEqual(2);
  });

  it("lists by status and search, and keeps remarks newest first", async () => {
    const id = await agency("Unique Himal Search");
    expect(await addRemark(id, "First", actor)).toBe(true);
    expect(await addRemark(id, "Second", actor)).toBe(true);
    expect(await addRemark(999999, "x", actor)).toBe(false);
    const notes = (await getAgencyRequest(id))!.notes.map((n) => n.note);
    expect(notes.indexOf("Second")).toBeLessThan(notes.indexOf("First"));
    const found = await listAgencyRequests({ search: "Unique Himal", status: "document_pending", offset: 0, limit: 10 });
    expect(found.rows.map((r) => r.id)).toEqual([id]);
    expect((await listAgencyRequests({ search: "Unique Himal", status: "pending", offset: 0, limit: 10 })).total).toBe(0);
  });
});
