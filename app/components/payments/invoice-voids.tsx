import { displayDate } from "@lib/dates";
import { useT } from "@lib/i18n/context";
import { voidRangeText, type InvoiceVoid } from "@modules/payments";

/**
 * Billing's account of every invoice number no bill carries (issue 25): each voided run with its
 * reason, so a gap in the sequence is never unexplained. For the board and TAAN, who see every bill.
 */
export function InvoiceVoids({ voids }: { voids: { rows: InvoiceVoid[]; total: number } | null }) {
  const { t, lng } = useT();
  if (!voids || voids.total === 0) return null;
  return (
    <details className="mt-4 rounded border border-slate-200 bg-white p-3 text-sm" data-testid="invoice-voids">
      <summary className="cursor-pointer font-medium text-slate-800">
        {voids.total === 1 ? t("Voided invoice numbers (1 run)") : t("Voided invoice numbers ({{count}} runs)", { count: voids.total })}
      </summary>
      <table className="mt-2 w-full text-left">
        <thead>
          <tr className="text-xs uppercase text-slate-500">
            <th className="py-1 pr-3">{t("Invoice Id")}</th>
            <th className="py-1 pr-3">{t("Reason")}</th>
            <th className="py-1">{t("Voided on")}</th>
          </tr>
        </thead>
        <tbody>
          {voids.rows.map((v) => (
            <tr key={v.firstNumber} className="border-t border-slate-100 align-top">
              <td className="py-1 pr-3 font-mono whitespace-nowrap">{voidRangeText(v)}</td>
              <td className="py-1 pr-3 text-slate-700">{t(v.reason)}</td>
              <td className="py-1 whitespace-nowrap">{displayDate(v.voidedAt, lng)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {voids.total > voids.rows.length ? (
        <p className="mt-2 text-slate-600">{t("The first {{shown}} of {{count}} runs are shown.", { shown: voids.rows.length, count: voids.total })}</p>
      ) : null}
    </details>
  );
}
