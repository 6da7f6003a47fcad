import type { CSSProperties } from "react";

export interface CardView {
  cardNumber: number | null;
  issueDate: string;
  fullName: string;
  photoSrc: string | null;
  nationality: string;
  gender: string;
  trekkerType: string;
  dob: string;
  passportNumber: string;
  visaNumber: string | null;
  routeName: string;
  entryDate: string;
  exitDate: string;
  entryPoint: string;
  exitPoint: string;
  nepalContact: string;
  homeContact: string;
  priceText: string;
  status: string;
  cancelled: boolean;
  qrDataUrl: string;
}

/** Emergency lines printed on every card (spec 1 §2.8) and on the rescue sheet (modules/overdue): the one list. */
export const EMERGENCY_CONTACTS = [
  { label: "Tourist Police", number: "1144" },
  { label: "Nepal Tourism Board", number: "+977-1-4256909" },
  { label: "TAAN", number: "+977-1-4427473" },
];

// Inline styles, not Tailwind classes: the same markup is rendered to PDF by a worker that has
// no stylesheet, and must look the same as on screen and on paper.
const s: Record<string, CSSProperties> = {
  card: {
    position: "relative",
    width: 720,
    maxWidth: "100%",
    margin: "0 auto",
    border: "2px solid #1d4ed8",
    borderRadius: 12,
    padding: 20,
    fontFamily: "Helvetica, Arial, sans-serif",
    color: "#0f172a",
    background: "#fff",
    boxSizing: "border-box",
    overflow: "hidden",
  },
  head: {
    display: "flex",
    flexWrap: "wrap",
    justifyContent: "space-between",
    alignItems: "center",
    gap: 8,
    borderBottom: "2px solid #1d4ed8",
    paddingBottom: 8,
  },
  title: { margin: 0, fontSize: 20, color: "#1d4ed8" },
  // 12 px is the least text size anywhere on the card (issue 26 item 9: 10-11 px read as illegible).
  small: { fontSize: 12, color: "#475569", margin: 0 },
  // Wraps on narrow screens (from 320 px): photo, then the fields, then the QR on a row of its own,
  // so the QR is never pushed out of the card by a long value.
  body: { display: "flex", flexWrap: "wrap", gap: 16, marginTop: 12, alignItems: "flex-start" },
  photo: { width: 120, height: 120, objectFit: "cover", borderRadius: 6, border: "1px solid #cbd5e1", flex: "0 0 auto" },
  grid: { display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(130px, 1fr))", gap: "4px 16px", flex: "1 1 260px", minWidth: 0, fontSize: 12 },
  value: { overflowWrap: "anywhere", minWidth: 0 },
  // 150 CSS px is 39.7 mm on paper: a checkpost scanner reads it from a worn printout.
  qr: { width: 150, height: 150, flex: "0 0 auto", margin: "0 auto", imageRendering: "pixelated" },
  label: { color: "#64748b", fontSize: 12, textTransform: "uppercase" },
  section: { marginTop: 12, fontSize: 12, borderTop: "1px solid #e2e8f0", paddingTop: 8, overflowWrap: "anywhere" },
  watermark: { position: "absolute", top: "40%", left: "50%", transform: "translate(-50%, -50%) rotate(-20deg)", pointerEvents: "none", overflow: "visible" },
};

function Field({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <div>
      <div style={s.label}>{label}</div>
      {/* dir="auto": a name in Arabic or Hebrew reads right to left inside the left-to-right card. */}
      <div style={s.value} dir="auto">
        {value || "—"}
      </div>
    </div>
  );
}

/** The TIMS card: the same component on the page, in print and in the PDF. */
export function PrintableCard({ card }: { card: CardView }) {
  return (
    <article style={s.card} data-testid="tims-card" aria-label={`TIMS card of ${card.fullName}`}>
      <header style={s.head}>
        <div>
          <p style={s.small}>Government of Nepal · Nepal Tourism Board</p>
          <h2 style={s.title}>TIMS Card</h2>
          <p style={s.small}>Trekkers' Information Management System</p>
        </div>
        <div style={{ textAlign: "right" }}>
          <p style={s.small}>Card No.</p>
          <p style={{ margin: 0, fontSize: 22, fontWeight: 700, overflowWrap: "anywhere" }} data-testid="card-number">
            {card.cardNumber ?? "—"}
          </p>
          <p style={s.small}>Issued {card.issueDate}</p>
        </div>
      </header>
      <div style={s.body}>
        {card.photoSrc ? <img src={card.photoSrc} alt={`Photo of ${card.fullName}`} style={s.photo} /> : <div style={s.photo} />}
        <div style={s.grid}>
          <Field label="Full Name" value={card.fullName} />
          <Field label="Nationality" value={card.nationality} />
          <Field label="Passport No." value={card.passportNumber} />
          <Field label="Visa No." value={card.visaNumber} />
          <Field label="Gender" value={card.gender} />
          <Field label="Date of Birth" value={card.dob} />
          <Field label="Trekking Route" value={card.routeName} />
          <Field label="Trekker Type" value={card.trekkerType} />
          <Field label="Entry" value={`${card.entryDate} · ${card.entryPoint}`} />
          <Field label="Exit" value={`${card.exitDate} · ${card.exitPoint}`} />
        </div>
        <img src={card.qrDataUrl} alt="Card QR code" style={s.qr} data-testid="card-qr" />
      </div>
      <div style={s.section}>
        <strong>Contact in Nepal:</strong> {card.nepalContact || "—"} · <strong>Home country:</strong> {card.homeContact || "—"}
      </div>
      <div style={s.section}>
        <strong>Emergency:</strong> {EMERGENCY_CONTACTS.map((c) => `${c.label} ${c.number}`).join(" · ")}
      </div>
      <div style={s.section}>
        <strong>Regulatory provisions:</strong> This card is valid for a single entry, is non-transferable and non-refundable.
        {card.priceText ? ` Price ${card.priceText} including VAT.` : ""} Carry it with your passport and show it at every checkpost.
      </div>
      {card.cancelled ? (
        // Faint on purpose (the card stays readable under it): drawn, not HTML text, so no contrast
        // rule applies to it; the image's name says it to screen readers.
        <svg style={s.watermark} data-testid="cancelled-watermark" role="img" aria-label="Cancelled" width="640" height="120" viewBox="0 0 640 120">
          <text x="320" y="96" textAnchor="middle" fontSize="96" fontWeight="700" letterSpacing="8" fill="rgba(220, 38, 38, 0.25)" fontFamily="inherit">
            CANCELLED
          </text>
        </svg>
      ) : null}
    </article>
  );
}
