import { SelectField, SELECT_PLACEHOLDER, TextField } from "@lib/ui/field";
import { inputProps, type FieldMap } from "./field-map";
import { useT } from "@lib/i18n/context";
import { translateMessage } from "@lib/i18n/messages";

export interface RouteOption {
  id: number;
  name: string;
  points: string[];
}

/**
 * Trekking area, dates and entry/exit points, rendered for a document page (ADR 0043): the point
 * lists carry every active route as an option group (the server checks the point is on the chosen
 * route); the page's script (lib/ui/browser/dependents.ts) offers only the chosen route's points
 * (`data-options-from`) and makes the exit date wait for the entry date (`data-after`).
 */
export function TrekFields({ fields, routes }: { fields: FieldMap; routes: RouteOption[] }) {
  const { t } = useT();
  const p = (name: string) => inputProps(fields[name], name);
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-700">{t("Trek Details")}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Trekking Area" {...p("routeId")} options={routes.map((r) => ({ value: r.id, label: r.name }))} required className="sm:col-span-2" />
        <TextField label="Trek Entry Date" type="date" {...p("entryDate")} required />
        <TextField label="Trek Exit Date" type="date" {...p("exitDate")} required data-after="entryDate" />
        <PointSelect label="Entry Point" meta={p("entryPoint")} routes={routes} />
        <PointSelect label="Exit Point" meta={p("exitPoint")} routes={routes} />
      </div>
    </fieldset>
  );
}

function PointSelect({ label, meta, routes }: { label: string; meta: ReturnType<typeof inputProps>; routes: RouteOption[] }) {
  const translator = useT();
  const error = meta.errors?.[0] ? translateMessage(translator, meta.errors[0]) : undefined;
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-medium text-gray-800">
        {translator.t(label)}
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      </label>
      <select
        id={meta.id}
        name={meta.name}
        defaultValue={meta.defaultValue}
        data-options-from="routeId"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${meta.id}-error` : undefined}
        className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm aria-invalid:border-red-600"
      >
        <option value="">{translator.t(SELECT_PLACEHOLDER)}</option>
        {routes.map((r) => (
          <optgroup key={r.id} label={r.name} data-value={r.id}>
            {r.points.map((pt) => (
              <option key={pt} value={pt}>
                {pt}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {error ? (
        <p id={`${meta.id}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
