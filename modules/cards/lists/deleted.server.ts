import { defineList, dateFilter, idFilter, textFilter, filterObject } from "@lib/list/define";
import type { TrekkerItem } from "./shared";
import { displayDate } from "@lib/dates";
import { deletedTrekkersListView } from "./deleted";

/** The server's half of the list (ADR 0038): its filters' parsers and CSV columns, which the page never runs. */
export const deletedTrekkerFilters = filterObject({
  username: textFilter(),
  startDate: dateFilter(),
  endDate: dateFilter(),
  country: idFilter(),
  trekkingArea: idFilter(),
});

export const deletedTrekkersList = defineList<TrekkerItem, typeof deletedTrekkerFilters>({
  ...deletedTrekkersListView,
  filters: deletedTrekkerFilters,
  csv: {
    fileName: deletedTrekkersListView.csv.fileName,
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
