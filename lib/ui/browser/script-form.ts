/**
 * A document page's form sent by script (`form[data-script-action]`, ADR 0043): fields are checked
 * as they are left, by the server (`data-check`, lib/ui/browser/form-check.ts), and the submit goes
 * through XMLHttpRequest to `data-script-action` with its upload progress, answered in JSON:
 * `{ redirect }` on success, `{ errors, clear? }` when refused (errors by field name, "" for the
 * form; `clear` names file fields the server refused, which are emptied so they are not sent
 * again), so the form and its chosen files stay as they are. An answer that is not this JSON (the
 * sign-in page after the session ended, a 5xx page) makes the form post the plain way so the
 * browser shows it. Other behaviours hold a submit with `holdSubmit` (a photo still being scaled)
 * and hear a refusal as the form's `tims:refused` event.
 */
import { controlOf, h, showFieldError } from "./dom";
import { isField, watchChecks, type CheckErrors } from "./form-check";

export type ScriptAnswer = { redirect?: string; errors?: CheckErrors; clear?: string[] };

const NOT_SENT = "The form could not be sent. Please check your connection and try again.";
const holds = new WeakMap<HTMLFormElement, (() => Promise<unknown>)[]>();

/** A submit of `form` waits for `ready` (a photo still being scaled). */
export function holdSubmit(form: HTMLFormElement, ready: () => Promise<unknown>) {
  holds.set(form, [...(holds.get(form) ?? []), ready]);
}

function showFormErrors(form: HTMLFormElement, messages: string[]) {
  let box = form.querySelector<HTMLElement>(":scope > [data-form-errors], :scope > div[role=alert]");
  if (!messages.length) return box?.remove();
  if (!box) {
    box = h("div", { role: "alert", "data-form-errors": "", className: "rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700" });
    form.lastElementChild?.before(box);
  }
  box.replaceChildren(...messages.map((m) => h("p", {}, m)));
}

function showErrors(form: HTMLFormElement, errors: CheckErrors, names: Iterable<string>) {
  for (const name of names) {
    const input = controlOf(form, name);
    if (input)
      showFieldError(
        input,
        errors[name]?.find((m) => m.trim() !== ""),
      );
  }
}

export function enhanceScriptForm(form: HTMLFormElement) {
  // The server's texts replace the browser's bubbles, as Conform does once hydrated.
  form.noValidate = true;
  let sending = false;
  const checks = form.dataset.check
    ? watchChecks(form, form.dataset.check, (errors, left) => {
        if (!sending)
          showErrors(
            form,
            errors,
            [...left].filter((n) => isField(controlOf(form, n))),
          );
      })
    : null;

  const progress = form.querySelector<HTMLElement>("[data-upload-progress]");
  const submit = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const label = submit?.textContent ?? "";
  function showProgress(percent: number | null) {
    if (!progress) return;
    if (percent === null) {
      progress.className = "";
      return progress.replaceChildren();
    }
    progress.className = "mt-2";
    const bar = h("progress", { max: 100, value: percent, "aria-label": "Upload progress", className: "h-2 w-40 max-w-full accent-blue-700" }, `${percent}%`);
    progress.replaceChildren(h("div", { className: "flex items-center gap-2 text-sm text-slate-700" }, bar, h("span", {}, `Uploading… ${percent}%`)));
  }
  function busy(on: boolean) {
    sending = on;
    if (!submit) return;
    submit.disabled = on;
    submit.textContent = on ? "Saving…" : label;
  }
  function refused(answer: ScriptAnswer & { errors: CheckErrors }) {
    for (const name of answer.clear ?? []) {
      const input = controlOf(form, name);
      if (input instanceof HTMLInputElement && input.type === "file") {
        input.value = "";
        input.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }
    const names = new Set([...new FormData(form).keys(), ...Object.keys(answer.errors)].filter((n) => n !== ""));
    checks?.leave(names);
    showErrors(form, answer.errors, names);
    showFormErrors(
      form,
      (answer.errors[""] ?? []).filter((m): m is string => Boolean(m)),
    );
    form.dispatchEvent(new CustomEvent("tims:refused", { detail: answer }));
    form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (sending) return;
    busy(true);
    void Promise.all((holds.get(form) ?? []).map((ready) => ready())).then(() => {
      const body = new FormData(form);
      const withFile = [...body.values()].some((v) => typeof v !== "string" && v.size > 0);
      const xhr = new XMLHttpRequest();
      xhr.open("POST", form.dataset.scriptAction ?? "");
      xhr.responseType = "json";
      xhr.setRequestHeader("Accept", "application/json");
      if (withFile) {
        showProgress(0);
        xhr.upload.onprogress = (e) => showProgress(e.lengthComputable && e.total > 0 ? Math.min(100, Math.floor((e.loaded / e.total) * 100)) : 0);
      }
      xhr.onload = () => {
        showProgress(null);
        const answer = xhr.response as ScriptAnswer | null;
        if (answer?.redirect) return location.assign(answer.redirect);
        busy(false);
        if (!answer?.errors) return HTMLFormElement.prototype.submit.call(form);
        refused({ ...answer, errors: answer.errors });
      };
      xhr.onerror = () => {
        showProgress(null);
        busy(false);
        showFormErrors(form, [NOT_SENT]);
      };
      xhr.send(body);
    });
  });
}
