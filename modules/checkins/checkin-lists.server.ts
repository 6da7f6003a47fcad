import { displayDateTime } from "@lib/dates";
import { dateFilter, defineList, filterObject, idFilter } from "@lib/list/define";
import { METHOD_LABELS, checkLabel } from "./scan-labels";
import { checkinListView, type CheckinItem } from "./checkin-lists";

/** The server's half of the check-in lists (ADR 0038): the filters' parsers and the CSV columns. */
const filters = filterObject({
  startDate: dateFilter(),
  endDate: dateFilter(),
  cardNumber: idFilter(),
});

const csvColumns = [
  { header: "Trekker", value: (r: CheckinItem) => r.fullName },
  { header: "Card Number", value: (r: CheckinItem) => r.cardNumber },
  { header: "Registration Id", value: (r: CheckinItem) => r.registrationId },
  { header: "Trekking Area", value: (r: CheckinItem) => r.routeName },
  { header: "Location", value: (r: CheckinItem) => r.place },
  { header: "Check", value: (r: CheckinItem) => (r.refusedReason ? "Refused" : checkLabel(r)) },
  { header: "Refused Reason", value: (r: CheckinItem) => r.refusedReason ?? "" },
  { header: "Method", value: (r: CheckinItem) => METHOD_LABELS[r.method] },
  { header: "Action Date", value: (r: CheckinItem) => displayDateTime(r.at) },
  { header: "Recorded By", value: (r: CheckinItem) => r.recordedBy, key: "recordedBy" },
];

/** The checkpost's Scanned Trekkers (spec 2 §2): the check-ins it recorded, newest first. */
export const scannedTrekkersList = defineList({ ...checkinListView, filters, csv: { fileName: checkinListView.csv.fileName, columns: csvColumns } });

/** Self Scan Trekkers (spec 2 §2): trekkers' own check-ins. */
export const selfScanTrekkersList = defineList({ ...checkinListView, filters, csv: { fileName: checkinListView.csv.fileName, columns: csvColumns } });
