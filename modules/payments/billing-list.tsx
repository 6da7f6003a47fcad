import { displayDate } from "@lib/dates";
import { choiceFilter, dateFilter, defineList, filterObject, idFilter, textFilter } from "@lib/list/define";
import { formatNrs } from "@lib/numbers";
import type { BillRow } from "./billing";
import { PAYMENT_METHOD_IDS, PAYMENT_METHOD_LABELS } from "./payment-medium";

/**
 * Billing (spec 2 §2): every role's bills, the board and TAAN all of them. Filters region (the
 * trekking route), payment method, date range and agency; search by invoice or payer; export
 * "Billings". A row opens the Receipt Details panel.
 */
export const billingList = /* @__PURE__ */ defineList({
  filters: /* @__PURE__ */ filterObject({
    route: /* @__PURE__ */ idFilter(),
    method: /* @__PURE__ */ choiceFilter(PAYMENT_METHOD_IDS),
    startDate: /* @__PURE__ */ dateFilter(),
    endDate: /* @__PURE__ */ dateFilter(),
    agency: /* @__PURE__ */ idFilter(),
    name: /* @__PURE__ */ textFilter(),
  }),
  fields: [
    { kind: "select", name: "route", label: "Trekking Region", options: "routes" },
    {
      kind: "select",
      name: "method",
      label: "Payment Method",
      options: PAYMENT_METHOD_IDS.map((id) => ({ value: id, label: PAYMENT_METHOD_LABELS[Number(id)] })),
    },
    { kind: "date", name: "startDate", label: "Paid from" },
    { kind: "date", name: "endDate", label: "Paid to" },
    { kind: "select", name: "agency", label: "Agency", options: "agencies" },
    { kind: "search", name: "name", label: "Search", placeholder: "Invoice or payer" },
  ],
  quickRange: { from: "startDate", to: "endDate" },
  columns: [
    { key: "invoice", header: "Invoice Id", cell: (r: BillRow) => r.invoiceNumber },
    { key: "route", header: "Trekking Region", cell: (r: BillRow) => r.routeName },
    { key: "agency", header: "Agency", cell: (r: BillRow) => r.agency },
    { key: "method", header: "Payment Medium", cell: (r: BillRow) => r.method },
    { key: "amount", header: "Amount", cell: (r: BillRow) => formatNrs(r.amountPaisa) },
    { key: "date", header: "Payment Date", cell: (r: BillRow) => displayDate(r.paidAt) },
  ],
  csv: {
    fileName: "Billings",
    columns: [
      { header: "Invoice Id", value: (r: BillRow) => r.invoiceNumber },
      { header: "Trekking Region", value: (r: BillRow) => r.routeName },
      { header: "Agency", value: (r: BillRow) => r.agency },
      { header: "Payment Medium", value: (r: BillRow) => r.method },
      { header: "Amount", value: (r: BillRow) => (r.amountPaisa / 100).toFixed(2) },
      { header: "Payment Date", value: (r: BillRow) => displayDate(r.paidAt) },
    ],
  },
});
