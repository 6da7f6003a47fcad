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
import { photoProblem, PhotoScaler, type Square } from "@lib/files/image-scale";
import { PHOTO_RULE } from "@lib/files/upload-rules";
import { needsVisa, passportLabel, REGISTRATION_MESSAGES } from "../rules";

type Errors = Record<string, string[] | undefined>;
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const PLACEHOLDER = "Choose an option";
const DIPLOMAT = "4";
const UNREADABLE = "The photo could not be read. Please upload a jpg or png image.";
const NOT_SENT = "The form could not be sent. Please check your connection and try again.";

function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> & Record<string, unknown> = {}, ...children: (Node | string)[]) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key.startsWith("data-") || key.startsWith("aria-") || key === "role" || key === "for") node.setAttribute(key, String(value));
    else (node as unknown as Record<string, unknown>)[key] = value;
  }
  node.append(...children);
  return node;
}

function enhance(form: HTMLFormElement) {
  // The server's texts replace the browser's bubbles, as Conform did once hydrated.
  form.noValidate = true;
  const endpoint = form.dataset.scriptAction ?? "";
  const checkEndpoint = form.dataset.scriptCheck ?? "";
  const control = (name: string) => form.elements.namedItem(name) as Control | null;

  /* Errors, in TextField's markup: <p id="{id}-error" role="alert">, aria-invalid, aria-describedby. */
  function showError(name: string, message: string | undefined) {
    const input = control(name);
    if (!input?.id) return;
    const id = `${input.id}-error`;
    let p = document.getElementById(id);
    const described = (input.getAttribute("aria-describedby") ?? "").split(" ").filter((x) => x && x !== id);
    if (message) {
      if (!p) {
        p = h("p", { id, role: "alert", className: "mt-1 text-sm text-red-600" });
        input.parentElement?.append(p);
      }
      p.textContent = message;
      input.setAttribute("aria-invalid", "true");
      described.push(id);
    } else {
      p?.remove();
      input.removeAttribute("aria-invalid");
    }
    if (described.length) input.setAttribute("aria-describedby", described.join(" "));
    else input.removeAttribute("aria-describedby");
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

/**
 * The photo input's behaviour, as PhotoInput has it in React: the type checked at once from the
 * file's first bytes, a square crop box to drag and size, the crop scaled to at most 600x600 JPEG
 * and put into the input in place of the original (a 6 MB phone photo uploads as ~100 KB). If the
 * browser cannot encode, the original goes up with the crop box's numbers and the server crops it.
 */
function setUpPhoto(input: HTMLInputElement, showError: (message: string | undefined) => void) {
  const frame = input.parentElement!;
  const wrapper = frame.parentElement!;
  const hint = document.getElementById(`${input.id}-hint`);
  if (hint) hint.textContent = "A 2x2 inch passport-style photo, jpg or png. It is cropped square and made smaller before it is sent.";
  const cropArea = h("div", { className: "space-y-2", hidden: true });
  const preview = h("div", { className: "flex items-center gap-3 text-sm text-slate-700", "data-testid": "photo-to-upload", hidden: true });
  wrapper.append(cropArea, preview);

  let original: File | null = null;
  let scaled: { file: File; url: string } | null = null;
  let source: string | null = null;
  let box: Square = { x: 0, y: 0, size: 200 };
  let shown = { w: 0, h: 0, scale: 1 };
  let choice = 0;
  let image: HTMLImageElement | null = null;
  let boxEl: HTMLElement | null = null;
  let slider: HTMLInputElement | null = null;
  let cropInputs: HTMLElement | null = null;

  function attach(file: File) {
    const dt = new DataTransfer();
    dt.items.add(file);
    input.files = dt.files;
  }
  function setScaled(next: { file: File; url: string } | null) {
    if (scaled) URL.revokeObjectURL(scaled.url);
    scaled = next;
    preview.hidden = !next;
    preview.replaceChildren();
    if (next) {
      preview.append(
        h("img", { src: next.url, alt: "Photo to upload", className: "h-16 w-16 rounded border border-slate-200 object-cover" }),
        h("span", {}, `${next.file.name} · ${Math.max(1, Math.round(next.file.size / 1024))} KB, ready to upload`),
      );
    }
    drawCropInputs();
  }
  // Posted only when the original goes up (the browser could not scale): the server crops it.
  function drawCropInputs() {
    cropInputs?.remove();
    cropInputs = null;
    if (scaled || !original) return;
    const v = (n: number) => String(Math.round(n * shown.scale));
    cropInputs = h("div", {}, h("input", { type: "hidden", name: "cropX", value: v(box.x) }), h("input", { type: "hidden", name: "cropY", value: v(box.y) }), h("input", { type: "hidden", name: "cropSize", value: v(box.size) }));
    cropArea.append(cropInputs);
  }
  const scaler = new PhotoScaler(({ file, scaled: ok }) => {
    attach(file);
    if (ok) return setScaled({ file, url: URL.createObjectURL(file) });
    // The browser could not encode: the original goes up with the crop box and the server crops it.
    setScaled(null);
    showError(file.size > PHOTO_RULE.maxBytes ? PHOTO_RULE.messages.tooLarge : undefined);
  });
  function clear(resetInput = true) {
    choice++;
    scaler.reset();
    original = null;
    if (source) URL.revokeObjectURL(source);
    source = null;
    cropArea.hidden = true;
    cropArea.replaceChildren();
    cropInputs = null;
    setScaled(null);
    if (resetInput) input.value = "";
  }
  // Dragging and the size slider scale again once the user pauses; the upload is stale at once.
  function rescaleSoon() {
    if (image && original) scaler.scaleSoon(image, original, { ...box }, shown.scale);
  }
  function placeBox() {
    if (!boxEl) return;
    Object.assign(boxEl.style, { left: `${box.x}px`, top: `${box.y}px`, width: `${box.size}px`, height: `${box.size}px` });
    if (slider) slider.value = String(Math.floor(box.size));
    drawCropInputs();
  }
  function showCrop(file: File) {
    source = URL.createObjectURL(file);
    const img = h("img", { src: source, alt: "Photo to crop", className: "block max-h-72 max-w-full" });
    // overflow-hidden clips the crop box's shade to the photo: the page is never dimmed.
    boxEl = h("div", { role: "presentation", "data-testid": "crop-box", className: "absolute cursor-move border-2 border-white shadow-[0_0_0_9999px_rgba(0,0,0,0.45)]" });
    slider = h("input", { type: "range", min: "50", className: "ml-2 align-middle" });
    cropArea.replaceChildren(h("div", { className: "relative inline-block max-w-full touch-none select-none overflow-hidden" }, img, boxEl), h("label", { className: "block text-sm text-slate-600" }, "Crop size", slider));
    cropArea.hidden = false;
    image = img;
    img.addEventListener("load", () => {
      const size = Math.min(200, img.clientWidth, img.clientHeight);
      shown = { w: img.clientWidth, h: img.clientHeight, scale: img.naturalWidth / img.clientWidth };
      box = { x: (img.clientWidth - size) / 2, y: (img.clientHeight - size) / 2, size };
      slider!.max = String(Math.max(50, Math.floor(Math.min(shown.w, shown.h))));
      placeBox();
      if (original) scaler.scaleNow(img, original, box, shown.scale);
    });
    img.addEventListener("error", () => {
      clear();
      showError(UNREADABLE);
    });
    let drag: { dx: number; dy: number } | null = null;
    const el = boxEl;
    el.addEventListener("pointerdown", (e) => {
      el.setPointerCapture(e.pointerId);
      const rect = el.getBoundingClientRect();
      drag = { dx: e.clientX - rect.left, dy: e.clientY - rect.top };
    });
    el.addEventListener("pointermove", (e) => {
      if (!drag) return;
      const rect = el.parentElement!.getBoundingClientRect();
      box = { ...box, x: Math.max(0, Math.min(shown.w - box.size, e.clientX - rect.left - drag.dx)), y: Math.max(0, Math.min(shown.h - box.size, e.clientY - rect.top - drag.dy)) };
      placeBox();
    });
    el.addEventListener("pointerup", () => {
      if (drag) rescaleSoon();
      drag = null;
    });
    slider.addEventListener("input", () => {
      const size = Number(slider!.value);
      box = { size, x: Math.min(box.x, shown.w - size), y: Math.min(box.y, shown.h - size) };
      placeBox();
      rescaleSoon();
    });
  }
  input.addEventListener("change", async () => {
    showError(undefined);
    const file = input.files?.[0];
    if (!file) return clear(false);
    // Our own scaled file put back into the input needs no second look.
    if (scaled && file === scaled.file) return;
    const id = ++choice;
    const problem = await photoProblem(file, PHOTO_RULE);
    if (id !== choice) return;
    if (problem) {
      clear();
      return showError(problem);
    }
    clear(false);
    original = file;
    showCrop(file);
  });
  return {
    /** Resolves once the file in the input matches the crop box (a submit waits for it). */
    ready: () => scaler.ready(),
    clear,
  };
}

const form = document.getElementById("new-registration");
if (form instanceof HTMLFormElement) enhance(form);
