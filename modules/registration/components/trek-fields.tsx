import { useState } from "react";
import { SelectField, TextField } from "@lib/ui/field";
import { SELECT_PLACEHOLDER } from "@lib/ui/field";
import { useHydrated } from "@lib/ui/use-hydrated";
import { inputProps, type FieldMap } from "./field-map";

export interface RouteOption {
  id: number;
  name: string;
  points: string[];
}

/**
 * Trekking area, dates and entry/exit points. Without JS the point lists carry every active
 * route as an option group (the server checks the point is on the chosen route); with JS they
 * show only the chosen route's points and the exit date waits for the entry date.
 */
export function TrekFields({ fields, routes }: { fields: FieldMap; routes: RouteOption[] }) {
  const hydrated = useHydrated();
  const [routeId, setRouteId] = useState<number | null>(Number(fields.routeId?.initialValue) || null);
  const [entry, setEntry] = useState(String(fields.entryDate?.initialValue ?? ""));
  const p = (name: string) => inputProps(fields[name], name);
  const shown = hydrated ? routes.filter((r) => r.id === routeId) : routes;
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-700">Trek Details</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Trekking Area"
          {...p("routeId")}
          options={routes.map((r) => ({ value: r.id, label: r.name }))}
          required
          className="sm:col-span-2"
          onChange={(e) => setRouteId(Number(e.currentTarget.value) || null)}
        />
        <TextField label="Trek Entry Date" type="date" {...p("entryDate")} required onChange={(e) => setEntry(e.currentTarget.value)} />
        <TextField
          label="Trek Exit Date"
          type="date"
          {...p("exitDate")}
          required
          min={hydrated && entry ? entry : undefined}
          disabled={hydrated && !entry}
        />
        <PointSelect label="Entry Point" meta={p("entryPoint")} routes={shown} grouped={!hydrated} />
        <PointSelect label="Exit Point" meta={p("exitPoint")} routes={shown} grouped={!hydrated} />
      </div>
    </fieldset>
  );
}

function PointSelect({ label, meta, routes, grouped }: { label: string; meta: ReturnType<typeof inputProps>; routes: RouteOption[]; grouped: boolean }) {
  const error = meta.errors?.[0];
  // Controlled: the option list is swapped after hydration, which would reset an uncontrolled choice.
  const [value, setValue] = useState(meta.defaultValue);
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      </label>
      <select
        id={meta.id}
        name={meta.name}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${meta.id}-error` : undefined}
        className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm aria-invalid:border-red-600"
      >
        <option value="">{SELECT_PLACEHOLDER}</option>
        {grouped
          ? routes.map((r) => (
              <optgroup key={r.id} label={r.name} data-route={r.id}>
                {r.points.map((pt) => (
                  <option key={pt} value={pt}>
                    {pt}
                  </option>
                ))}
              </optgroup>
            ))
          : routes.flatMap((r) =>
              r.points.map((pt) => (
                <option key={`${r.id}-${pt}`} value={pt}>
                  {pt}
                </option>
              )),
            )}
      </select>
      {error ? (
        <p id={`${meta.id}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
