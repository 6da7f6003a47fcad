import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useId, useMemo, useRef, useState, type MouseEvent } from "react";
import { Button, LinkButton } from "@lib/ui/button";
import { FormErrors, SelectField, TextField } from "@lib/ui/field";
import { PageHeader } from "@lib/ui/page-header";
import { cx } from "@lib/ui/class-names";
import { useHydrated } from "@lib/ui/use-hydrated";
import { applyListOp, listButtonProps, renameForListOp, type ListOp } from "@lib/ui/list-intents";
import { useServerCheck } from "@lib/ui/use-server-check";
import { ROUTE_LABELS } from "@modules/trek-routes";
import { useT } from "@lib/i18n/context";
import { translateMessage } from "@lib/i18n/messages";
import { formatNumber } from "@lib/i18n/translate";
import { ImageField, type ExistingImage } from "./image-field";
import { useLeaveGuard } from "./leave-guard";
import { RichTextEditor } from "./rich-text-editor";
import { Panel, TabBar } from "./form-tabs";

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
  /** The action's answer to a failed post (Conform's SubmissionResult, from parseWithZod). */
  result?: SubmitResult;
  fileErrors?: { gallery?: string[]; map?: string[] };
}

/** What the form reads of Conform's SubmissionResult: the posted values, the messages, and a list button's intent. */
export interface SubmitResult {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
  intent?: unknown;
}

type Tab = "overview" | "gallery" | "map";
type Checkpoint = { key: string; id?: string; name: string };

const FORM_ID = "route-form";
const CHECKPOINTS = "checkpoints";
/** The field ids Conform gave them, which labels and the browser tests point at. */
const fieldId = (name: string) => `${FORM_ID}-${name}`;
let added = 0;
const newKey = () => `added-${++added}`;

type SubTab = "description" | "route";

/**
 * The add/edit route form (spec 2 §2): tabs Overview (with sub-tabs Description and Route),
 * Gallery and Map, all inside one form so one Save sends everything. With JavaScript the tabs
 * switch panels in place; without it every panel is shown one below the other.
 */
export function RouteForm({ mode, provinces, defaults, gallery, map, result, fileErrors }: RouteFormProps) {
  const translator = useT();
  const { t } = translator;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [dirty, setDirty] = useState(false);
  const [tab, setTab] = useState<Tab>("overview");
  const [subTab, setSubTab] = useState<SubTab>("description");
  const [opened, setOpened] = useState<ReadonlySet<Tab>>(() => new Set([tab]));
  useEffect(() => setOpened((o) => (o.has(tab) ? o : new Set([...o, tab]))), [tab]);
  const guard = useLeaveGuard(dirty);
  const markDirty = () => setDirty(true);

  // After a post the server's answer holds what was posted (a list button's change applied).
  const [initial] = useState(() => initialValues(defaults, result));
  const [checkpoints, setCheckpoints] = useState<Checkpoint[]>(() => initial.checkpoints.map((c, i) => ({ ...c, key: `initial-${i}` })));
  const [points, setPoints] = useState({ startPoint: initial.startPoint, endPoint: initial.endPoint });
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useMemo(() => shownErrors(result), [result]);
  const checks = useServerCheck(formRef, "trek-routes.routeFormSchema", submitted);
  const errors = checks.errors;
  const removed = initial.removeImageIds ?? [];
  const initiallyRemoved = (Array.isArray(removed) ? removed : [removed]).map(Number);

  // With JavaScript the list buttons change the list here; their messages follow their items.
  const [listChanges, setListChanges] = useState(0);
  const listButton = (op: ListOp) => ({
    ...listButtonProps(FORM_ID, op),
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      markDirty();
      setCheckpoints((items) => applyListOp(items, op, () => ({ key: newKey(), name: "" })));
      checks.rename(renameForListOp(op));
      setListChanges((n) => n + 1);
    },
  });
  const { touch } = checks;
  useEffect(() => {
    if (listChanges) touch(CHECKPOINTS);
  }, [listChanges, touch]);

  // Show the panel holding the first error, whether from a blur check or the server.
  const errorKeys = Object.keys(errors).join(",");
  const galleryErrorCount = fileErrors?.gallery?.length ?? 0;
  const mapErrorCount = fileErrors?.map?.length ?? 0;
  useEffect(() => {
    const keys = errorKeys ? errorKeys.split(",") : [];
    if (keys.some((k) => ["name", "provinceId", "startPoint", "endPoint"].includes(k))) setTab("overview");
    else if (keys.includes("description")) {
      setTab("overview");
      setSubTab("description");
    } else if (keys.some((k) => k.startsWith("checkpoints"))) {
      setTab("overview");
      setSubTab("route");
    } else if (galleryErrorCount) setTab("gallery");
    else if (mapErrorCount) setTab("map");
  }, [errorKeys, galleryErrorCount, mapErrorCount]);

  const busy = navigation.state === "submitting";
  const listButtonClass = "text-sm font-medium text-blue-700 hover:underline disabled:text-gray-400 disabled:no-underline";
  const field = (name: keyof typeof points | "name") => ({ id: fieldId(name), name, form: FORM_ID, defaultValue: initial[name], errors: errors[name] });
  const formErrors = errors[""];

  return (
    <>
      <PageHeader
        title={mode === "add" ? "Add New Routes" : "Update Route"}
        breadcrumbs={[{ label: "Routes", to: "/route" }, { label: mode === "add" ? "Add New Routes" : "Update Route" }]}
        actions={
          <>
            <LinkButton to="/route" variant="secondary">
              {t("Cancel")}
            </LinkButton>
            <Button type="submit" form={FORM_ID} name="intent" value="save" disabled={busy}>
              {t(busy ? "Saving…" : mode === "add" ? "Save" : "Update")}
            </Button>
          </>
        }
      />
      <Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        id={FORM_ID}
        // Once hydrated the server's texts replace the browser's bubbles, as with Conform.
        noValidate={hydrated}
        aria-describedby={formErrors ? `${FORM_ID}-error` : undefined}
        onSubmit={() => guard.allowNext()}
        onInput={(event) => {
          markDirty();
          const target = event.target as HTMLInputElement;
          if (target.name === "startPoint" || target.name === "endPoint") setPoints((p) => ({ ...p, [target.name]: target.value }));
        }}
        onChange={markDirty}
        className="rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
      >
        <FormErrors id={`${FORM_ID}-error`} errors={formErrors} className="mb-4" />
        <TabBar
          label="Route form sections"
          hydrated={hydrated}
          current={tab}
          onSelect={setTab}
          items={[
            { id: "overview", label: "Overview", invalid: hasErrors(errors, ["name", "provinceId", "startPoint", "endPoint", "description", "checkpoints"]) },
            { id: "gallery", label: "Gallery", invalid: galleryErrorCount > 0 },
            { id: "map", label: "Map", invalid: mapErrorCount > 0 },
          ]}
        />

        <Panel id="overview" label="Overview" hydrated={hydrated} current={tab}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Trek Route Name" type="text" {...field("name")} />
            <SelectField
              label={ROUTE_LABELS.province}
              id={fieldId("provinceId")}
              name="provinceId"
              form={FORM_ID}
              defaultValue={initial.provinceId}
              options={provinces.map((p) => ({ value: p.id, label: p.name }))}
              errors={errors.provinceId}
            />
            <TextField label={ROUTE_LABELS.startPoint} type="text" {...field("startPoint")} />
            <TextField label={ROUTE_LABELS.endPoint} type="text" {...field("endPoint")} />
          </div>

          <div className="mt-6">
            <TabBar
              label="Overview details"
              hydrated={hydrated}
              current={subTab}
              onSelect={setSubTab}
              items={[
                { id: "description", label: "Description", invalid: Boolean(errors.description?.length) },
                { id: "route", label: "Route", invalid: hasErrors(errors, ["checkpoints"]) },
              ]}
            />
            <Panel id="description" label="Description" hydrated={hydrated} current={subTab}>
              <RichTextEditor
                label={ROUTE_LABELS.description}
                name="description"
                id={fieldId("description")}
                defaultValue={initial.description ?? ""}
                errors={errors.description}
                onChange={markDirty}
              />
            </Panel>
            <Panel id="route" label="Route" hydrated={hydrated} current={subTab}>
              <div className="space-y-3">
                <ReadOnlyPoint label="Start Point (read-only)" value={points.startPoint ?? ""} />
                <ol className="space-y-3" aria-label={t("Checkpoints")}>
                  {checkpoints.map((item, index) => {
                    const name = `${CHECKPOINTS}[${index}].name`;
                    return (
                      <li key={item.key} className="flex flex-wrap items-end gap-3 rounded-md border border-gray-200 p-3">
                        <input type="hidden" name={`${CHECKPOINTS}[${index}].id`} defaultValue={item.id ?? ""} />
                        <TextField
                          className="min-w-48 flex-1"
                          // Not a template: "Checkpoint {{number}}" would read back "Checkpoint Name field is required" wrongly (lib/i18n/messages.ts).
                          label={`${t("Checkpoint")} ${formatNumber(translator.lng, index + 1)}`}
                          type="text"
                          id={fieldId(name)}
                          name={name}
                          form={FORM_ID}
                          defaultValue={item.name}
                          errors={errors[name]}
                        />
                        <div className="flex gap-3 pb-2">
                          <button
                            className={listButtonClass}
                            {...listButton({ type: "reorder", payload: { name: CHECKPOINTS, from: index, to: index - 1 } })}
                            disabled={index === 0}
                            aria-label={t("Move checkpoint {{number}} up", { number: index + 1 })}
                          >
                            {t("Up")}
                          </button>
                          <button
                            className={listButtonClass}
                            {...listButton({ type: "reorder", payload: { name: CHECKPOINTS, from: index, to: index + 1 } })}
                            disabled={index === checkpoints.length - 1}
                            aria-label={t("Move checkpoint {{number}} down", { number: index + 1 })}
                          >
                            {t("Down")}
                          </button>
                          <button
                            className={cx(listButtonClass, "text-red-700")}
                            {...listButton({ type: "remove", payload: { name: CHECKPOINTS, index } })}
                            aria-label={t("Remove checkpoint {{number}}", { number: index + 1 })}
                          >
                            {t("Remove")}
                          </button>
                        </div>
                      </li>
                    );
                  })}
                </ol>
                {errors[CHECKPOINTS] && <p className="text-sm text-red-600">{translateMessage(translator, errors[CHECKPOINTS][0])}</p>}
                <Button variant="secondary" size="sm" {...listButton({ type: "insert", payload: { name: CHECKPOINTS, defaultValue: { name: "" } } })}>
                  {t("Add Checkpoint")}
                </Button>
                <ReadOnlyPoint label="End Point (read-only)" value={points.endPoint ?? ""} />
              </div>
            </Panel>
          </div>
        </Panel>

        <Panel id="gallery" label="Gallery" hydrated={hydrated} current={tab}>
          <ImageField
            label="Gallery"
            inputName="galleryFiles"
            existing={gallery}
            initiallyRemoved={initiallyRemoved}
            errors={fileErrors?.gallery}
            onChange={markDirty}
            opened={opened.has("gallery")}
          />
        </Panel>
        <Panel id="map" label="Map" hydrated={hydrated} current={tab}>
          <ImageField
            label="Map"
            inputName="mapFiles"
            existing={map}
            initiallyRemoved={initiallyRemoved}
            errors={fileErrors?.map}
            onChange={markDirty}
            opened={opened.has("map")}
          />
        </Panel>

        {/* Without JS the header button is far away after the stacked panels; this one is close. */}
        {!hydrated && (
          <div className="mt-6 flex justify-end">
            <Button type="submit" name="intent" value="save">
              {t(mode === "add" ? "Save Route" : "Update Route")}
            </Button>
          </div>
        )}
      </Form>
      {guard.dialog}
    </>
  );
}

interface InitialValues {
  name?: string;
  provinceId?: string;
  startPoint?: string;
  endPoint?: string;
  description?: string;
  checkpoints: { id?: string; name: string }[];
  removeImageIds?: string[] | string;
}

/** The values the fields start with: the loader's, or after a post what the server read back. */
function initialValues(defaults: RouteFormDefaults, result: SubmitResult | undefined): InitialValues {
  if (!result) return defaults;
  const posted = (result.initialValue ?? {}) as Partial<Record<keyof InitialValues, unknown>>;
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const list = Array.isArray(posted.checkpoints) ? (posted.checkpoints as unknown[]) : [];
  return {
    name: text(posted.name),
    provinceId: text(posted.provinceId),
    startPoint: text(posted.startPoint),
    endPoint: text(posted.endPoint),
    description: text(posted.description),
    // An item posted empty comes back as null.
    checkpoints: list.map((item) => {
      const c = (item ?? {}) as { id?: unknown; name?: unknown };
      return { id: text(c.id), name: text(c.name) ?? "" };
    }),
    removeImageIds: posted.removeImageIds as string[] | string | undefined,
  };
}

/**
 * The messages of a failed post to show: all of them after a save; after a list button's post
 * (no JavaScript) only the list's own, as Conform shows them (the other fields were not left yet).
 */
function shownErrors(result: SubmitResult | undefined): Record<string, string[]> | undefined {
  if (!result?.error) return undefined;
  const all = Object.entries(result.error).filter((entry): entry is [string, string[]] => Array.isArray(entry[1]));
  return Object.fromEntries(result.intent ? all.filter(([name]) => name === CHECKPOINTS) : all);
}

function hasErrors(all: Record<string, string[]>, prefixes: string[]): boolean {
  return Object.entries(all).some(([key, errors]) => errors.length > 0 && prefixes.some((p) => key === p || key.startsWith(`${p}[`)));
}

/** The Details tab's start or end point, shown on the Route tab as a read-only field (not posted). */
function ReadOnlyPoint({ label, value }: { label: string; value: string }) {
  const { t } = useT();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {t(label)}
      </label>
      <input id={id} readOnly value={value || "—"} className="block w-full rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-700" />
    </div>
  );
}
