import { Link } from "@remix-run/react";
import { choiceFilter, defineList, filterObject } from "@lib/list/define";
import { displayDate } from "@lib/dates";
import { useT } from "@lib/i18n/context";
import { CASE_STATES, CASE_STATE_LABELS } from "./cases";

/** A row of the case list (cases.server.ts's CaseRow, serialized). */
export interface CaseListRow {
  id: number;
  trekkerId: number;
  fullName: string;
  cardNumber: number | null;
  routeName: string;
  reasonLabel: string;
  stateLabel: string;
  dueDate: string;
  ageDays: number;
}

/** A case's state in the page's language (as the list kit's <Say>, without its module: the dashboard's block shares this entry). */
function StateLabel({ text }: { text: string }) {
  const { t } = useT();
  return <>{t(text)}</>;
}

/** The board's list of open escalation cases (issue 29), oldest due first; each row opens its case. */
export const overdueCaseList = /* @__PURE__ */ defineList({
  filters: /* @__PURE__ */ filterObject({ state: /* @__PURE__ */ choiceFilter(CASE_STATES) }),
  fields: [{ kind: "select", name: "state", label: "State", options: CASE_STATES.map((s) => ({ value: s, label: CASE_STATE_LABELS[s] })) }],
  sort: { keys: ["due", "raised", "name"], default: "due" },
  emptyText: "No open overdue cases",
  columns: [
    {
      key: "name",
      header: "Trekker",
      cell: (r: CaseListRow) => (
        <Link to={`/overdue-cases/${r.trekkerId}`} className="font-medium text-blue-700 hover:underline">
          {r.fullName}
        </Link>
      ),
      sort: "name",
    },
    { key: "card", header: "Card", cell: (r: CaseListRow) => r.cardNumber ?? "—" },
    { key: "route", header: "Route", cell: (r: CaseListRow) => r.routeName },
    { key: "state", header: "State", cell: (r: CaseListRow) => <StateLabel text={r.stateLabel} /> },
    { key: "due", header: "Overdue since", cell: (r: CaseListRow) => displayDate(r.dueDate), sort: "due" },
    { key: "age", header: "Age (days)", cell: (r: CaseListRow) => r.ageDays },
  ],
  csv: {
    fileName: "OverdueCases",
    columns: [
      { header: "trekker", value: (r: CaseListRow) => r.fullName },
      { header: "card", value: (r: CaseListRow) => r.cardNumber },
      { header: "route", value: (r: CaseListRow) => r.routeName },
      { header: "state", value: (r: CaseListRow) => r.stateLabel },
      { header: "due", value: (r: CaseListRow) => r.dueDate },
      { header: "age_days", value: (r: CaseListRow) => r.ageDays },
    ],
  },
});
