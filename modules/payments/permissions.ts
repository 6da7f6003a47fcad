import type { PermissionDeclaration } from "../roles";

/** The payments module's permissions (spec 1 §6): an agency pays for its cards, the board reviews vouchers. */
export const paymentsPermissions = {
  cardsPay: [2],
  requestsVouchers: [4],
  /** Payments that captured money but issued nothing, and marking them refunded. */
  refunds: [4],
  /** Billing and receipts (spec 1 §6: all five roles; each sees its own bills, board and TAAN all). */
  billing: [1, 2, 4, 5, 6],
} as const satisfies PermissionDeclaration;
