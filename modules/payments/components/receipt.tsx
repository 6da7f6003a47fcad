import type { CSSProperties } from "react";
import { displayDate } from "@lib/dates";
import { formatNrs } from "@modules/registration";
import { RECEIPT_ISSUER, RECEIPT_NOTES, type Receipt } from "../billing";

// Inline styles, not Tailwind classes: the same markup is rendered into the PDF (a self-contained
// page for Chromium without the app's stylesheet) and into the side panel, so they look alike.
const s = {
  page: { fontFamily: "Helvetica, Arial, sans-serif", color: "#0f172a", fontSize: 13, lineHeight: 1.45, maxWidth: 640, overflowWrap: "anywhere" },
  header: { textAlign: "center", borderBottom: "2px solid #1e3a8a", paddingBottom: 8, marginBottom: 12 },
  issuer: { fontSize: 18, fontWeight: 700, margin: 0, color: "#1e3a8a" },
  small: { margin: "2px 0", fontSize: 12, color: "#334155" },
  title: { fontSize: 15, fontWeight: 700, margin: "4px 0 0", letterSpacing: 1 },
  facts: { display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(200px, 1fr))", gap: "6px 16px", margin: "0 0 12px" },
  label: { fontSize: 11, color: "#475569", margin: 0 },
  value: { margin: 0, fontWeight: 600 },
  table: { width: "100%", borderCollapse: "collapse", margin: "8px 0" },
  th: { textAlign: "left", borderBottom: "1px solid #94a3b8", padding: "4px 6px", fontSize: 12 },
  thRight: { textAlign: "right", borderBottom: "1px solid #94a3b8", padding: "4px 6px", fontSize: 12, whiteSpace: "nowrap" },
  td: { padding: "4px 6px", borderBottom: "1px solid #e2e8f0" },
  tdRight: { padding: "4px 6px", borderBottom: "1px solid #e2e8f0", textAlign: "right", whiteSpace: "nowrap" },
  total: { padding: "6px", textAlign: "right", fontWeight: 700 },
  words: { margin: "8px 0", fontStyle: "italic" },
  notes: { marginTop: 16, paddingTop: 8, borderTop: "1px solid #cbd5e1", fontSize: 11, color: "#475569" },
} satisfies Record<string, CSSProperties>;

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt style={s.label}>{label}</dt>
      <dd style={s.value} data-testid={testId}>
        {value || "—"}
      </dd>
    </div>
  );
}

/** Receipt Details (spec 2 §2): the panel, the print view and the PDF render this one component. */
export function ReceiptDocument({ receipt }: { receipt: Receipt }) {
  const amount = formatNrs(receipt.amountPaisa);
  return (
    <article style={s.page} data-testid="receipt" aria-label={`Receipt ${receipt.invoiceNumber}`}>
      <header style={s.header}>
        <p style={s.issuer}>{RECEIPT_ISSUER.name}</p>
        <p style={s.small}>{RECEIPT_ISSUER.address}</p>
        <p style={s.small}>
          Phone {RECEIPT_ISSUER.phone} · {RECEIPT_ISSUER.email}
        </p>
        <p style={s.title}>RECEIPT</p>
      </header>
      <dl style={s.facts}>
        <Fact label="Name" value={receipt.name} testId="receipt-name" />
        <Fact label="Receipt Number" value={receipt.invoiceNumber} testId="receipt-number" />
        <Fact label="Address" value={receipt.address} />
        <Fact label="Receipt Date" value={displayDate(receipt.receiptDate)} />
        <Fact label="Contact Number" value={receipt.contactNo} />
        <Fact label="Email" value={receipt.email} />
        {receipt.pan ? <Fact label="PAN/VAT No." value={receipt.pan} /> : null}
        <Fact label="Payment Medium" value={receipt.method} />
      </dl>
      <table style={s.table}>
        <thead>
          <tr>
            <th scope="col" style={s.th}>
              Particulars
            </th>
            <th scope="col" style={s.thRight}>
              Qty
            </th>
            <th scope="col" style={s.thRight}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td style={s.td}>
              {receipt.lineItem}
              {receipt.routeName ? <span style={{ display: "block", fontSize: 11, color: "#475569" }}>{receipt.routeName}</span> : null}
            </td>
            <td style={s.tdRight}>{receipt.trekkers}</td>
            <td style={s.tdRight}>{amount}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} style={s.total}>
              Total
            </th>
            <td style={{ ...s.tdRight, fontWeight: 700 }} data-testid="receipt-total">
              {amount}
            </td>
          </tr>
        </tfoot>
      </table>
      <p style={s.words} data-testid="receipt-words">
        {receipt.amountWords}
      </p>
      <footer style={s.notes}>
        {RECEIPT_NOTES.map((note) => (
          <p key={note} style={{ margin: "2px 0" }}>
            {note}
          </p>
        ))}
      </footer>
    </article>
  );
}
