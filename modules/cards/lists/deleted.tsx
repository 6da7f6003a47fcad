import { displayDate } from "@lib/dates";
import type { ListViewDefinition } from "@lib/list/define";
import { agency, area, country, id, status, trekker } from "./shared";
import type { TrekkerItem } from "./shared";

/** Deleted Trekkers (board): the records agencies deleted, with remarks, date, who and from where. */
export const deletedTrekkersListView: ListViewDefinition<TrekkerItem> = {
  fields: [
    { kind: "search", name: "username", label: "Search", placeholder: "Name, passport or card number" },
    { kind: "date", name: "startDate", label: "Deleted from" },
    { kind: "date", name: "endDate", label: "Deleted to" },
    { kind: "select", name: "country", label: "Country", options: "countries" },
    { kind: "select", name: "trekkingArea", label: "Trekking Area", options: "routes" },
  ],
  quickRange: { from: "startDate", to: "endDate" },
  columns: [
    trekker,
    id,
    area,
    country,
    agency,
    status,
    { key: "remarks", header: "Remarks", cell: (r) => r.deleteRemarks ?? "" },
    { key: "deletedAt", header: "Deleted Date", cell: (r) => displayDate(r.deletedAt) },
    { key: "deletedBy", header: "Deleted By", cell: (r) => r.deletedBy },
    { key: "ip", header: "IP Address", cell: (r) => r.deletedIp ?? "" },
  ],
  csv: { fileName: "DeletedTrekkers" },
};
