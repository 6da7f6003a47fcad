import { Op } from "sequelize";
import { User } from "./models/user.server";

/**
 * The accounts the sales chalan (modules/chalan) bills: a registration's user as the ERP's
 * customer. Only what the chalan's customer file needs, never credentials.
 */
export interface CustomerAccount {
  id: number;
  userType: number;
  fullName: string;
  organizationName: string | null;
  panNumber: string | null;
  contactNo: string | null;
  email: string;
  contactAddress: string | null;
}

const ATTRIBUTES = ["id", "userType", "fullName", "organizationName", "panNumber", "contactNo", "email", "contactAddress"] as const;

function toAccount(u: User): CustomerAccount {
  return {
    id: u.id,
    userType: u.userType,
    fullName: u.fullName,
    organizationName: u.organizationName ?? null,
    panNumber: u.panNumber ?? null,
    contactNo: u.contactNo ?? null,
    email: u.email,
    contactAddress: u.contactAddress ?? null,
  };
}

/** These accounts by id (in chunks, so a season's owners are a few queries). */
export async function customerAccounts(ids: readonly number[]): Promise<CustomerAccount[]> {
  const unique = [...new Set(ids)].filter((id) => id > 0);
  const out: CustomerAccount[] = [];
  for (let i = 0; i < unique.length; i += 1000) {
    const users = await User.findAll({ where: { id: { [Op.in]: unique.slice(i, i + 1000) } }, attributes: [...ATTRIBUTES] });
    out.push(...users.map(toAccount));
  }
  return out;
}

/** Every account of these user types (agencies and checkposts: each its own customer), in id order. */
export async function customerAccountsOfTypes(userTypes: readonly number[]): Promise<CustomerAccount[]> {
  const users = await User.findAll({ where: { userType: { [Op.in]: [...userTypes] } }, attributes: [...ATTRIBUTES], order: [["id", "ASC"]] });
  return users.map(toAccount);
}
