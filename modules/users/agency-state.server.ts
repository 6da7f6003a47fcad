import { Op, type Transaction, type WhereOptions } from "sequelize";
import { User } from "./models/user.server";
import { UserType } from "../contract";
import { agencyRequestStatus, type AgencyRequestStatus } from "./agency-status";

export { AGENCY_REQUEST_STATUSES, agencyRequestStatus, type AgencyRequestStatus } from "./agency-status";

/**
 * The agency's onboarding state lives on its user row (spec 1 §4): documents uploaded, then
 * verification null (sent) → false (rejected) or true (verified), then approved.
 * The agencies module drives these transitions; this file is the only place that writes them.
 */
export interface AgencyAccount {
  id: number;
  email: string;
  fullName: string;
  organizationName: string | null;
  panNumber: string | null;
  contactPerson: string | null;
  contactNo: string | null;
  contactAddress: string | null;
  isDocumentUploaded: boolean;
  isVerified: boolean | null;
  isApproved: boolean;
  status: string;
  createdAt: Date;
}

function toAccount(u: User): AgencyAccount {
  return {
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    organizationName: u.organizationName ?? null,
    panNumber: u.panNumber ?? null,
    contactPerson: u.contactPerson ?? null,
    contactNo: u.contactNo ?? null,
    contactAddress: u.contactAddress ?? null,
    isDocumentUploaded: Boolean(u.isDocumentUploaded),
    isVerified: u.isVerified === null || u.isVerified === undefined ? null : Boolean(u.isVerified),
    isApproved: Boolean(u.isApproved),
    status: u.status,
    createdAt: u.createdAt,
  };
}

export async function findAgencyAccount(id: number): Promise<AgencyAccount | null> {
  const user = await User.findOne({ where: { id, userType: UserType.Agency } });
  return user ? toAccount(user) : null;
}

function statusWhere(status: AgencyRequestStatus | undefined): WhereOptions {
  switch (status) {
    case "approved":
      return { isDocumentUploaded: true, isVerified: true };
    case "pending":
      return { isDocumentUploaded: true, isVerified: { [Op.is]: null } };
    case "rejected":
      return { isDocumentUploaded: true, isVerified: false };
    case "document_pending":
      return { isDocumentUploaded: false };
    default:
      return {};
  }
}

export interface AgencyListQuery {
  status?: AgencyRequestStatus;
  search?: string;
  offset: number;
  limit: number;
}

/** Agencies in a request state whose name, e-mail or address contains the search. */
export function agencyListWhere(q: Pick<AgencyListQuery, "status" | "search">): WhereOptions {
  const where: WhereOptions[] = [{ userType: UserType.Agency }, statusWhere(q.status)];
  const text = q.search?.trim();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push({ [Op.or]: [{ organizationName: { [Op.like]: like } }, { email: { [Op.like]: like } }, { contactAddress: { [Op.like]: like } }] });
  }
  return { [Op.and]: where };
}

export async function listAgencyAccounts(q: AgencyListQuery): Promise<{ rows: AgencyAccount[]; total: number }> {
  const { rows, count } = await User.findAndCountAll({
    where: agencyListWhere(q),
    order: [["id", "DESC"]],
    offset: q.offset,
    limit: q.limit,
  });
  return { rows: rows.map(toAccount), total: count };
}

/** Agency accounts with their request state, for list rows. */
export function agencyRequestRows(users: User[]): (AgencyAccount & { requestStatus: AgencyRequestStatus })[] {
  return users.map((u) => {
    const account = toAccount(u);
    return { ...account, requestStatus: agencyRequestStatus(account) };
  });
}

/** Documents sent (or re-sent after a rejection): back to "awaiting review". */
export async function markDocumentsSubmitted(id: number, transaction?: Transaction): Promise<void> {
  await User.update({ isDocumentUploaded: true, isVerified: null, isApproved: false }, { where: { id, userType: UserType.Agency }, transaction });
}

/**
 * Records the board's decision only while the agency is awaiting review; returns false when
 * the state changed meanwhile (a second reviewer, a double submit).
 */
export async function setAgencyVerification(id: number, verified: boolean, transaction?: Transaction): Promise<boolean> {
  const [count] = await User.update(
    { isVerified: verified },
    { where: { id, userType: UserType.Agency, isDocumentUploaded: true, isVerified: { [Op.is]: null } }, transaction },
  );
  return count === 1;
}

/** The agency opens its approved page and goes on: it becomes an approved, active agency. */
export async function activateVerifiedAgency(id: number): Promise<boolean> {
  const [count] = await User.update({ isApproved: true, status: "Active" }, { where: { id, userType: UserType.Agency, isVerified: true } });
  return count === 1;
}
