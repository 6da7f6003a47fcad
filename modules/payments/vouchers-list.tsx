import { displayDate } from "@lib/dates";
import { useT } from "@lib/i18n/context";
import { choiceFilter, defineList, idFilter, textFilter, filterObject } from "@lib/list/define";
import { formatNrs } from "@lib/numbers";
import { VOUCHER_STATUSES } from "./labels";
import type { VoucherRow } from "./vouchers.server";

/** A status in the page's language: lib/ui/table's Say would bring the table to every page of this module's entry. */
const Say = ({ text }: { text: string }) => <>{useT().t(text)}</>;

/**
 * Requests > Voucher (spec 2 §2), declared once with the list kit: status and route filters,
 * search on Enter (invoice id or agency), export "Invoice". A row opens the Voucher panel.
 */
export const vouchersList = /* @__PURE__ */ defineList({
  filters: /* @__PURE__ */ filterObject({
    status: /* @__PURE__ */ choiceFilter(VOUCHER_STATUSES),
    route: /* @__PURE__ */ idFilter(),
    name: /* @__PURE__ */ textFilter(),
  }),
  fields: [
    { kind: "select", name: "status", label: "Status", options: VOUCHER_STATUSES.map((s) => ({ value: s, label: s })) },
    { kind: "select", name: "route", label: "Trekking Route", options: "routes" },
    { kind: "search", name: "name", label: "Search", placeholder: "Invoice or agency" },
  ],
  columns: [
    { key: "invoice", header: "Invoice ID", cell: (r: VoucherRow) => r.invoiceId },
    { key: "status", header: "Status", cell: (r: VoucherRow) => <Say text={r.status} /> },
    { key: "agency", header: "Agency", cell: (r: VoucherRow) => r.payer },
    { key: "route", header: "Trekking Route", cell: (r: VoucherRow) => r.routeName },
    { key: "amount", header: "Amount", cell: (r: VoucherRow) => formatNrs(r.amountPaisa) },
    { key: "date", header: "Payment Date", cell: (r: VoucherRow) => displayDate(r.paymentDate) },
  ],
  csv: {
    fileName: "Invoice",
    columns: [
      { header: "Invoice ID", value: (r: VoucherRow) => r.invoiceId },
      { header: "Status", value: (r: VoucherRow) => r.status },
      { header: "Agency", value: (r: VoucherRow) => r.payer },
      { header: "Trekking Route", value: (r: VoucherRow) => r.routeName },
      { header: "Amount", value: (r: VoucherRow) => (r.amountPaisa / 100).toFixed(2) },
      { header: "Payment Date", value: (r: VoucherRow) => displayDate(r.paymentDate) },
    ],
  },
});
