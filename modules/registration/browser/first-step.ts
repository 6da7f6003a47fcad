/**
 * The wizard's first step without React (ADR 0029). The page is server-rendered as it works
 * without JavaScript (every route's points in groups, every visa field, no date waits for
 * another) and posts as a plain form. This script, loaded by the page as one small file, gives it
 * what the React form did: the chosen route's points only, Exit Date and Visa Expiry waiting for
 * their first date, the visa fields and passport label following the nationality, the diplomat
 * notice, each field checked when it is left (by the server, with the step's own schema: the same
 * texts and cross-field rules), the photo checked, cropped and scaled in the browser, and the
 * submit sent with its upload progress, answered in JSON so the form and its photo stay as they
 * are when the server refuses it.
 */
import { needsVisa, passportLabel, REGISTRATION_MESSAGES } from "../rules";
import { h, showFieldError, type Control } from "@lib/ui/browser/dom";
import { setUpPhoto } from "./first-step-photo";

type Errors = Record<string, string[] | undefined>;

const PLACEHOLDER = "Choose an option";
const DIPLOMAT = "4";
const NOT_SENT = "The form could not be sent. Please check your connection and try again.";

function enhance(form: HTMLFormElement) {
  // The server's texts replace the browser's bubbles, as Conform did once hydrated.
  form.noValidate = true;
  const endpoint = form.dataset.scriptAction ?? "";
  const checkEndpoint = form.dataset.scriptCheck ?? "";
  const control = (name: string) => form.elements.namedItem(name) as Control | null;

  /* Errors, in TextField's markup. */
  function showError(name: string, message: string | undefined) {
    const input = control(name);
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

  /* The route's points: the server sends every route's as an option group (data-route). */
  const route = control("routeId") as HTMLSelectElement | null;
  const pointSelects = ["entryPoint", "exitPoint"].map((n) => control(n) as HTMLSelectElement | null).filter((s): s is HTMLSelectElement => Boolean(s));
  const points = new Map<string, string[]>();
  pointSelects[0]?.querySelectorAll("optgroup").forEach((g) => points.set(g.dataset.route ?? "", [...g.querySelectorAll("option")].map((o) => o.value)));
  function showPoints() {
    const list = points.get(route?.value ?? "") ?? [];
    for (const select of pointSelects) {
      const kept = select.value;
      select.replaceChildren(new Option(PLACEHOLDER, ""), ...list.map((p) => new Option(p, p)));
      select.value = list.includes(kept) ? kept : "";
    }
  }
  route?.addEventListener("change", showPoints);
  showPoints();

  /* A second date waits for the first, and may not be before it (spec 1 §5). */
  function follow(first: string, second: string) {
    const a = control(first) as HTMLInputElement | null;
    const b = control(second) as HTMLInputElement | null;
    if (!a || !b) return;
    const sync = () => {
      b.disabled = !a.value;
      if (a.value) b.min = a.value;
      else b.removeAttribute("min");
    };
    a.addEventListener("input", sync);
    a.addEventListener("change", sync);
    sync();
  }
  follow("entryDate", "exitDate");
  follow("visaIssueDate", "visaExpiryDate");

  /* The visa fields and the passport label follow the nationality. */
  const nationality = control("nationality") as HTMLSelectElement | null;
  const passport = control("passportNumber");
  const visa = control("visaNumber")?.closest("fieldset") ?? null;
  const visaPlace = document.createComment("visa");
  visa?.before(visaPlace);
  if (passport) {
    // The no-JS hint gives way to the label, as in the React form.
    const hint = document.getElementById(`${passport.id}-hint`);
    hint?.remove();
    const rest = (passport.getAttribute("aria-describedby") ?? "").split(" ").filter((x) => x && x !== hint?.id);
    if (rest.length) passport.setAttribute("aria-describedby", rest.join(" "));
    else passport.removeAttribute("aria-describedby");
  }
  function showNationality() {
    const n = Number(nationality?.value) || null;
    const label = passport ? form.querySelector(`label[for="${passport.id}"]`) : null;
    if (label?.firstChild) label.firstChild.textContent = passportLabel(n);
    if (!visa) return;
    if (n === null || needsVisa(n)) visaPlace.after(visa);
    else visa.remove();
  }
  nationality?.addEventListener("change", showNationality);
  showNationality();

  /* The diplomat notice (the server renders the same one after a refused submit); Escape closes it. */
  function openDiplomat() {
    let box = document.getElementById("diplomat-close") as HTMLInputElement | null;
    if (!box) {
      box = h("input", { id: "diplomat-close", type: "checkbox", className: "peer sr-only" });
      const dialog = h(
        "div",
        { role: "alertdialog", "aria-modal": "true", "aria-labelledby": "diplomat-title", className: "w-full max-w-sm rounded-lg bg-white p-6 shadow-xl" },
        h("h2", { id: "diplomat-title", className: "text-lg font-semibold text-slate-800" }, "Diplomat"),
        h("p", { className: "mt-2 text-slate-700" }, REGISTRATION_MESSAGES.diplomat),
        h("label", { id: "diplomat-ok", tabIndex: -1, for: "diplomat-close", className: "mt-4 inline-block cursor-pointer rounded bg-blue-700 px-4 py-2 text-white" }, "OK"),
      );
      form.append(h("div", {}, box, h("div", { className: "fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4 peer-checked:hidden" }, dialog)));
    }
    box.checked = false;
    document.getElementById("diplomat-ok")?.focus();
  }
  document.addEventListener("keydown", (event) => {
    const box = document.getElementById("diplomat-close") as HTMLInputElement | null;
    if (event.key === "Escape" && box && !box.checked) box.checked = true;
  });
  const type = control("trekkerType") as HTMLSelectElement | null;
  type?.addEventListener("change", () => {
    if (type.value !== DIPLOMAT) return;
    type.value = "";
    openDiplomat();
  });

  /* Each field is checked when it is left and again as it is corrected, by the step's schema on the server. */
  const validated = new Set<string>();
  let checkRun = 0;
  let checkTimer: ReturnType<typeof setTimeout> | undefined;
  const SKIP = new Set(["photo", "cropX", "cropY", "cropSize"]);
  function fields(): FormData {
    const data = new FormData(form);
    for (const name of SKIP) data.delete(name);
    return data;
  }
  function render(errors: Errors, names: Iterable<string>) {
    for (const name of names) if (!SKIP.has(name)) showError(name, errors[name]?.find((m) => m.trim() !== ""));
  }
  function scheduleCheck() {
    clearTimeout(checkTimer);
    checkTimer = setTimeout(() => {
      const run = ++checkRun;
      fetch(checkEndpoint, { method: "POST", body: fields(), credentials: "same-origin" })
        .then((r) => (r.ok ? (r.json() as Promise<{ errors: Errors }>) : null))
        .then((answer) => {
          if (answer && run === checkRun && !sending) render(answer.errors, validated);
        })
        .catch(() => {});
    }, 120);
  }
  const nameOf = (target: EventTarget | null) => (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) && target.name && !SKIP.has(target.name) && target.type !== "hidden" ? target.name : null;
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

  /* The photo: checked by its first bytes, cropped square by the user, scaled to a small JPEG. */
  const photo = control("photo") as HTMLInputElement | null;
  const photoInput = photo ? setUpPhoto(photo, (message) => showError("photo", message)) : null;

  /* The submit: one at a time, with its upload progress; the answer is JSON (new-register.first-step.ts). */
  let sending = false;
  const progress = form.querySelector<HTMLElement>("[data-upload-progress]");
  const submit = form.querySelector<HTMLButtonElement>("button[type=submit]");
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
    submit.textContent = on ? "Saving…" : "Next";
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (sending) return;
    busy(true);
    // A blur check still under way answers for older values: the submit's answer decides.
    clearTimeout(checkTimer);
    checkRun++;
    void (photoInput?.ready() ?? Promise.resolve()).then(() => {
      const body = new FormData(form);
      const withFile = [...body.values()].some((v) => typeof v !== "string" && v.size > 0);
      const xhr = new XMLHttpRequest();
      xhr.open("POST", endpoint);
      xhr.responseType = "json";
      if (withFile) {
        showProgress(0);
        xhr.upload.onprogress = (e) => showProgress(e.lengthComputable && e.total > 0 ? Math.min(100, Math.floor((e.loaded / e.total) * 100)) : 0);
      }
      xhr.onload = () => {
        showProgress(null);
        const answer = xhr.response as { redirect?: string; errors?: Errors; photoError?: string | null } | null;
        if (answer?.redirect) return location.assign(answer.redirect);
        busy(false);
        // Not ours (a sign-in page after the session ended, a 5xx page): the plain form post shows it.
        if (!answer?.errors) return HTMLFormElement.prototype.submit.call(form);
        const errors = answer.errors;
        const names = new Set([...new FormData(form).keys(), ...Object.keys(errors)].filter((n) => n !== ""));
        for (const name of names) if (!SKIP.has(name)) validated.add(name);
        render(errors, names);
        showFormErrors(errors[""] ?? []);
        if (answer.photoError) {
          // The server refused the photo itself: keeping it would only send it again.
          photoInput?.clear();
          showError("photo", answer.photoError);
        }
        if (errors.trekkerType?.includes(REGISTRATION_MESSAGES.diplomat)) openDiplomat();
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
}

const form = document.getElementById("new-registration");
if (form instanceof HTMLFormElement) enhance(form);
