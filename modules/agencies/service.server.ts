import { notify } from "@modules/notifications/index.server";
import { mailTranslator } from "../../emails/translator.server";
import { createElement } from "react";
import { writeTransaction } from "../../db/sequelize.server";
import { insertRows } from "../../db/insert-rows.server";
import { sendEmail } from "../../emails/jobs.server";
import { renderEmail } from "../../emails/render.server";
import { AgencyDecisionEmail, agencyDecisionSubject } from "../../emails/templates/agency-decision";
import { kathmanduDate } from "@lib/dates";
import { conflictError, DomainError, forbiddenError, notFoundError } from "@lib/errors";
import { DOCUMENT_RULE, type CheckedUpload } from "@lib/files/upload-rules";
import { checkStorableUpload } from "@lib/files/image-safety.server";
import { deleteStoredFile, storeFile } from "@lib/files/storage.server";
import {
  agencyRequestStatus,
  displayNames,
  findAgencyAccount,
  listAgencyAccounts,
  markDocumentsSubmitted,
  setAgencyVerification,
  type AgencyAccount,
  type AgencyRequestStatus,
} from "@modules/users/index.server";
import { DOCUMENT_SLOTS, type DocumentField } from "./documents";
import { AgencyDocument, AgencyNote } from "./models/agency-records.server";

export interface Actor {
  id: number;
  fullName: string;
}

/**
 * Stores the five documents of an agency that has none under review. Every file is checked by
 * content before any is stored, so a refused submission leaves nothing behind. Throws a
 * DomainError: 400 with the refused files as field errors, 403 for a non-agency, 409 when
 * documents are already under review.
 */
export async function submitDocuments(agencyId: number, form: FormData): Promise<void> {
  const agency = await findAgencyAccount(agencyId);
  if (!agency) throw forbiddenError("Only trekking agencies upload documents.");
  if (agency.isDocumentUploaded && agency.isVerified !== false) {
    throw conflictError("Your documents have already been received and are under review.");
  }
  const checked: { type: number; file: CheckedUpload }[] = [];
  const fieldErrors: Partial<Record<DocumentField, string[]>> = {};
  for (const slot of DOCUMENT_SLOTS) {
    const entries = form.getAll(slot.field).filter((v) => typeof v !== "string");
    if (entries.length > 1) {
      fieldErrors[slot.field] = ["Only one file is allowed."];
      continue;
    }
    const result = await checkStorableUpload(entries[0] ?? null, DOCUMENT_RULE);
    if (result.ok) checked.push({ type: slot.type, file: result.file });
    else fieldErrors[slot.field] = [result.message];
  }
  if (Object.keys(fieldErrors).length)
    throw new DomainError("Nothing was saved. Please choose all five files again.", { fieldErrors: fieldErrors as Record<string, string[]> });

  const stored: string[] = [];
  try {
    for (const c of checked) stored.push(await storeFile("agency-documents", c.file.bytes, c.file.kind));
    await writeTransaction(async (transaction) => {
      const now = new Date();
      await insertRows(
        AgencyDocument,
        checked.map((c, i) => ({ userId: agencyId, documentType: c.type, fileKey: stored[i], fileName: c.file.name, fileKind: c.file.kind, createdAt: now })),
        { transaction },
      );
      await AgencyNote.create(
        { userId: agencyId, note: "Documents uploaded", type: "Logs", createdBy: agencyId, createdByName: agency.organizationName ?? agency.fullName },
        { transaction },
      );
      await markDocumentsSubmitted(agencyId, transaction);
    });
  } catch (error) {
    await Promise.all(stored.map((k) => deleteStoredFile(k).catch(() => {})));
    throw error;
  }
}

export interface AgencyRequestRow extends AgencyAccount {
  requestStatus: AgencyRequestStatus;
}

export async function listAgencyRequests(q: { status?: AgencyRequestStatus; search?: string; offset: number; limit: number }) {
  const { rows, total } = await listAgencyAccounts(q);
  return { rows: rows.map((r): AgencyRequestRow => ({ ...r, requestStatus: agencyRequestStatus(r) })), total };
}

export interface DocumentView {
  id: number;
  documentType: number;
  fileName: string;
  fileKind: string;
  createdAt: Date;
}

export interface NoteView {
  id: number;
  note: string;
  type: string;
  isRejectionNote: boolean;
  createdByName: string | null;
  createdAt: Date;
}

export interface AgencyRequestDetail {
  agency: AgencyRequestRow;
  documentsByDate: { date: string; documents: DocumentView[] }[];
  notes: NoteView[];
  canDecide: boolean;
}

export async function getAgencyRequest(agencyId: number): Promise<AgencyRequestDetail | null> {
  const agency = await findAgencyAccount(agencyId);
  if (!agency) return null;
  const [documents, notes] = await Promise.all([
    AgencyDocument.findAll({
      where: { userId: agencyId },
      order: [
        ["createdAt", "DESC"],
        ["documentType", "ASC"],
      ],
    }),
    AgencyNote.findAll({
      where: { userId: agencyId },
      order: [
        ["createdAt", "DESC"],
        ["id", "DESC"],
      ],
    }),
  ]);
  const byDate = new Map<string, DocumentView[]>();
  for (const d of documents) {
    const date = kathmanduDate(d.createdAt);
    if (!byDate.has(date)) byDate.set(date, []);
    byDate.get(date)!.push({ id: d.id, documentType: d.documentType, fileName: d.fileName, fileKind: d.fileKind, createdAt: d.createdAt });
  }
  const requestStatus = agencyRequestStatus(agency);
  return {
    agency: { ...agency, requestStatus },
    documentsByDate: [...byDate].map(([date, docs]) => ({ date, documents: docs })),
    notes: notes.map((n) => ({
      id: n.id,
      note: n.note,
      type: n.type,
      isRejectionNote: Boolean(n.isRejectionNote),
      createdByName: n.createdByName ?? null,
      createdAt: n.createdAt,
    })),
    canDecide: requestStatus === "pending" && documents.length > 0,
  };
}

export const NOT_AWAITING_REVIEW = "This application is not awaiting review any more; nothing was changed.";

/**
 * Approves or rejects an agency awaiting review. The state change is conditional (only from
 * "awaiting review"), so two reviewers deciding at once cannot both succeed: the second gets a
 * 409 DomainError; an unknown agency is a 404. The decision and its two notes are one
 * transaction: a failed note leaves the agency awaiting review, as if nothing had happened.
 */
export async function decideAgency(input: { agencyId: number; approve: boolean; remarks: string; actor: Actor; origin: string }): Promise<void> {
  const detail = await getAgencyRequest(input.agencyId);
  if (!detail) throw notFoundError();
  if (!detail.canDecide) throw conflictError(NOT_AWAITING_REVIEW);
  await writeTransaction(async (transaction) => {
    if (!(await setAgencyVerification(input.agencyId, input.approve, transaction))) throw conflictError(NOT_AWAITING_REVIEW);
    await insertRows(
      AgencyNote,
      [
        {
          userId: input.agencyId,
          note: input.remarks,
          type: "Remarks",
          isRejectionNote: !input.approve,
          createdBy: input.actor.id,
          createdByName: input.actor.fullName,
        },
        {
          userId: input.agencyId,
          note: input.approve ? "Documents approved" : "Documents rejected",
          type: "Logs",
          createdBy: input.actor.id,
          createdByName: input.actor.fullName,
        },
      ],
      { transaction },
    );
    const agencyName = detail.agency.organizationName ?? detail.agency.fullName;
    await notify(
      {
        kind: input.approve ? "agency-approved" : "agency-rejected",
        to: [input.agencyId],
        copyTaanForAgencies: true,
        title: input.approve ? `Documents of ${agencyName} approved` : `Documents of ${agencyName} rejected`,
        body: input.approve ? "The agency's documents were verified; it can register treks." : `The agency's documents were rejected: ${input.remarks}`,
        link: input.approve ? "/" : "/upload-documents-status/rejected",
        taanLink: `/requests/${input.agencyId}`,
      },
      transaction,
    );
  });
  const name = detail.agency.organizationName ?? detail.agency.fullName;
  const tr = await mailTranslator((await displayNames([input.agencyId])).get(input.agencyId)?.language);
  const { html, text } = renderEmail(
    createElement(AgencyDecisionEmail, { name, approved: input.approve, remarks: input.remarks, link: `${input.origin}/login` }),
    tr,
  );
  await sendEmail({ to: detail.agency.email, subject: agencyDecisionSubject(input.approve, tr), html, text });
}

/** Adds a reviewer's remark; an unknown agency is a 404 DomainError. */
export async function addRemark(agencyId: number, note: string, actor: Actor): Promise<void> {
  if (!(await findAgencyAccount(agencyId))) throw notFoundError();
  await AgencyNote.create({ userId: agencyId, note, type: "Remarks", createdBy: actor.id, createdByName: actor.fullName });
}

/** The stored document, for the authorised resource route (the policy decides who may ask). */
export async function findDocument(agencyId: number, documentId: number): Promise<{ fileKey: string; fileName: string } | null> {
  const doc = await AgencyDocument.findOne({ where: { id: documentId, userId: agencyId } });
  return doc ? { fileKey: doc.fileKey, fileName: doc.fileName } : null;
}
