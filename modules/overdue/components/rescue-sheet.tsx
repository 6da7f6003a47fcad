import { useT } from "@lib/i18n/context";
import { displayDate } from "@lib/dates";

/** What the rescue sheet shows (rescue-sheet.server.ts builds it); the page and the PDF render this. */
export interface RescueSheetView {
  today: string;
  /** The account that registered the trekker: the privacy module audits everyone else's views. */
  ownerId: number;
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
  scans: { id: number; at: string; place: string; kind: string; offRoute: boolean; refused: boolean; reason: string | null }[];
  expected: string;
  /** The expected position as a text of the page's language: its English words and their values. */
  expectedSay: { key: string; values: Record<string, string | number> };
  guide: { name: string | null; licence: string | null; phone: string | null };
  agency: { name: string; email: string; phone: string | null; address: string | null } | null;
  insurance: { company: string | null; policyNumber: string | null; policyType: string | null };
  nepalContact: string | null;
  homeContact: string | null;
  emergency: { label: string; number: string }[];
  timeline: { id: number; label: string; toLabel: string; by: string; note: string; at: string }[];
}

const NOT_GIVEN = "not given";

function Row({ label, value }: { label: string; value: string }) {
  const { t } = useT();
  return (
    <tr>
      <th scope="row">{t(label)}</th>
      <td>{value}</td>
    </tr>
  );
}

/** The rescue sheet: who, where they should be, where they were seen, whom to call. Plain markup, so it prints and renders to PDF alike. */
export function RescueSheet({ sheet }: { sheet: RescueSheetView }) {
  const { t, lng } = useT();
  const notGiven = t(NOT_GIVEN);
  const or = (value: string | number | null | undefined) => (value === null || value === undefined || value === "" ? notGiven : String(value));
  const on = (place: string, date: string) => t("{{place}} on {{date}}", { place, date });
  return (
    <article className="rescue-sheet space-y-3 text-sm">
      <h1 className="text-xl font-bold">{t("Rescue sheet: {{name}}", { name: sheet.fullName })}</h1>
      <p>
        {t("Case: {{state}} · {{reason}} · overdue since {{date}} ({{days}} days) · printed {{today}}", {
          state: t(sheet.case.stateLabel),
          reason: t(sheet.case.reasonLabel),
          date: lng === "ne" ? displayDate(sheet.case.dueDate, lng) : sheet.case.dueDate,
          days: sheet.case.ageDays,
          today: sheet.today,
        })}
      </p>
      {sheet.photoSrc ? (
        <img src={sheet.photoSrc} alt={t("Photo of {{name}}", { name: sheet.fullName })} width={110} />
      ) : (
        <p>{t("Photo: {{photo}}", { photo: notGiven })}</p>
      )}
      <h2 className="font-semibold">{t("Trekker")}</h2>
      <table>
        <tbody>
          <Row label="Name" value={sheet.fullName} />
          <Row label="Nationality" value={or(sheet.nationality)} />
          <Row label="Passport" value={or(sheet.passportNumber)} />
          <Row label="Card number" value={or(sheet.cardNumber)} />
          <Row label="Card status" value={t(sheet.cardStatus)} />
        </tbody>
      </table>
      <h2 className="font-semibold">{t("Route")}</h2>
      <table>
        <tbody>
          <Row label="Route" value={sheet.routeName} />
          <Row label="Entry" value={on(sheet.entryPoint, sheet.entryDate)} />
          <Row label="Exit" value={on(sheet.exitPoint, sheet.exitDate)} />
          <Row label="Checkpoints" value={sheet.routePoints.join(" → ") || notGiven} />
          <Row label="Expected position today" value={t(sheet.expectedSay.key, sheet.expectedSay.values)} />
        </tbody>
      </table>
      <h2 className="font-semibold">{t("Scans")}</h2>
      {sheet.scans.length ? (
        <table>
          <thead>
            <tr>
              <th scope="col">{t("When")}</th>
              <th scope="col">{t("Where")}</th>
              <th scope="col">{t("What")}</th>
            </tr>
          </thead>
          <tbody>
            {sheet.scans.map((s) => (
              <tr key={s.id}>
                <td>{s.at}</td>
                <td>
                  {s.place}
                  {s.offRoute ? ` ${t("(off route)")}` : ""}
                </td>
                <td>{s.reason !== null ? t("Refused: {{reason}}", { reason: t(s.reason) }) : t(s.kind)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t("Never scanned at a checkpoint.")}</p>
      )}
      <h2 className="font-semibold">{t("Guide, agency, insurance")}</h2>
      <table>
        <tbody>
          <Row label="Guide name" value={or(sheet.guide.name)} />
          <Row label="Guide licence" value={or(sheet.guide.licence)} />
          <Row label="Guide phone" value={or(sheet.guide.phone)} />
          <Row label="Agency" value={or(sheet.agency?.name)} />
          <Row
            label="Agency contact"
            value={sheet.agency ? [sheet.agency.phone, sheet.agency.email, sheet.agency.address].filter(Boolean).join(", ") : notGiven}
          />
          <Row label="Insurance company" value={or(sheet.insurance.company)} />
          <Row label="Policy number" value={or(sheet.insurance.policyNumber)} />
          <Row label="Policy type" value={or(sheet.insurance.policyType)} />
          <Row label="Contact in Nepal" value={or(sheet.nepalContact)} />
          <Row label="Contact at home" value={or(sheet.homeContact)} />
        </tbody>
      </table>
      <h2 className="font-semibold">{t("Emergency numbers")}</h2>
      <ul>
        {sheet.emergency.map((e) => (
          <li key={e.label}>
            {t(e.label)}: {e.number}
          </li>
        ))}
      </ul>
      <h2 className="font-semibold">{t("Case timeline")}</h2>
      <CaseTimelineList timeline={sheet.timeline} />
    </article>
  );
}

/** A case's moves, oldest first: when, who, what, the note (the case page and the sheet). */
export function CaseTimelineList({ timeline }: { timeline: RescueSheetView["timeline"] }) {
  const { t } = useT();
  if (!timeline.length) return <p>{t("No moves yet: the case is open.")}</p>;
  return (
    <ol className="space-y-2">
      {timeline.map((m) => (
        <li key={m.id}>
          <strong>{t(m.label)}</strong> ({t(m.toLabel)}) · {m.at} · {t(m.by)}
          <br />
          {m.note}
        </li>
      ))}
    </ol>
  );
}
