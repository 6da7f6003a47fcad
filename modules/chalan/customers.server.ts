import { addDays, kathmanduDayStart } from "@lib/dates";
import { issuedCardOwnersBetween } from "@modules/cards/index.server";
import { customerAccounts, customerAccountsOfTypes, type CustomerAccount } from "@modules/users/index.server";
import { BOARD_CUSTOMER, FIT_CUSTOMER, customerCodeOf } from "./rules";

/** A row of the customer file (spec 2 §3): the ERP's customer master for the chalan's codes. */
export interface CustomerRow {
  code: string;
  name: string;
  pan: string;
  contact: string;
  email: string;
  address: string;
}

const FIT_ROW: CustomerRow = { code: FIT_CUSTOMER, name: "Free Individual Trekker", pan: "", contact: "", email: "", address: "" };
const BOARD_ROW: CustomerRow = { code: BOARD_CUSTOMER, name: "Nepal Tourism Board", pan: "", contact: "", email: "", address: "" };

function rowOf(a: CustomerAccount): CustomerRow | null {
  const code = customerCodeOf(a);
  if (!code) return null;
  if (code === FIT_CUSTOMER) return FIT_ROW;
  if (code === BOARD_CUSTOMER) return BOARD_ROW;
  return {
    code,
    name: a.userType === 2 ? (a.organizationName ?? a.fullName) : a.fullName,
    pan: a.userType === 2 ? (a.panNumber ?? "") : "",
    contact: a.contactNo ?? "",
    email: a.email,
    address: a.contactAddress ?? "",
  };
}

/**
 * The customers billed by the chalan rows of [start, end] (the owners of cards issued then), or,
 * without dates, every customer the chalan can bill: each agency with a PAN, each checkpost, and
 * the free trekkers and the board as one customer each. One row per customer code, by code.
 * An agency without a PAN has no customer code and is left out (its chalan rows are refused by
 * the ERP and show in the error log).
 */
export async function customerRows(range: { start: string; end: string } | null): Promise<CustomerRow[]> {
  const accounts = range
    ? await customerAccounts(await issuedCardOwnersBetween(kathmanduDayStart(range.start), kathmanduDayStart(addDays(range.end, 1))))
    : await customerAccountsOfTypes([2, 5]);
  const byCode = new Map<string, CustomerRow>();
  if (!range) {
    byCode.set(FIT_ROW.code, FIT_ROW);
    byCode.set(BOARD_ROW.code, BOARD_ROW);
  }
  for (const a of accounts) {
    const row = rowOf(a);
    if (row && !byCode.has(row.code)) byCode.set(row.code, row);
  }
  return [...byCode.values()].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}
