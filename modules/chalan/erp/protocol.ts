/**
 * The ERP's sales chalan API as this app speaks it (README.md of this module): one POST of a batch
 * of rows, one result per row, keyed by the row's idempotency key.
 */
export const ERP_CHALAN_PATH = "/api/v1/sales-chalans";
/** Rows per request the ERP takes; more is answered 413. */
export const ERP_BATCH_LIMIT = 500;

export interface ErpRow {
  key: string;
  sales_chalan_date: string;
  customer_code: string;
  item_code: string;
  card_nofrom: number;
  card_noto: number;
  qty: number;
}

export interface ErpRowErrors {
  sales_chalan_date?: string;
  customer_code?: string;
  item_code?: string;
  card?: string;
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
