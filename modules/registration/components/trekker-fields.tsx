import { useEffect, useRef, useState } from "react";
import { SelectField, TextArea, TextField } from "@lib/ui/field";
import { useHydrated } from "@lib/ui/use-hydrated";
import { needsVisa, NEPAL, passportLabel, REGISTRATION_MESSAGES } from "../rules";
import { inputProps, type FieldMap } from "./field-map";
import { PhotoInput } from "./photo-input";

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
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-700">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * One trekker's card (spec 1 §2.7, §5). With JS the visa fields follow the nationality and a
 * diplomat choice opens the spec's modal; without JS every field shows and the server decides.
 */
export function TrekkerFields({ fields, options, photo }: { fields: FieldMap; options: TrekkerFieldOptions; photo?: { required: boolean; currentSrc?: string; errors?: string[] } }) {
  const hydrated = useHydrated();
  const initialNationality = Number(fields.nationality?.initialValue) || null;
  const [nationality, setNationality] = useState<number | null>(initialNationality);
  const [diplomat, setDiplomat] = useState(false);
  // Spec 1 §5: Visa Expiry waits for Issue Date (with JS; without it the server checks the pair).
  const [visaIssue, setVisaIssue] = useState(String(fields.visaIssueDate?.initialValue ?? ""));
  const [typeKey, setTypeKey] = useState(0);
  const countries = options.userType === 1 ? options.countries.filter((c) => c.id !== NEPAL) : options.countries;
  const showVisa = !hydrated || nationality === null || needsVisa(nationality);
  const isAgency = options.userType === 2;
  const p = (name: string) => inputProps(fields[name], name);

  return (
    <div className="space-y-4">
      <Section title="Trekker">
        {photo ? (
          <div className="sm:col-span-2">
            <PhotoInput required={photo.required} currentSrc={photo.currentSrc} errors={photo.errors} />
          </div>
        ) : null}
        <TextField label="Full Name" {...p("fullName")} required autoComplete="name" />
        <SelectField
          label="Trekker Type"
          {...p("trekkerType")}
          key={typeKey}
          options={TYPES}
          required
          onChange={(e) => {
            if (e.currentTarget.value === "4") {
              setDiplomat(true);
              setTypeKey((k) => k + 1);
            }
          }}
        />
        <SelectField
          label="Nationality"
          {...p("nationality")}
          options={countries.map((c) => ({ value: c.id, label: c.name }))}
          required
          onChange={(e) => setNationality(Number(e.currentTarget.value) || null)}
        />
        <TextField label="City" {...p("city")} required />
        <SelectField label="Gender" {...p("gender")} options={options.genders.map((g) => ({ value: g.id, label: g.name }))} required />
        <TextField label="Date of Birth" type="date" {...p("dob")} required />
        <TextField label="Email" type="email" {...p("email")} required />
        <TextField
          label={hydrated ? passportLabel(nationality) : "Passport Number"}
          {...p("passportNumber")}
          required
          hint={hydrated ? undefined : "Indian citizens may give their Aadhaar number."}
        />
      </Section>
      {showVisa ? (
        <Section title="Visa">
          <p className="text-xs text-slate-500 sm:col-span-2">Not needed for citizens of India and Nepal.</p>
          <TextField label="Visa Number" {...p("visaNumber")} />
          <TextField label="Visa Issue Date" type="date" {...p("visaIssueDate")} onChange={(e) => setVisaIssue(e.currentTarget.value)} />
          <TextField
            label="Visa Expiry Date"
            type="date"
            {...p("visaExpiryDate")}
            min={hydrated && visaIssue ? visaIssue : undefined}
            disabled={hydrated && !visaIssue}
          />
        </Section>
      ) : null}
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
      <InsuranceFields fields={fields} />
      {isAgency ? (
        <Section title="Guide and Support Staff">
          <TextField label="Guide Name" {...p("guideName")} required />
          <TextField label="Guide ID" {...p("guideLicense")} required hint="The guide's licence number" />
          <TextField label="Guide Contact" {...p("guideContact")} required inputMode="tel" />
          <TextArea label="Other Support Staff" {...p("otherSupportStaff")} rows={2} />
        </Section>
      ) : null}
      {diplomat || fields.trekkerType?.errors?.includes(REGISTRATION_MESSAGES.diplomat) ? (
        <DiplomatNotice key={typeKey} onClose={() => setDiplomat(false)} />
      ) : null}
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
 * The spec's diplomat modal. It closes with a CSS checkbox, so it also works after a no-JS
 * round trip without navigating away from the half-filled form.
 */
function DiplomatNotice({ onClose }: { onClose: () => void }) {
  const box = useRef<HTMLInputElement>(null);
  // Every modal closes with Escape (spec); with JS the notice also takes focus so it is announced.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !box.current || box.current.checked) return;
      box.current.checked = true;
      onClose();
    };
    document.addEventListener("keydown", onKey);
    document.getElementById("diplomat-ok")?.focus();
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <div>
      <input ref={box} id="diplomat-close" type="checkbox" className="peer sr-only" onChange={onClose} />
      <div className="fixed inset-0 z-50 flex items-center justify-center p-4 peer-checked:hidden">
        {/* The backdrop is a label of the close box: a click on it closes the notice, with or without JS (spec: Escape or backdrop). */}
        <label htmlFor="diplomat-close" aria-hidden="true" data-testid="diplomat-backdrop" className="absolute inset-0 cursor-pointer bg-black/50" />
        <div role="alertdialog" aria-modal="true" aria-labelledby="diplomat-title" className="relative w-full max-w-sm rounded-lg bg-white p-6 shadow-xl">
          <h2 id="diplomat-title" className="text-lg font-semibold text-slate-800">
            Diplomat
          </h2>
          <p className="mt-2 text-slate-700">{REGISTRATION_MESSAGES.diplomat}</p>
          <label id="diplomat-ok" tabIndex={-1} htmlFor="diplomat-close" className="mt-4 inline-block cursor-pointer rounded bg-blue-700 px-4 py-2 text-white">
            OK
          </label>
        </div>
      </div>
    </div>
  );
}
