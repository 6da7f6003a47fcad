// Billing's shared, client-safe parts: the row and receipt shapes, labels and who sees which bills.

/** The board that issues every receipt (spec 2 §2: the receipt's header). */
export const RECEIPT_ISSUER = {
  name: "Nepal Tourism Board",
  address: "Bhrikuti Mandap, Kathmandu, Nepal",
  phone: "+977-1-4256909",
  email: "info@ntb.org.np",
} as const;

export const RECEIPT_NOTES = [
  "Please obtain the tax invoice for this payment from the Nepal Tourism Board.",
  "This is a computer generated receipt and does not need a signature.",
] as const;

/** The receipt's line item: 'Tims Card - ' and who registered (spec 2 §2). */
export function receiptLineItem(payerUserType: number): string {
  const who = payerUserType === 1 ? "Free individual Trekker" : payerUserType === 5 ? "Checkpost" : "Trekking Agency";
  return `Tims Card - ${who}`;
}

/** The billing row's Agency column (the spec's RegisterAgency): FIT, Checkpost, or the agency's name. */
export function registerAgencyLabel(payerUserType: number, payerName: string): string {
  return payerUserType === 1 ? "FIT" : payerUserType === 5 ? "Checkpost" : payerName;
}

/** Board and TAAN see every bill; free trekkers, agencies and checkposts their own (spec 2 §6). */
export function seesAllBills(viewer: { userType: number }): boolean {
  return viewer.userType === 4 || viewer.userType === 6;
}

export interface BillRow {
  id: number;
  invoiceNumber: string;
  routeName: string;
  agency: string;
  method: string;
  amountPaisa: number;
  paidAt: Date | string;
}

export interface Receipt {
  billId: number;
  registrationId: number;
  invoiceNumber: string;
  receiptDate: Date | string;
  name: string;
  address: string;
  contactNo: string;
  email: string;
  pan: string;
  routeName: string;
  method: string;
  lineItem: string;
  trekkers: number;
  amountPaisa: number;
  amountWords: string;
}

/** Receipt-{invoice}-{timestamp}.pdf (spec 2 §9); the timestamp is the download's, to the second. */
export function receiptFileName(invoiceNumber: string, at: Date = new Date()): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "")
    .replace("T", "");
  return `Receipt-${invoiceNumber.replace(/[^A-Za-z0-9-]/g, "")}-${stamp}.pdf`;
}
