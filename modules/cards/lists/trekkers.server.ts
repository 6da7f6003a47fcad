import { displayDate } from "@lib/dates";
import { choiceFilter, dateFilter, defineList, filterObject, idFilter, textFilter, type FilterOption, type FilterOutput } from "@lib/list/define";
import { REGIONS } from "@modules/lookups";
import { cardStatusValues, STATUS_OPTIONS } from "./card-statuses";
import type { TrekkerItem } from "./shared";
import { trekkersListView } from "./trekkers";

/**
 * The server's half of the Trekkers list (ADR 0038): the filters' parsers, the CSV columns and the
 * fixed choices the page's form shows, which its loader sends (`trekkerChoices`). The page imports
 * only `trekkersListView`.
 */
export const trekkerFilters = filterObject({
  username: textFilter(),
  startDate: dateFilter(),
  endDate: dateFilter(),
  cardStatus: choiceFilter(cardStatusValues),
  country: idFilter(),
  region: choiceFilter(["1", "2", "5"]),
  trekkingArea: idFilter(),
  userAgencyType: choiceFilter(["1", "2", "5"]),
  userId: idFilter(),
  paymentStartDate: dateFilter(),
  paymentEndDate: dateFilter(),
  overdue: choiceFilter(["1"]),
});
export type TrekkerFilters = FilterOutput<typeof trekkerFilters>;

/** The choices of the form's Card Status and Region selects (the fields' `options` keys). */
export const trekkerChoices: Record<"cardStatuses" | "regions", FilterOption[]> = {
  cardStatuses: STATUS_OPTIONS,
  regions: REGIONS.map((r) => ({ value: String(r.id), label: r.name })),
};

export const trekkersList = defineList<TrekkerItem, typeof trekkerFilters>({
  ...trekkersListView,
  filters: trekkerFilters,
  csv: {
    fileName: trekkersListView.csv.fileName,
    columns: [
      { header: "Id", value: (r) => r.registrationId },
      { header: "Trekker", value: (r) => r.fullName },
      { header: "Trekking Area", value: (r) => r.routeName },
      { header: "Card Number", value: (r) => r.cardNumber },
      { header: "Regional Type", value: (r) => r.regional },
      { header: "Country", value: (r) => r.country },
      { header: "Registered Date", value: (r) => displayDate(r.registeredAt) },
      { header: "Agency", value: (r) => r.agency, key: "agency" },
      { header: "Card Status", value: (r) => r.status },
      { header: "Payment Date", value: (r) => displayDate(r.issuedAt) },
    ],
  },
});
