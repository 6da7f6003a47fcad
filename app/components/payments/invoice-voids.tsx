import { displayDate } from "@lib/dates";
import { voidRangeText, type InvoiceVoid } from "@modules/payments";

/**
 * Billing's account of every invoice number no bill carries (issue 25): each voided run with its
 * reason, so a gap in the sequence is never unexplained. For the board and TAAN, who see every bill.
 */
export function InvoiceVoids({ voids }: { voids: { rows: InvoiceVoid[]; total: number } | null }) {
  if (!voids || voids.total === 0) return null;
  return (
    <details className="mt-4 rounded border border-slate-200 bg-white p-3 text-sm" data-testid="invoice-voids">
      <summary className="cursor-pointer font-medium text-slate-800">Voided invoice numbers ({voids.total === 1 ? "1 run" : `${voids.total} runs`})</summary>
      <table className="mt-2 w-full text-left">
        <thead>
          <tr className="text-xs uppercase text-slate-500">
            <th className="py-1 pr-3">Invoice Id</th>
            <th className="py-1 pr-3">Reason</th>
            <th className="py-1">Voided on</th>
          </tr>
        </thead>
        <tbody>
          {voids.rows.map((v) => (
            <tr key={v.firstNumber} className="border-t border-slate-100 align-top">
              <td className="py-1 pr-3 font-mono whitespace-nowrap">{voidRangeText(v)}</td>
              <td className="py-1 pr-3 text-slate-700">{v.reason}</td>
              <td className="py-1 whitespace-nowrap">{displayDate(v.voidedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {voids.total > voids.rows.length ? (
        <p className="mt-2 text-slate-600">
          The first {voids.rows.length} of {voids.total} runs are shown.
        </p>
      ) : null}
    </details>
  );
}
