/**
 * The one script of document pages (ADR 0043). A document page is the no-JavaScript page: links
 * navigate and forms post. What the markup declares, this adds, for every document page alike:
 * - dialogs: focus moves into the innermost one, Escape takes its close control (dialogs.ts);
 * - `form[data-check]`: each field checked when it is left, by the server with the form's own
 *   schema (form-check.ts); `form[data-script-action]` is also sent by script with its upload
 *   progress and keeps its files when refused (script-form.ts);
 * - password checklists tick as the password is typed (checklists.ts);
 * - dependent fields (dependents.ts); `button[data-print]` shown, printing the page;
 * - `input[data-photo]`: the photo is checked, cropped and scaled in the browser; that code is
 *   loaded only on a page that has such an input (photo-field.ts).
 * Submitting is never blocked: the server decides, as it does without JavaScript.
 */
import { enhanceChecklists } from "./checklists";
import { enhanceDependents } from "./dependents";
import { enhanceDialogs } from "./dialogs";
import { isField, watchChecks } from "./form-check";
import { showFieldError } from "./dom";
import { enhanceScriptForm } from "./script-form";

function enhanceChecks(form: HTMLFormElement) {
  // As Conform does once hydrated: the server's texts replace the browser's bubbles.
  form.noValidate = true;
  watchChecks(form, form.dataset.check ?? "", (errors, left) => {
    for (const name of left) {
      const control = form.elements.namedItem(name);
      const input = control instanceof RadioNodeList ? control[0] : control;
      if (isField(input))
        showFieldError(
          input,
          errors[name]?.find((m) => m.trim() !== ""),
        );
    }
  });
}

// "pending" until everything is in place, then "true" (the browser tests wait for it, as for React's hydration).
document.documentElement.dataset.enhanced = "pending";
enhanceDependents();
document.querySelectorAll<HTMLButtonElement>("button[data-print]").forEach((button) => {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
});
enhanceDialogs();
enhanceChecklists();
document.querySelectorAll<HTMLFormElement>("form[data-script-action]").forEach(enhanceScriptForm);
document.querySelectorAll<HTMLFormElement>("form[data-check]:not([data-script-action])").forEach(enhanceChecks);
const photos = document.querySelectorAll<HTMLInputElement>("input[type=file][data-photo]");
const enhanced = () => (document.documentElement.dataset.enhanced = "true");
if (photos.length) void import("./photo-field").then(({ enhancePhoto }) => photos.forEach(enhancePhoto)).finally(enhanced);
else enhanced();
