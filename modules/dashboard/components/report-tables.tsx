import type { RangeCaption } from "@lib/nepali-calendar/types";
import type { ChartView } from "../chart-view";
import type { ReportTable } from "../reports.server";
import { groupLakh } from "@lib/numbers";
import { useT } from "@lib/i18n/context";

/** One report as a table (the page and the PDF). */
export function ReportTableView({ table }: { table: Pick<ReportTable, "id" | "title" | "columns" | "rows"> }) {
  const { t, lng } = useT();
  return (
    <table className="w-full text-left text-sm" data-testid={`report-table-${table.id}`}>
      <caption className="sr-only">{table.title}</caption>
      <thead>
        <tr className="border-b border-slate-200">
          {table.columns.map((c) => (
            <th key={c} scope="col" className="px-2 py-1 font-medium text-slate-700">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((r, i) => (
          <tr key={i} className="border-b border-slate-100">
            {r.map((cell, j) => (
              <td key={j} className={typeof cell === "number" || /^\d+(\.\d+)?$/.test(String(cell)) ? "px-2 py-1 text-right tabular-nums" : "px-2 py-1"}>
                {typeof cell === "number" ? groupLakh(cell, { devanagari: lng === "ne" }) : cell}
              </td>
            ))}
          </tr>
        ))}
        {!table.rows.length && (
          <tr>
            <td colSpan={table.columns.length} className="px-2 py-1 text-slate-600">
              {t("No figures in this range.")}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/** The printable report (PDF): every table with its chart, in the page's order. */
export function ReportDocument({
  range,
  caption,
  tables,
  charts,
}: {
  range: { from: string; to: string };
  /** The range in the BS calendar and against the fiscal years. */
  caption: RangeCaption;
  tables: readonly ReportTable[];
  charts: readonly ChartView[];
}) {
  const { t, lng } = useT();
  const bs = lng === "ne" ? caption.say.bsDevanagari : caption.say.bs;
  const said = [bs, caption.say.fiscal].flatMap((say) => (say ? [t(say.key, say.params)] : []));
  return (
    <article>
      <h1>{t("TIMS season report")}</h1>
      <p>{t("From {{from}} up to (not including) {{to}}. Figures from the per-day aggregates.", { from: range.from, to: range.to })}</p>
      {said.length ? <p data-testid="report-range-bs">{said.join("; ")}.</p> : null}
      {tables.map((t, i) => (
        <section key={t.id}>
          <h2>{t.title}</h2>
          {charts[i] && !charts[i].empty && <div className="chart" dangerouslySetInnerHTML={{ __html: charts[i].svg }} />}
          <ReportTableView table={t} />
        </section>
      ))}
    </article>
  );
}
