/**
 * Dependent fields of document pages, declared in the markup by the component that renders the
 * field (so each behaviour is written once, beside the field it belongs to):
 *
 * - `data-show-when="field:a b"` shows the element only while the form's `field` has one of the
 *   values (`-` stands for no value); `data-hide-when` is the reverse. A hidden fieldset is
 *   disabled, so its controls are not sent, as if it were not rendered.
 * - `data-text-when='{"field":"f","texts":{"a":"…"}}'` puts the text for the field's value in
 *   the element (its server-rendered text is the one for any other value).
 * - `data-after="field"` on a date input: it waits for that date and may not be before it.
 * - `data-options-from="field"` on a select whose optgroups carry `data-value`: only the chosen
 *   value's options are offered (without JavaScript every group shows; the server checks).
 * - `data-open-when="field:a"` on a CSS-checkbox dialog (`[data-dialog-root]` holding
 *   `input[data-dialog-box]`): choosing the value opens the dialog and undoes the choice.
 *   `data-open-on-error` names the field's message after which a refused submit opens it again.
 * - `data-nojs` elements (hints for pages without JavaScript) are removed; `data-js-text` is an
 *   element's text once this script runs (a hint that says what the script does).
 *
 * Sensible without this script: every field shows, the server decides.
 */
import { controlOf } from "./dom";

type Rule = { field: string; values: string[] };

function parseRule(spec: string): Rule {
  const at = spec.indexOf(":");
  const field = at < 0 ? spec : spec.slice(0, at);
  const values =
    at < 0
      ? []
      : spec
          .slice(at + 1)
          .split(" ")
          .map((v) => (v === "-" ? "" : v));
  return { field, values };
}

function formOf(el: Element): HTMLFormElement | null {
  return el.closest("form");
}

function watch(form: HTMLFormElement, field: string, update: (value: string) => void) {
  const control = controlOf(form, field);
  if (!control) return;
  const run = () => update(control.value);
  control.addEventListener("change", run);
  control.addEventListener("input", run);
  run();
}

function setShown(el: HTMLElement, shown: boolean) {
  el.hidden = !shown;
  if (el instanceof HTMLFieldSetElement) el.disabled = !shown;
  else
    el.querySelectorAll<HTMLFieldSetElement | HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>("fieldset, input, select, textarea").forEach(
      (c) => (c.disabled = !shown),
    );
}

function followDate(form: HTMLFormElement, first: string, second: HTMLInputElement) {
  watch(form, first, (value) => {
    second.disabled = !value;
    if (value) second.min = value;
    else second.removeAttribute("min");
  });
}

function offerOptions(form: HTMLFormElement, field: string, select: HTMLSelectElement) {
  const placeholder = select.querySelector<HTMLOptionElement>('option[value=""]')?.textContent ?? "";
  const groups = new Map<string, [string, string][]>();
  select.querySelectorAll("optgroup").forEach((g) =>
    groups.set(
      g.dataset.value ?? "",
      [...g.querySelectorAll("option")].map((o) => [o.value, o.text]),
    ),
  );
  watch(form, field, (value) => {
    const list = groups.get(value) ?? [];
    const kept = select.value;
    select.replaceChildren(new Option(placeholder, ""), ...list.map(([v, text]) => new Option(text, v)));
    select.value = list.some(([v]) => v === kept) ? kept : "";
  });
}

/** Opens a CSS-checkbox dialog (the box checked means closed) and moves focus into it. */
export function openCheckboxDialog(root: Element) {
  const box = root.querySelector<HTMLInputElement>("input[data-dialog-box]");
  if (box) box.checked = false;
  root.querySelector<HTMLElement>("[data-autofocus]")?.focus();
}

export function enhanceDependents(scope: ParentNode = document) {
  scope.querySelectorAll("[data-nojs]").forEach((el) => {
    // A hint the control points at is unhooked from it too.
    const id = el.id;
    if (id)
      document.querySelectorAll(`[aria-describedby~="${CSS.escape(id)}"]`).forEach((c) => {
        const rest = (c.getAttribute("aria-describedby") ?? "").split(" ").filter((x) => x && x !== id);
        if (rest.length) c.setAttribute("aria-describedby", rest.join(" "));
        else c.removeAttribute("aria-describedby");
      });
    el.remove();
  });
  for (const attr of ["data-show-when", "data-hide-when"] as const) {
    scope.querySelectorAll<HTMLElement>(`[${attr}]`).forEach((el) => {
      const form = formOf(el);
      const { field, values } = parseRule(el.getAttribute(attr) ?? "");
      if (form) watch(form, field, (value) => setShown(el, values.includes(value) === (attr === "data-show-when")));
    });
  }
  scope.querySelectorAll<HTMLElement>("[data-text-when]").forEach((el) => {
    const form = formOf(el);
    const fallback = el.textContent ?? "";
    const spec = JSON.parse(el.dataset.textWhen ?? "{}") as { field?: string; texts?: Record<string, string> };
    if (form && spec.field) watch(form, spec.field, (value) => (el.textContent = spec.texts?.[value] ?? fallback));
  });
  scope.querySelectorAll<HTMLInputElement>("input[data-after]").forEach((input) => {
    const form = formOf(input);
    if (form) followDate(form, input.dataset.after ?? "", input);
  });
  scope.querySelectorAll<HTMLSelectElement>("select[data-options-from]").forEach((select) => {
    const form = formOf(select);
    if (form) offerOptions(form, select.dataset.optionsFrom ?? "", select);
  });
  scope.querySelectorAll<HTMLElement>("[data-open-when]").forEach((root) => {
    const form = formOf(root);
    const { field, values } = parseRule(root.dataset.openWhen ?? "");
    const control = form ? controlOf(form, field) : null;
    control?.addEventListener("change", () => {
      if (!values.includes(control.value)) return;
      control.value = "";
      openCheckboxDialog(root);
    });
    const message = root.getAttribute("data-open-on-error");
    form?.addEventListener("tims:refused", (event) => {
      const errors = (event as CustomEvent<{ errors?: Record<string, string[] | null | undefined> }>).detail.errors?.[field];
      if (message && errors?.includes(message)) openCheckboxDialog(root);
    });
  });
  scope.querySelectorAll<HTMLElement>("[data-js-text]").forEach((el) => (el.textContent = el.dataset.jsText ?? ""));
}
