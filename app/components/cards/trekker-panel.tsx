import { Link, useSearchParams } from "@remix-run/react";
import { useT } from "@lib/i18n/context";
import type { ReactNode } from "react";
import { SidePanel } from "@lib/ui/side-panel";
import { Tabs } from "@lib/ui/tabs";
import { displayDate, displayDateTime } from "@lib/dates";
import type { TrekkerCardData } from "@modules/cards/index.server";
import type { CardView } from "@modules/cards";
import { PrintableCard } from "@modules/cards/index.card";
import { erasedNote } from "@modules/privacy";

/** The trekker as the panel's loader sends it (dates travel as text). */
export type PanelTrekker = Omit<TrekkerCardData, "issuedAt"> & { nationalityName: string; photoSrc: string };

/** A check-in as the panel lists it (the check-ins module records them; the page's loader passes them in). */
export interface PanelCheckin {
  id: number;
  place: string;
  how: string;
  direction: "in" | "out";
  at: string | Date;
  /** A refused card's sighting (the check-ins module's ADR 0028): listed, marked, not a check-in. */
  refusedReason?: string | null;
  /** Recorded at a checkpoint off the card's route. */
  offRoute?: boolean;
}

/** Label/value pairs; without a title (the contact tabs' content) no heading, never an empty one. */
function Block({ title, rows }: { title?: string; rows: [string, ReactNode][] }) {
  const { t } = useT();
  return (
    <section className="mt-4">
      {title ? <h3 className="mb-2 text-sm font-semibold text-slate-700">{t(title)}</h3> : null}
      <dl className="grid grid-cols-2 gap-2 text-sm">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt className="text-xs text-slate-500">{t(k)}</dt>
            <dd className="text-slate-800">{v || "—"}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The trekker side panel (spec 1 §2.8): a nested route with its own URL, so it is a plain page
 * without JS. The TIMS Card tab exists only once the trekker holds a card.
 */
export function TrekkerPanel({
  trekker: t,
  card,
  closeTo,
  checkins = [],
}: {
  trekker: PanelTrekker;
  card: CardView | null;
  closeTo: string;
  checkins?: readonly PanelCheckin[];
}) {
  // `t` is the trekker here (the panel's own name for it); `say` the page's translator.
  const { t: say, lng } = useT();
  const [params] = useSearchParams();
  const tab = card && params.get("tab") === "card" ? "card" : "details";
  const contact = params.get("contact") === "home" ? "home" : "nepal";
  return (
    <SidePanel title={t.fullName} closeTo={closeTo} width="lg">
      <Tabs
        label="Trekker sections"
        tabs={[
          { label: "Trekker Details", to: "?tab=details", active: tab === "details" },
          ...(card ? [{ label: "TIMS Card", to: "?tab=card", active: tab === "card" }] : []),
        ]}
      />
      {t.personalDataErasedAt ? (
        <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="personal-data-erased">
          {say(erasedNote("{{date}}", String), { date: displayDate(t.personalDataErasedAt, lng) })}
        </p>
      ) : null}
      {tab === "card" && card ? (
        <div className="mt-4 space-y-3">
          <PrintableCard card={card} />
          <div className="flex gap-3 text-sm">
            <Link to={`/tims-cards/${t.trekkerId}`} className="text-blue-700 underline">
              {say("Print")}
            </Link>
            <a href={`/tims-cards/${t.trekkerId}/pdf`} className="text-blue-700 underline">
              {say("Download")}
            </a>
          </div>
        </div>
      ) : (
        <div>
          <div className="mt-4 flex items-center gap-3">
            <img src={t.photoSrc} alt={say("Photo of {{name}}", { name: t.fullName })} className="h-16 w-16 rounded object-cover" />
            <div>
              <p className="font-semibold">{t.fullName}</p>
              <p className="text-sm text-slate-600">
                {say(t.status)}
                {t.cardNumber ? ` · ${say("Card {{card}}", { card: String(t.cardNumber) })}` : ""}
              </p>
            </div>
          </div>
          <Block
            title="Background"
            rows={[
              ["Nationality", t.nationalityName],
              ["Passport Number", t.passportNumber],
              ["Visa Number", t.visaNumber],
              ["Date of Birth", displayDate(t.dob, lng)],
              ["Email", t.email],
              ["City", t.city],
            ]}
          />
          <Block
            title="Trek Details"
            rows={[
              ["Trekking Area", t.routeName],
              ["Entry", `${displayDate(t.entryDate, lng)} · ${t.entryPoint}`],
              ["Exit", `${displayDate(t.exitDate, lng)} · ${t.exitPoint}`],
              ["Registration", `#${t.registrationId}`],
            ]}
          />
          <section className="mt-4">
            <h3 className="mb-2 text-sm font-semibold text-slate-700">{say("Contact")}</h3>
            <Tabs
              label="Contact"
              tabs={[
                { label: "Nepal", to: "?tab=details&contact=nepal", active: contact === "nepal" },
                { label: "Home Country", to: "?tab=details&contact=home", active: contact === "home" },
              ]}
            />
            {contact === "nepal" ? (
              <Block
                rows={[
                  ["Contact Person", t.nepalContactPerson],
                  ["Organization", t.nepalOrganization],
                  ["Mobile", t.nepalMobile],
                  ["Address", t.nepalAddress],
                ]}
              />
            ) : (
              <Block
                rows={[
                  ["Contact Person", t.homeContactPerson],
                  ["City", t.homeCity],
                  ["Mobile", t.homeMobile],
                  ["Address", t.homeAddress],
                ]}
              />
            )}
          </section>
          <Block
            title="Insurance Details"
            rows={[
              ["Company", t.insuranceCompany],
              ["Policy Number", t.policyNumber],
              ["Policy Type", t.policyType],
            ]}
          />
          <section className="mt-4">
            <h3 className="mb-2 text-sm font-semibold text-slate-700">{say("Checkin list")}</h3>
            {checkins.length ? (
              <ol className="divide-y divide-slate-100 text-sm" data-testid="checkin-list">
                {checkins.map((c) => (
                  <li key={c.id} className="flex flex-wrap justify-between gap-2 py-1.5">
                    {c.refusedReason ? (
                      <span className="font-medium text-red-800">
                        {say("Refused at {{place}}: {{reason}}", { place: c.place, reason: say(c.refusedReason) })}
                      </span>
                    ) : (
                      <span className={c.offRoute ? "font-medium text-amber-800" : "font-medium text-slate-800"}>
                        {say(c.direction === "out" ? "Checked out at {{place}}" : "Checked in at {{place}}", { place: c.place })}
                        {c.offRoute ? ` ${say("(off route: not on this card's trekking area)")}` : ""}
                      </span>
                    )}
                    <span className="text-slate-600">
                      {displayDateTime(c.at, lng)} · {say(c.how)}
                    </span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-slate-600">{say("No Data Found")}</p>
            )}
          </section>
        </div>
      )}
    </SidePanel>
  );
}
