import { displayDate } from "@lib/dates";
import { dateFilter, defineList, idFilter, textFilter, filterObject } from "@lib/list/define";
import { agency, area, country, id, status, trekker } from "./shared";

export const deletedTrekkerFilters = filterObject({
  username: textFilter(),
  startDate: dateFilter(),
  endDate: dateFilter(),
  country: idFilter(),
  trekkingArea: idFilter(),
});

/** Deleted Trekkers (board): the records agencies deleted, with remarks, date, who and from where. */
export const deletedTrekkersList = defineList({
  filters: deletedTrekkerFilters,
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
  csv: {
    fileName: "DeletedTrekkers",
    columns: [
      { header: "Id", value: (r) => r.registrationId },
      { header: "Trekker", value: (r) => r.fullName },
      { header: "Trekking Area", value: (r) => r.routeName },
      { header: "Country", value: (r) => r.country },
      { header: "Agency", value: (r) => r.agency },
      { header: "Card Status", value: (r) => r.status },
      { header: "Remarks", value: (r) => r.deleteRemarks },
      { header: "Deleted Date", value: (r) => displayDate(r.deletedAt) },
      { header: "Deleted By", value: (r) => r.deletedBy },
      { header: "IP Address", value: (r) => r.deletedIp },
    ],
  },
});
