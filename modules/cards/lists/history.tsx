import { Link } from "@remix-run/react";
import { displayDate } from "@lib/dates";
import type { ListViewDefinition } from "@lib/list/define";
import { area, id, trekker } from "./shared";
import type { TrekkerItem } from "./shared";
import { Say } from "@lib/ui/table";
import { useT } from "@lib/i18n/context";
import { STATUS_OPTIONS } from "./card-statuses";

/** Trekking History (spec 1 §2.8): a free trekker's treks, each trekker's card, Revisit. */
export const trekkingHistoryListView: ListViewDefinition<TrekkerItem> = {
  fields: [{ kind: "select", name: "cardStatus", label: "Trek Status", options: STATUS_OPTIONS }],
  columns: [
    id,
    // A family's trekkers share one registration: the name tells their rows apart.
    trekker,
    area,
    { key: "date", header: "Trekking Date", cell: (r) => `${displayDate(r.entryDate)} - ${displayDate(r.exitDate)}` },
    {
      key: "card",
      header: "TIMS Card",
      cell: (r) => <RowLink to={`/trekking-history/${r.trekkerId}`} label="View the TIMS card of {{name}}" name={r.fullName} text="View" />,
    },
    { key: "status", header: "Trek Status", cell: (r) => <Say text={r.status} /> },
    {
      key: "revisit",
      header: "Revisit",
      cell: (r) => <RowLink to={`/new-register?regId=${r.registrationId}`} label="Revisit the trek of {{name}}" name={r.fullName} text="Revisit" />,
    },
  ],
  csv: { fileName: "TrekkingHistory" },
};

/** A row's link in the page's language, its accessible name naming the trekker the row is about. */
function RowLink({ to, label, name, text }: { to: string; label: string; name: string; text: string }) {
  const { t } = useT();
  return (
    <Link to={to} className="text-blue-700 underline" aria-label={t(label, { name })}>
      {t(text)}
    </Link>
  );
}
