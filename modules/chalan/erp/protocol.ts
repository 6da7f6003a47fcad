/**
 * The ERP's sales chalan API as this app speaks it (README.md of this module): one POST of a batch
 * of rows, one result per row, keyed by the row's idempotency key. A row is a sale, or a credit
 * that reverses cards of an accepted sale (a sales return: negative qty, the sale's key).
 */
export const ERP_CHALAN_PATH = "/api/v1/sales-chalans";
/** Rows per request the ERP takes; more is answered 413. */
export const ERP_BATCH_LIMIT = 500;

export type ErpRowType = "sale" | "credit";

export interface ErpRow {
  key: string;
  /** "sale" when absent (rows sent before credits existed). */
  type?: ErpRowType;
  /** A credit: the date of the sale it reverses. */
  sales_chalan_date: string;
  customer_code: string;
  item_code: string;
  card_nofrom: number;
  card_noto: number;
  /** card_noto − card_nofrom + 1; its negative for a credit. */
  qty: number;
  /** A credit's reversed sale row, by that row's key. */
  reverses_key?: string;
  /** The day a credit was made (YYYY-MM-DD, Nepal). */
  credit_date?: string;
}

export interface ErpRowErrors {
  sales_chalan_date?: string;
  customer_code?: string;
  item_code?: string;
  card?: string;
  type?: string;
  reverses_key?: string;
  credit_date?: string;
}

export type ErpRowStatus = "accepted" | "rejected" | "duplicate";

export interface ErpResult {
  key: string;
  status: ErpRowStatus;
  errors?: ErpRowErrors;
}

export interface ErpResponse {
  results: ErpResult[];
}
