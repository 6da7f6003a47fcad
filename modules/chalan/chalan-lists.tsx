import { dateFilter, defineList, filterObject } from "@lib/list/define";
import { displayDate, displayDateTime } from "@lib/dates";
import { ITEM_DESCRIPTIONS } from "./item-codes";
import { LINE_KIND_LABELS } from "./line-kinds";
import { useT } from "@lib/i18n/context";

/**
 * A line of the chalan logs (refused lines in the error log, pushed lines in the pushed log).
 * Dates as ISO strings. A credit (kind "credit") reverses cards of an earlier sale: its qty is
 * negative and its date the sale's; creditDate is the day it was made.
 */
export interface ChalanLogRow {
  id: number;
  kind: string;
  creditDate: string | null;
  salesDate: string;
  customerCode: string;
  itemCode: string;
  cardFrom: number;
  cardTo: number;
  qty: number;
  dateError: string | null;
  customerCodeError: string | null;
  itemCodeError: string | null;
  cardError: string | null;
  createdAt: string;
  pushedAt: string | null;
}

/** After the spec's columns: the line's kind ("sale" or "credit") and a credit's date. */
const KIND_CSV_COLUMNS = [
  { header: "line_type", value: (r: ChalanLogRow) => r.kind },
  { header: "credit_date", value: (r: ChalanLogRow) => r.creditDate ?? "" },
];

/** The Type cell: "Sale", or "Credit of <day>" (a credit reverses an earlier sale), in the page's language. */
function LineKind({ row }: { row: ChalanLogRow }) {
  const { t } = useT();
  if (row.kind !== "credit") return <>{t(LINE_KIND_LABELS.sale)}</>;
  return <>{row.creditDate ? t("Credit of {{date}}", { date: displayDate(row.creditDate) }) : t(LINE_KIND_LABELS.credit)}</>;
}

/** An empty customer code, said so. */
function Empty() {
  const { t } = useT();
  return <>{t("(empty)")}</>;
}

const dateFilters = /* @__PURE__ */ filterObject({ startDate: /* @__PURE__ */ dateFilter(), endDate: /* @__PURE__ */ dateFilter() });
const dateFields = [
  { kind: "date", name: "startDate", label: "Start Date" },
  { kind: "date", name: "endDate", label: "End Date" },
] as const;

/**
 * 'Chalan Error Log' (spec 2 §2): the rows the ERP refused, with its reasons. Its export is
 * PushedChalanErrors: the spec's PushedChalan stays the Pushed Chalan Log's (docs/decisions.md),
 * so the two downloads never overwrite each other.
 */
export const chalanErrorList = /* @__PURE__ */ defineList({
  filters: dateFilters,
  fields: dateFields,
  sort: { keys: ["date", "dateError", "customer"], default: "-date" },
  emptyText: "No refused chalan rows",
  columns: [
    { key: "date", header: "Chalan Date", cell: (r: ChalanLogRow) => displayDate(r.salesDate), sort: "date" },
    { key: "dateError", header: "Date Error", cell: (r: ChalanLogRow) => r.dateError ?? "", sort: "dateError" },
    { key: "customer", header: "customer_code", cell: (r: ChalanLogRow) => r.customerCode || <Empty />, sort: "customer" },
    { key: "type", header: "Type", cell: (r: ChalanLogRow) => <LineKind row={r} /> },
    { key: "cardFrom", header: "card_nofrom", cell: (r: ChalanLogRow) => r.cardFrom },
    { key: "cardError", header: "card_error", cell: (r: ChalanLogRow) => r.cardError ?? "" },
    { key: "customerError", header: "customer_code_error", cell: (r: ChalanLogRow) => r.customerCodeError ?? "" },
    { key: "itemError", header: "item_code_error", cell: (r: ChalanLogRow) => r.itemCodeError ?? "" },
    { key: "created", header: "CreatedDate", cell: (r: ChalanLogRow) => displayDateTime(r.createdAt) },
  ],
  csv: {
    fileName: "PushedChalanErrors",
    columns: [
      { header: "sales_chalan_date", value: (r: ChalanLogRow) => r.salesDate },
      { header: "sales_chalan_date_error", value: (r: ChalanLogRow) => r.dateError },
      { header: "customer_code", value: (r: ChalanLogRow) => r.customerCode },
      { header: "customer_code_error", value: (r: ChalanLogRow) => r.customerCodeError },
      { header: "item_code", value: (r: ChalanLogRow) => r.itemCode },
      { header: "item_desc", value: (r: ChalanLogRow) => ITEM_DESCRIPTIONS[r.itemCode] ?? "" },
      { header: "item_code_error", value: (r: ChalanLogRow) => r.itemCodeError },
      { header: "card_nofrom", value: (r: ChalanLogRow) => r.cardFrom },
      { header: "card_noto", value: (r: ChalanLogRow) => r.cardTo },
      { header: "card_error", value: (r: ChalanLogRow) => r.cardError },
      { header: "CreatedDate", value: (r: ChalanLogRow) => displayDateTime(r.createdAt) },
      ...KIND_CSV_COLUMNS,
    ],
  },
});

/** 'Pushed Chalan Log' (spec 2 §2): the rows the ERP accepted. */
export const pushedChalanList = /* @__PURE__ */ defineList({
  filters: dateFilters,
  fields: dateFields,
  sort: { keys: ["date", "item", "customer"], default: "-date" },
  emptyText: "No pushed chalan rows",
  columns: [
    { key: "date", header: "Chalan Date", cell: (r: ChalanLogRow) => displayDate(r.salesDate), sort: "date" },
    { key: "item", header: "Item Code", cell: (r: ChalanLogRow) => r.itemCode, sort: "item" },
    { key: "customer", header: "Customer Code", cell: (r: ChalanLogRow) => r.customerCode, sort: "customer" },
    { key: "cardFrom", header: "card_nofrom", cell: (r: ChalanLogRow) => r.cardFrom },
    { key: "cardTo", header: "card_noto", cell: (r: ChalanLogRow) => r.cardTo },
    { key: "qty", header: "Qty", cell: (r: ChalanLogRow) => r.qty },
    { key: "type", header: "Type", cell: (r: ChalanLogRow) => <LineKind row={r} /> },
    { key: "pushed", header: "Pushed Date", cell: (r: ChalanLogRow) => (r.pushedAt ? displayDateTime(r.pushedAt) : "") },
  ],
  csv: {
    fileName: "PushedChalan",
    columns: [
      { header: "sales_chalan_date", value: (r: ChalanLogRow) => r.salesDate },
      { header: "item_code", value: (r: ChalanLogRow) => r.itemCode },
      { header: "customer_code", value: (r: ChalanLogRow) => r.customerCode },
      { header: "card_nofrom", value: (r: ChalanLogRow) => r.cardFrom },
      { header: "card_noto", value: (r: ChalanLogRow) => r.cardTo },
      { header: "qty", value: (r: ChalanLogRow) => r.qty },
      { header: "PushedDate", value: (r: ChalanLogRow) => (r.pushedAt ? displayDateTime(r.pushedAt) : "") },
      ...KIND_CSV_COLUMNS,
    ],
  },
});
