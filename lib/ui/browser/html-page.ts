/**
 * The one script of pages served as HTML on a first load (handle.hydrate = "html", ADR 0034).
 * Such a page is the no-JavaScript page: links navigate and forms post. This adds what its React
 * version does without needing React:
 * - dialogs (modals and side panels, which are nested routes): focus moves into the innermost one
 *   and Escape takes its ✕ link;
 * - forms marked data-check="{module}.{schema}": each field is checked when it is left, by the server
 *   with the form's own schema (POST /form-check/{module}.{schema}, ADR 0034), so the texts and the cross-field
 *   rules are exactly those of the submit; a field with an error is checked again as it is typed;
 * - password checklists tick as the password is typed.
 * Submitting is never blocked: the server decides, as it does without JavaScript.
 */
import { PASSWORD_RULES } from "@lib/validation-rules";
import { h, showFieldError, type Control } from "./dom";
import { isField, watchChecks } from "./form-check";

function innermostDialog(): HTMLElement | null {
  const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]');
  return dialogs.length ? dialogs[dialogs.length - 1] : null;
}

function enhanceDialogs() {
  const dialog = innermostDialog();
  if (dialog && !dialog.contains(document.activeElement)) dialog.focus({ preventScroll: true });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    const close = innermostDialog()?.querySelector<HTMLAnchorElement>("a[data-close]");
    if (!close) return;
    event.preventDefault();
    location.assign(close.href);
  });
}

function enhanceChecks(form: HTMLFormElement) {
  // As Conform does once hydrated: the server's texts replace the browser's bubbles.
  form.noValidate = true;
  watchChecks(form, form.dataset.check ?? "", (errors, left) => {
    for (const name of left) {
      const control = form.elements.namedItem(name);
      const input = control instanceof RadioNodeList ? (control[0] as Control | undefined) : (control as Control | null);
      if (input && isField(input)) showFieldError(input, errors[name]?.find((m) => m.trim() !== ""));
    }
  });
}

/** PasswordChecklist's markup: each rule's <li> ticks while the described password is typed. */
function enhanceChecklists() {
  document.querySelectorAll<HTMLUListElement>('ul[data-testid="password-checklist"]').forEach((list) => {
    const input = list.id ? document.querySelector<HTMLInputElement>(`input[aria-describedby~="${CSS.escape(list.id)}"]`) : null;
    if (!input) return;
    const tick = () =>
      list.querySelectorAll("li").forEach((item, index) => {
        const met = PASSWORD_RULES[index]?.test(input.value) ?? false;
        item.dataset.met = String(met);
        item.className = met ? "text-green-700" : "text-gray-500";
        if (item.firstElementChild) item.firstElementChild.textContent = met ? "✓" : "○";
        const note = item.querySelector(".sr-only");
        if (met && !note) item.append(h("span", { className: "sr-only" }, " (met)"));
        if (!met) note?.remove();
      });
    input.addEventListener("input", tick);
    tick();
  });
}

enhanceDialogs();
document.querySelectorAll<HTMLFormElement>("form[data-check]").forEach(enhanceChecks);
enhanceChecklists();
