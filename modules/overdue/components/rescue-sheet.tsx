/** What the rescue sheet shows (rescue-sheet.server.ts builds it); the page and the PDF render this. */
export interface RescueSheetView {
  today: string;
  case: { trekkerId: number; stateLabel: string; reasonLabel: string; dueDate: string; ageDays: number };
  photoSrc: string | null;
  fullName: string;
  nationality: string;
  passportNumber: string;
  cardNumber: number | null;
  cardStatus: string;
  routeName: string;
  entryPoint: string;
  exitPoint: string;
  entryDate: string;
  exitDate: string;
  routePoints: string[];
  scans: { id: number; at: string; place: string; kind: string; offRoute: boolean; refused: boolean }[];
  expected: string;
  guide: { name: string | null; licence: string | null; phone: string | null };
  agency: { name: string; email: string; phone: string | null; address: string | null } | null;
  insurance: { company: string | null; policyNumber: string | null; policyType: string | null };
  nepalContact: string | null;
  homeContact: string | null;
  emergency: { label: string; number: string }[];
  timeline: { id: number; label: string; toLabel: string; by: string; note: string; at: string }[];
}

const NOT_GIVEN = "not given";
const or = (value: string | number | null | undefined) => (value === null || value === undefined || value === "" ? NOT_GIVEN : String(value));

function Row({ label, value }: { label: string; value: string }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{value}</td>
    </tr>
  );
}

/** The rescue sheet: who, where they should be, where they were seen, whom to call. Plain markup, so it prints and renders to PDF alike. */
export function RescueSheet({ sheet }: { sheet: RescueSheetView }) {
  return (
    <article className="rescue-sheet space-y-3 text-sm">
      <h1 className="text-xl font-bold">Rescue sheet: {sheet.fullName}</h1>
      <p>
        Case: {sheet.case.stateLabel} · {sheet.case.reasonLabel} · overdue since {sheet.case.dueDate} ({sheet.case.ageDays} days) · printed {sheet.today}
      </p>
      {sheet.photoSrc ? <img src={sheet.photoSrc} alt={`Photo of ${sheet.fullName}`} width={110} /> : <p>Photo: {NOT_GIVEN}</p>}
      <h2 className="font-semibold">Trekker</h2>
      <table>
        <tbody>
          <Row label="Name" value={sheet.fullName} />
          <Row label="Nationality" value={or(sheet.nationality)} />
          <Row label="Passport" value={or(sheet.passportNumber)} />
          <Row label="Card number" value={or(sheet.cardNumber)} />
          <Row label="Card status" value={sheet.cardStatus} />
        </tbody>
      </table>
      <h2 className="font-semibold">Route</h2>
      <table>
        <tbody>
          <Row label="Route" value={sheet.routeName} />
          <Row label="Entry" value={`${sheet.entryPoint} on ${sheet.entryDate}`} />
          <Row label="Exit" value={`${sheet.exitPoint} on ${sheet.exitDate}`} />
          <Row label="Checkpoints" value={sheet.routePoints.join(" → ") || NOT_GIVEN} />
          <Row label="Expected position today" value={sheet.expected} />
        </tbody>
      </table>
      <h2 className="font-semibold">Scans</h2>
      {sheet.scans.length ? (
        <table>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Where</th>
              <th scope="col">What</th>
            </tr>
          </thead>
          <tbody>
            {sheet.scans.map((s) => (
              <tr key={s.id}>
                <td>{s.at}</td>
                <td>
                  {s.place}
                  {s.offRoute ? " (off route)" : ""}
                </td>
                <td>{s.kind}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>Never scanned at a checkpoint.</p>
      )}
      <h2 className="font-semibold">Guide, agency, insurance</h2>
      <table>
        <tbody>
          <Row label="Guide name" value={or(sheet.guide.name)} />
          <Row label="Guide licence" value={or(sheet.guide.licence)} />
          <Row label="Guide phone" value={or(sheet.guide.phone)} />
          <Row label="Agency" value={or(sheet.agency?.name)} />
          <Row
            label="Agency contact"
            value={sheet.agency ? [sheet.agency.phone, sheet.agency.email, sheet.agency.address].filter(Boolean).join(", ") : NOT_GIVEN}
          />
          <Row label="Insurance company" value={or(sheet.insurance.company)} />
          <Row label="Policy number" value={or(sheet.insurance.policyNumber)} />
          <Row label="Policy type" value={or(sheet.insurance.policyType)} />
          <Row label="Contact in Nepal" value={or(sheet.nepalContact)} />
          <Row label="Contact at home" value={or(sheet.homeContact)} />
        </tbody>
      </table>
      <h2 className="font-semibold">Emergency numbers</h2>
      <ul>
        {sheet.emergency.map((e) => (
          <li key={e.label}>
            {e.label}: {e.number}
          </li>
        ))}
      </ul>
      <h2 className="font-semibold">Case timeline</h2>
      <CaseTimelineList timeline={sheet.timeline} />
    </article>
  );
}

/** A case's moves, oldest first: when, who, what, the note (the case page and the sheet). */
export function CaseTimelineList({ timeline }: { timeline: RescueSheetView["timeline"] }) {
  if (!timeline.length) return <p>No moves yet: the case is open.</p>;
  return (
    <ol className="space-y-2">
      {timeline.map((m) => (
        <li key={m.id}>
          <strong>{m.label}</strong> ({m.toLabel}) · {m.at} · {m.by}
          <br />
          {m.note}
        </li>
      ))}
    </ol>
  );
}
