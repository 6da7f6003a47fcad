import { SelectField, TextArea, TextField } from "@lib/ui/field";
import { INDIA, needsVisa, NEPAL, passportLabel, REGISTRATION_MESSAGES } from "@modules/registration";
import { inputProps, type FieldMap } from "./field-map";
import { PhotoInput } from "./photo-input";
import { useT } from "@lib/i18n/context";

export interface TrekkerFieldOptions {
  countries: { id: number; name: string }[];
  genders: { id: number; name: string }[];
  userType: number;
}

const TYPES = [
  { value: 3, label: "Normal" },
  { value: 4, label: "Diplomat" },
  { value: 5, label: "Child" },
];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useT();
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-700">{t(title)}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * One trekker's card (spec 1 §2.7, §5), rendered for a document page (ADR 0043). Without
 * JavaScript every field shows and the server decides; the page's script
 * (lib/ui/browser/dependents.ts) does what the markup declares: the visa fields and the passport
 * label follow the nationality, Visa Expiry waits for Issue Date, and choosing Diplomat opens the
 * spec's notice (which the server also renders open after a refused submit).
 */
export function TrekkerFields({
  fields,
  options,
  photo,
  follower = false,
}: {
  fields: FieldMap;
  options: TrekkerFieldOptions;
  photo?: { required: boolean; currentSrc?: string; errors?: string[] };
  /** Offer the opt-in follower e-mail (a new trekker; an existing one's follower is managed on the card page). */
  follower?: boolean;
}) {
  const { t } = useT();
  const countries = options.userType === 1 ? options.countries.filter((c) => c.id !== NEPAL) : options.countries;
  const isAgency = options.userType === 2;
  const p = (name: string) => inputProps(fields[name], name);
  const noVisa = [INDIA, NEPAL].filter((n) => !needsVisa(n)).join(" ");
  // The script puts the label in place as the nationality changes: in the page's language already.
  const passportTexts = JSON.stringify({ field: "nationality", texts: { [INDIA]: t(passportLabel(INDIA)) } });

  return (
    <div className="space-y-4">
      <Section title="Trekker">
        {photo ? (
          <div className="sm:col-span-2">
            <PhotoInput required={photo.required} currentSrc={photo.currentSrc} errors={photo.errors} />
          </div>
        ) : null}
        <TextField label="Full Name" {...p("fullName")} required autoComplete="name" />
        <SelectField label="Trekker Type" {...p("trekkerType")} options={TYPES.map((type) => ({ value: type.value, label: t(type.label) }))} required />
        <SelectField label="Nationality" {...p("nationality")} options={countries.map((c) => ({ value: c.id, label: c.name }))} required />
        <TextField label="City" {...p("city")} required />
        <SelectField label="Gender" {...p("gender")} options={options.genders.map((g) => ({ value: g.id, label: t(g.name) }))} required />
        <TextField label="Date of Birth" type="date" {...p("dob")} required />
        <TextField label="Email" type="email" {...p("email")} required />
        <TextField
          label={<span data-text-when={passportTexts}>{t(passportLabel(null))}</span>}
          {...p("passportNumber")}
          required
          hint="Indian citizens may give their Aadhaar number."
          scriptedHint={null}
        />
      </Section>
      <fieldset data-hide-when={`nationality:${noVisa}`} className="rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-700">{t("Visa")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <p className="text-xs text-slate-500 sm:col-span-2">{t("Not needed for citizens of India and Nepal.")}</p>
          <TextField label="Visa Number" {...p("visaNumber")} />
          <TextField label="Visa Issue Date" type="date" {...p("visaIssueDate")} />
          <TextField label="Visa Expiry Date" type="date" {...p("visaExpiryDate")} data-after="visaIssueDate" />
        </div>
      </fieldset>
      <Section title="Contact in Nepal">
        <TextField label="Contact Person" {...p("nepalContactPerson")} />
        <TextField label="Organization" {...p("nepalOrganization")} />
        <TextField label="Mobile" {...p("nepalMobile")} inputMode="tel" />
        <TextField label="Address" {...p("nepalAddress")} />
      </Section>
      <Section title="Contact in Home Country">
        <TextField label="Home Contact Person" {...p("homeContactPerson")} />
        <TextField label="Home City" {...p("homeCity")} />
        <TextField label="Home Mobile" {...p("homeMobile")} inputMode="tel" />
        <TextField label="Home Address" {...p("homeAddress")} />
      </Section>
      {follower ? (
        <Section title="Family Follower">
          <TextField
            label="Follower e-mail"
            type="email"
            {...p("followerEmail")}
            autoComplete="off"
            hint="Optional. Someone at home who gets a private link to follow this trek: its route, dates and the checkpoints passed."
          />
        </Section>
      ) : null}
      <InsuranceFields fields={fields} />
      {isAgency ? (
        <Section title="Guide and Support Staff">
          <TextField label="Guide Name" {...p("guideName")} required />
          <TextField label="Guide ID" {...p("guideLicense")} required hint="The guide's licence number" />
          <TextField label="Guide Contact" {...p("guideContact")} required inputMode="tel" />
          <TextArea label="Other Support Staff" {...p("otherSupportStaff")} rows={2} />
        </Section>
      ) : null}
      <DiplomatNotice open={Boolean(fields.trekkerType?.errors?.includes(REGISTRATION_MESSAGES.diplomat))} />
    </div>
  );
}

export function InsuranceFields({ fields }: { fields: FieldMap }) {
  const p = (name: string) => inputProps(fields[name], name);
  return (
    <Section title="Insurance Details">
      <TextField label="Insurance Company" {...p("insuranceCompany")} />
      <TextField label="Policy Number" {...p("policyNumber")} />
      <TextField label="Policy Type" {...p("policyType")} required />
    </Section>
  );
}

/**
 * The spec's diplomat modal. It closes with a CSS checkbox (checked: closed), so it also works
 * after a no-JS round trip without navigating away from the half-filled form; the backdrop is a
 * label of the box (spec: Escape or backdrop). The page's script opens it when Diplomat is chosen
 * (`data-open-when`) or refused, and closes it with Escape (`data-close`).
 */
function DiplomatNotice({ open }: { open: boolean }) {
  const { t } = useT();
  // The refusal reaches the script translated (script-answers.server.ts), so it is matched as such.
  const message = t(REGISTRATION_MESSAGES.diplomat);
  return (
    <div data-dialog-root="" data-open-when="trekkerType:4" data-open-on-error={message}>
      <input
        id="diplomat-close"
        type="checkbox"
        className="peer sr-only"
        defaultChecked={!open}
        data-dialog-box=""
        aria-label={t("Close the notice")}
        tabIndex={-1}
      />
      <div className="fixed inset-0 z-50 flex items-center justify-center p-4 peer-checked:hidden">
        {/* eslint-disable-next-line jsx-a11y/label-has-associated-control -- the backdrop: a click on it closes the notice; the notice has its own OK */}
        <label htmlFor="diplomat-close" data-testid="diplomat-backdrop" className="absolute inset-0 cursor-pointer bg-black/50" />
        <div role="alertdialog" aria-modal="true" aria-labelledby="diplomat-title" className="relative w-full max-w-sm rounded-lg bg-white p-6 shadow-xl">
          <h2 id="diplomat-title" className="text-lg font-semibold text-slate-800">
            {t("Diplomat")}
          </h2>
          <p className="mt-2 text-slate-700">{message}</p>
          <label
            id="diplomat-ok"
            tabIndex={-1}
            htmlFor="diplomat-close"
            data-close=""
            data-autofocus=""
            className="mt-4 inline-block cursor-pointer rounded bg-blue-700 px-4 py-2 text-white"
          >
            {t("OK")}
          </label>
        </div>
      </div>
    </div>
  );
}
