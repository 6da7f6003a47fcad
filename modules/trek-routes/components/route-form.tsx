import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { Button, LinkButton } from "@lib/ui/button";
import { FormErrors, SelectField, TextField } from "@lib/ui/field";
import { PageHeader } from "@lib/ui/page-header";
import { cx } from "@lib/ui/class-names";
import { useHydrated } from "@lib/ui/use-hydrated";
import { useLazyValidation } from "@lib/ui/lazy-validation";
import { ROUTE_LABELS } from "../labels";
import { ImageField, type ExistingImage } from "./image-field";
import { useLeaveGuard } from "./leave-guard";
import { RichTextEditor } from "./rich-text-editor";

// A type alias, not an interface: Conform's field-name types need an indexable shape.
export type RouteFormDefaults = {
  name: string;
  provinceId: string;
  startPoint: string;
  endPoint: string;
  description: string;
  checkpoints: { id?: string; name: string }[];
  removeImageIds?: string[];
};

export interface RouteFormProps {
  mode: "add" | "edit";
  provinces: { id: number; name: string }[];
  defaults: RouteFormDefaults;
  gallery: ExistingImage[];
  map: ExistingImage[];
  result?: SubmissionResult<string[]>;
  fileErrors?: { gallery?: string[]; map?: string[] };
}

type Tab = "overview" | "gallery" | "map";
type SubTab = "description" | "route";

/**
 * The add/edit route form (spec 2 §2): tabs Overview (with sub-tabs Description and Route),
 * Gallery and Map, all inside one form so one Save sends everything. With JavaScript the tabs
 * switch panels in place; without it every panel is shown one below the other.
 */
export function RouteForm({ mode, provinces, defaults, gallery, map, result, fileErrors }: RouteFormProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [dirty, setDirty] = useState(false);
  const [tab, setTab] = useState<Tab>("overview");
  const [subTab, setSubTab] = useState<SubTab>("description");
  const guard = useLeaveGuard(dirty);
  const markDirty = () => setDirty(true);

  const validate = useLazyValidation(() => import("../schemas").then((m) => m.routeFormSchema));
  const [form, fields] = useForm({
    id: "route-form",
    lastResult: result,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
    onSubmit: () => guard.allowNext(),
  });
  const checkpoints = fields.checkpoints.getFieldList();
  const removed = (fields.removeImageIds.initialValue as string[] | string | undefined) ?? [];
  const initiallyRemoved = (Array.isArray(removed) ? removed : [removed]).map(Number);

  // Show the panel holding the first error, whether it came from the browser or the server.
  const errorKeys = Object.keys(form.allErrors).join(",");
  const galleryErrorCount = fileErrors?.gallery?.length ?? 0;
  const mapErrorCount = fileErrors?.map?.length ?? 0;
  useEffect(() => {
    const keys = errorKeys ? errorKeys.split(",") : [];
    if (keys.some((k) => ["name", "provinceId", "startPoint", "endPoint"].includes(k))) setTab("overview");
    else if (keys.includes("description")) (setTab("overview"), setSubTab("description"));
    else if (keys.some((k) => k.startsWith("checkpoints"))) (setTab("overview"), setSubTab("route"));
    else if (galleryErrorCount) setTab("gallery");
    else if (mapErrorCount) setTab("map");
  }, [errorKeys, galleryErrorCount, mapErrorCount]);

  const busy = navigation.state === "submitting";
  const listButton = "text-sm font-medium text-blue-700 hover:underline disabled:text-gray-400 disabled:no-underline";

  return (
    <>
      <PageHeader
        title={mode === "add" ? "Add New Routes" : "Update Route"}
        breadcrumbs={[{ label: "Routes", to: "/route" }, { label: mode === "add" ? "Add New Routes" : "Update Route" }]}
        actions={
          <>
            <LinkButton to="/route" variant="secondary">
              Cancel
            </LinkButton>
            <Button type="submit" form={form.id} name="intent" value="save" disabled={busy}>
              {busy ? "Saving…" : mode === "add" ? "Save" : "Update"}
            </Button>
          </>
        }
      />
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        onInput={markDirty}
        onChange={markDirty}
        className="rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
      >
        <FormErrors errors={form.errors} className="mb-4" />
        <TabBar
          label="Route form sections"
          hydrated={hydrated}
          current={tab}
          onSelect={setTab}
          items={[
            { id: "overview", label: "Overview", invalid: hasErrors(form.allErrors, ["name", "provinceId", "startPoint", "endPoint", "description", "checkpoints"]) },
            { id: "gallery", label: "Gallery", invalid: galleryErrorCount > 0 },
            { id: "map", label: "Map", invalid: mapErrorCount > 0 },
          ]}
        />

        <Panel id="overview" label="Overview" hydrated={hydrated} current={tab}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Trek Route Name" {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} errors={fields.name.errors} />
            <SelectField
              label={ROUTE_LABELS.province}
              {...getSelectProps(fields.provinceId)}
              key={fields.provinceId.key}
              options={provinces.map((p) => ({ value: p.id, label: p.name }))}
              errors={fields.provinceId.errors}
            />
            <TextField label={ROUTE_LABELS.startPoint} {...getInputProps(fields.startPoint, { type: "text" })} key={fields.startPoint.key} errors={fields.startPoint.errors} />
            <TextField label={ROUTE_LABELS.endPoint} {...getInputProps(fields.endPoint, { type: "text" })} key={fields.endPoint.key} errors={fields.endPoint.errors} />
          </div>

          <div className="mt-6">
            <TabBar
              label="Overview details"
              hydrated={hydrated}
              current={subTab}
              onSelect={setSubTab}
              items={[
                { id: "description", label: "Description", invalid: Boolean(fields.description.errors?.length) },
                { id: "route", label: "Route", invalid: hasErrors(form.allErrors, ["checkpoints"]) },
              ]}
            />
            <Panel id="description" label="Description" hydrated={hydrated} current={subTab}>
              <RichTextEditor
                label={ROUTE_LABELS.description}
                name={fields.description.name}
                id={fields.description.id}
                key={fields.description.key}
                defaultValue={String(fields.description.initialValue ?? "")}
                errors={fields.description.errors}
                onChange={markDirty}
              />
            </Panel>
            <Panel id="route" label="Route" hydrated={hydrated} current={subTab}>
              <div className="space-y-3">
                <ReadOnlyPoint label="Start Point (read-only)" value={String(fields.startPoint.value ?? fields.startPoint.initialValue ?? "")} />
                <ol className="space-y-3" aria-label="Checkpoints">
                  {checkpoints.map((item, index) => {
                    const cp = item.getFieldset();
                    return (
                      <li key={item.key} className="flex flex-wrap items-end gap-3 rounded-md border border-gray-200 p-3">
                        <input type="hidden" name={cp.id.name} defaultValue={String(cp.id.initialValue ?? "")} />
                        <TextField
                          className="min-w-48 flex-1"
                          label={`Checkpoint ${index + 1}`}
                          {...getInputProps(cp.name, { type: "text" })}
                          key={cp.name.key}
                          errors={cp.name.errors}
                        />
                        <div className="flex gap-3 pb-2">
                          <button
                            className={listButton}
                            {...form.reorder.getButtonProps({ name: fields.checkpoints.name, from: index, to: index - 1 })}
                            disabled={index === 0}
                            onClick={markDirty}
                            aria-label={`Move checkpoint ${index + 1} up`}
                          >
                            Up
                          </button>
                          <button
                            className={listButton}
                            {...form.reorder.getButtonProps({ name: fields.checkpoints.name, from: index, to: index + 1 })}
                            disabled={index === checkpoints.length - 1}
                            onClick={markDirty}
                            aria-label={`Move checkpoint ${index + 1} down`}
                          >
                            Down
                          </button>
                          <button
                            className={cx(listButton, "text-red-700")}
                            {...form.remove.getButtonProps({ name: fields.checkpoints.name, index })}
                            onClick={markDirty}
                            aria-label={`Remove checkpoint ${index + 1}`}
                          >
                            Remove
                          </button>
                        </div>
                      </li>
                    );
                  })}
                </ol>
                {fields.checkpoints.errors && <p className="text-sm text-red-600">{fields.checkpoints.errors[0]}</p>}
                <Button variant="secondary" size="sm" {...form.insert.getButtonProps({ name: fields.checkpoints.name, defaultValue: { name: "" } })} onClick={markDirty}>
                  Add Checkpoint
                </Button>
                <ReadOnlyPoint label="End Point (read-only)" value={String(fields.endPoint.value ?? fields.endPoint.initialValue ?? "")} />
              </div>
            </Panel>
          </div>
        </Panel>

        <Panel id="gallery" label="Gallery" hydrated={hydrated} current={tab}>
          <ImageField label="Gallery" inputName="galleryFiles" existing={gallery} initiallyRemoved={initiallyRemoved} errors={fileErrors?.gallery} onChange={markDirty} />
        </Panel>
        <Panel id="map" label="Map" hydrated={hydrated} current={tab}>
          <ImageField label="Map" inputName="mapFiles" existing={map} initiallyRemoved={initiallyRemoved} errors={fileErrors?.map} onChange={markDirty} />
        </Panel>

        {/* Without JS the header button is far away after the stacked panels; this one is close. */}
        {!hydrated && (
          <div className="mt-6 flex justify-end">
            <Button type="submit" name="intent" value="save">
              {mode === "add" ? "Save Route" : "Update Route"}
            </Button>
          </div>
        )}
      </Form>
      {guard.dialog}
    </>
  );
}

function hasErrors(all: Record<string, string[]>, prefixes: string[]): boolean {
  return Object.entries(all).some(([key, errors]) => errors.length > 0 && prefixes.some((p) => key === p || key.startsWith(`${p}[`)));
}

/** The Details tab's start or end point, shown on the Route tab as a read-only field (not posted). */
function ReadOnlyPoint({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input id={id} readOnly value={value || "—"} className="block w-full rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-700" />
    </div>
  );
}

interface TabBarProps<T extends string> {
  label: string;
  hydrated: boolean;
  current: T;
  onSelect: (tab: T) => void;
  items: { id: T; label: string; invalid?: boolean }[];
}

/** Real tabs once hydrated; before that, links to the stacked sections below. */
function TabBar<T extends string>({ label, hydrated, current, onSelect, items }: TabBarProps<T>) {
  const itemClass = (active: boolean) =>
    cx(
      "inline-block border-b-2 px-1 py-3 text-sm font-medium",
      active ? "border-blue-700 text-blue-700" : "border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900",
    );
  return (
    // Before hydration the links are a plain list of in-page links: no role, so no name either.
    <div role={hydrated ? "tablist" : undefined} aria-label={hydrated ? label : undefined} className="mb-4 flex gap-4 overflow-x-auto border-b border-gray-200">
      {items.map((item) =>
        hydrated ? (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`tab-${item.id}`}
            aria-selected={current === item.id}
            aria-controls={`panel-${item.id}`}
            onClick={() => onSelect(item.id)}
            className={itemClass(current === item.id)}
          >
            {item.label}
            {item.invalid && <Dot />}
          </button>
        ) : (
          <a key={item.id} href={`#panel-${item.id}`} className={itemClass(false)}>
            {item.label}
            {item.invalid && <Dot />}
          </a>
        ),
      )}
    </div>
  );
}

function Dot() {
  return (
    <span className="ml-1 inline-block size-2 rounded-full bg-red-600 align-middle" aria-label="has errors" role="img" />
  );
}

function Panel({ id, label, hydrated, current, children }: { id: string; label: string; hydrated: boolean; current: string; children: ReactNode }) {
  // Hidden panels stay in the form so their fields are still posted.
  return (
    <section
      id={`panel-${id}`}
      role={hydrated ? "tabpanel" : undefined}
      aria-labelledby={hydrated ? `tab-${id}` : undefined}
      aria-label={hydrated ? undefined : label}
      hidden={hydrated && current !== id}
      className="mb-6"
    >
      {!hydrated && <h2 className="mb-3 text-base font-semibold text-gray-900">{label}</h2>}
      {children}
    </section>
  );
}
