import { displayDate } from "@lib/dates";
import { choiceFilter, defineList, textFilter, type ListColumn, filterObject } from "@lib/list/define";
import { useT } from "@lib/i18n/context";
import type { UserListRow } from "./directory.server";
import type { UsersTab } from "./kinds";
import { USER_STATUSES } from "./kinds";

/** A status in the page's language: lib/ui/table's Say would bring the table to every page of this module's entry. */
const Say = ({ text }: { text: string }) => <>{useT().t(text)}</>;

/** The Users page (spec 2 §2, §3 "Users list row"), declared once with the list kit; export Users. */
export const userFilters = filterObject({
  username: textFilter(),
  status: choiceFilter(USER_STATUSES as unknown as [string, ...string[]]),
});

const StatusBadge = ({ status }: { status: string }) => (
  <span className={`rounded px-2 py-0.5 text-xs font-medium ${status === "Active" ? "bg-green-100 text-green-800" : "bg-red-100 text-red-800"}`}>
    <Say text={status} />
  </span>
);

type Column = ListColumn<UserListRow>;
const columns: Column[] = [
  { key: "name", header: "Full Name", cell: (r) => r.fullName },
  { key: "agencyName", header: "Agency Name", cell: (r) => r.agencyName ?? r.fullName },
  { key: "email", header: "Email", cell: (r) => r.email },
  { key: "address", header: "Contact Address", cell: (r) => r.contactAddress ?? "" },
  { key: "country", header: "Country", cell: (r) => r.countryName ?? "" },
  { key: "type", header: "Type", cell: (r) => <Say text={r.userType === 2 ? "Organization" : "Individual"} /> },
  { key: "route", header: "Route", cell: (r) => r.routeName ?? "" },
  { key: "checkpost", header: "Checkpost", cell: (r) => r.checkpostName ?? "" },
  { key: "registered", header: "Register Date", cell: (r) => displayDate(r.registerDate) },
  { key: "status", header: "Status", cell: (r) => <StatusBadge status={r.status} /> },
  { key: "remarks", header: "Remarks", cell: (r) => r.remarks ?? "" },
];

export const usersList = defineList({
  filters: userFilters,
  fields: [
    { kind: "search", name: "username", label: "Search", placeholder: "Name or e-mail" },
    { kind: "select", name: "status", label: "Status", options: USER_STATUSES.map((s) => ({ value: s, label: s })) },
  ],
  columns,
  csv: {
    fileName: "Users",
    columns: [
      { header: "Full Name", value: (r) => r.fullName, key: "name" },
      { header: "Agency Name", value: (r) => r.agencyName ?? r.fullName, key: "agencyName" },
      { header: "Email", value: (r) => r.email },
      { header: "Contact Address", value: (r) => r.contactAddress, key: "address" },
      { header: "Country", value: (r) => r.countryName, key: "country" },
      { header: "Type", value: (r) => (r.userType === 2 ? "Organization" : "Individual"), key: "type" },
      { header: "Route", value: (r) => r.routeName, key: "route" },
      { header: "Checkpost", value: (r) => r.checkpostName, key: "checkpost" },
      { header: "Register Date", value: (r) => displayDate(r.registerDate) },
      { header: "Status", value: (r) => r.status },
      { header: "Remarks", value: (r) => r.remarks },
    ],
  },
});

/** The columns each tab leaves out (page and export). */
export const USERS_TAB_HIDDEN: Record<UsersTab, readonly string[]> = {
  ntb: ["agencyName", "address", "country", "type", "route", "checkpost"],
  taan: ["agencyName", "address", "country", "type", "route", "checkpost"],
  agency: ["name", "route", "checkpost"],
  checkpost: ["agencyName", "address", "country", "type"],
};
