/**
 * A form of a page served without React, sent by its page script (ADR 0029, 0035): each field is
 * checked when it is left and again as it is corrected, by the server (POST to
 * `form.dataset.scriptCheck`, answered `{ errors }` with the form's own schema: the same texts and
 * cross-field rules), and the submit goes through XMLHttpRequest to `form.dataset.scriptAction`
 * with its upload progress, answered in JSON: `{ redirect }` on success, `{ errors }` (by field
 * name, "" for the form) when refused, so the form and its chosen files stay as they are. An answer
 * that is not this JSON (the sign-in page after the session ended, a 5xx page) makes the form post
 * the plain way so the browser shows it.
 */
import { controlOf, h, showFieldError } from "./dom";

export type Errors = Record<string, string[] | undefined>;
export type ScriptAnswer = { redirect?: string; errors?: Errors } & Record<string, unknown>;

export interface ScriptFormOptions {
  /** Fields neither sent to the blur check nor shown its errors (a photo and its crop). */
  skip?: string[];
  /** A submit waits for it (a photo still being scaled). */
  ready?: () => Promise<unknown>;
  /** After a refusal's errors are shown: what else the page does with the answer. */
  refused?: (answer: ScriptAnswer) => void;
}

const NOT_SENT = "The form could not be sent. Please check your connection and try again.";
const CHECK_DELAY_MS = 120;

export function enhanceScriptForm(form: HTMLFormElement, options: ScriptFormOptions = {}) {
  // The server's texts replace the browser's bubbles, as Conform did once hydrated.
  form.noValidate = true;
  const endpoint = form.dataset.scriptAction ?? "";
  const checkEndpoint = form.dataset.scriptCheck ?? "";
  const skip = new Set(options.skip ?? []);

  /* Errors, in TextField's markup. */
  function showError(name: string, message: string | undefined) {
    const input = controlOf(form, name);
    if (input) showFieldError(input, message);
  }
  function showFormErrors(messages: string[]) {
    let box = form.querySelector<HTMLElement>(":scope > [data-form-errors], :scope > div[role=alert]");
    if (!messages.length) return box?.remove();
    if (!box) {
      box = h("div", { role: "alert", "data-form-errors": "", className: "rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700" });
      form.lastElementChild?.before(box);
    }
    box.replaceChildren(...messages.map((m) => h("p", {}, m)));
  }

  /* Each field is checked when it is left and again as it is corrected. */
  const validated = new Set<string>();
  let checkRun = 0;
  let checkTimer: ReturnType<typeof setTimeout> | undefined;
  function fields(): FormData {
    const data = new FormData(form);
    for (const [name, value] of [...data.entries()]) if (skip.has(name) || typeof value !== "string") data.delete(name);
    return data;
  }
  function render(errors: Errors, names: Iterable<string>) {
    for (const name of names) if (!skip.has(name)) showError(name, errors[name]?.find((m) => m.trim() !== ""));
  }
  function scheduleCheck() {
    if (!checkEndpoint) return;
    clearTimeout(checkTimer);
    checkTimer = setTimeout(() => {
      const run = ++checkRun;
      fetch(checkEndpoint, { method: "POST", body: fields(), credentials: "same-origin", headers: { Accept: "application/json" } })
        .then((r) => (r.ok ? (r.json() as Promise<{ errors: Errors }>) : null))
        .then((answer) => {
          if (answer && run === checkRun && !sending) render(answer.errors, validated);
        })
        .catch(() => {});
    }, CHECK_DELAY_MS);
  }
  const nameOf = (target: EventTarget | null) =>
    (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) && target.name && !skip.has(target.name) && target.type !== "hidden" ? target.name : null;
  form.addEventListener("focusout", (event) => {
    const name = nameOf(event.target);
    if (!name) return;
    validated.add(name);
    scheduleCheck();
  });
  const revalidate = (event: Event) => {
    const name = nameOf(event.target);
    if (name && validated.has(name)) scheduleCheck();
  };
  form.addEventListener("input", revalidate);
  form.addEventListener("change", revalidate);

  /* The submit: one at a time, with its upload progress. */
  let sending = false;
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
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (sending) return;
    busy(true);
    // A blur check still under way answers for older values: the submit's answer decides.
    clearTimeout(checkTimer);
    checkRun++;
    void (options.ready?.() ?? Promise.resolve()).then(() => {
      const body = new FormData(form);
      const withFile = [...body.values()].some((v) => typeof v !== "string" && v.size > 0);
      const xhr = new XMLHttpRequest();
      xhr.open("POST", endpoint);
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
        const errors = answer.errors;
        const names = new Set([...new FormData(form).keys(), ...Object.keys(errors)].filter((n) => n !== ""));
        for (const name of names) if (!skip.has(name)) validated.add(name);
        render(errors, names);
        showFormErrors(errors[""] ?? []);
        options.refused?.(answer);
        form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
      };
      xhr.onerror = () => {
        showProgress(null);
        busy(false);
        showFormErrors([NOT_SENT]);
      };
      xhr.send(body);
    });
  });

  return { showError };
}
