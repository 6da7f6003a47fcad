import { defineList, textFilter, filterObject } from "@lib/list/define";
import { useT } from "@lib/i18n/context";
import type { RouteRow } from "./service.server";

/** A status in the page's language: lib/ui/table's Say would bring the table to every page of this module's entry. */
const Say = ({ text }: { text: string }) => <>{useT().t(text)}</>;

/** The Routes list (spec 2 §2), declared once with the list kit: search by name, export RoutesList. */
export const routesList = /* @__PURE__ */ defineList({
  filters: /* @__PURE__ */ filterObject({ name: /* @__PURE__ */ textFilter() }),
  fields: [{ kind: "search", name: "name", label: "Search", placeholder: "Route name" }],
  sort: { keys: ["name"], default: "name" },
  columns: [
    { key: "name", header: "Route Name", cell: (r: RouteRow) => r.name, sort: "name" },
    { key: "province", header: "Province", cell: (r: RouteRow) => r.province },
    { key: "start", header: "Start Point", cell: (r: RouteRow) => r.startPoint },
    { key: "end", header: "End Point", cell: (r: RouteRow) => r.endPoint },
    {
      key: "status",
      header: "Status",
      cell: (r: RouteRow) => (
        <span
          className={
            r.status === "Active"
              ? "rounded bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800"
              : "rounded bg-gray-200 px-2 py-0.5 text-xs font-medium text-gray-700"
          }
        >
          <Say text={r.status} />
        </span>
      ),
    },
  ],
  csv: {
    fileName: "RoutesList",
    columns: [
      { header: "Route Id", value: (r: RouteRow) => r.id },
      { header: "Route Name", value: (r: RouteRow) => r.name },
      { header: "Province", value: (r: RouteRow) => r.province },
      { header: "Start Point", value: (r: RouteRow) => r.startPoint },
      { header: "End Point", value: (r: RouteRow) => r.endPoint },
      { header: "Status", value: (r: RouteRow) => r.status },
    ],
  },
});
