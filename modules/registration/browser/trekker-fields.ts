import { needsVisa, passportLabel, REGISTRATION_MESSAGES } from "../rules";
import { controlOf, followDate, h } from "@lib/ui/browser/dom";

const DIPLOMAT = "4";

/**
 * TrekkerFields' behaviour without React: Visa Expiry waits for Issue Date, the visa fields and the
 * passport label follow the nationality, and choosing Diplomat opens the spec's notice (the server
 * renders the same one after a refused submit; Escape closes it). Returns the notice's opener for
 * a refusal that names it.
 */
export function enhanceTrekkerFields(form: HTMLFormElement) {
  followDate(form, "visaIssueDate", "visaExpiryDate");

  const nationality = controlOf(form, "nationality") as HTMLSelectElement | null;
  const passport = controlOf(form, "passportNumber");
  const visa = controlOf(form, "visaNumber")?.closest("fieldset") ?? null;
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
  if (nationality) {
    nationality.addEventListener("change", showNationality);
    showNationality();
  }

  function openDiplomat() {
    let box = document.getElementById("diplomat-close") as HTMLInputElement | null;
    if (!box) {
      box = h("input", { id: "diplomat-close", type: "checkbox", className: "peer sr-only" });
      const dialog = h(
        "div",
        { role: "alertdialog", "aria-modal": "true", "aria-labelledby": "diplomat-title", className: "relative w-full max-w-sm rounded-lg bg-white p-6 shadow-xl" },
        h("h2", { id: "diplomat-title", className: "text-lg font-semibold text-slate-800" }, "Diplomat"),
        h("p", { className: "mt-2 text-slate-700" }, REGISTRATION_MESSAGES.diplomat),
        h("label", { id: "diplomat-ok", tabIndex: -1, for: "diplomat-close", className: "mt-4 inline-block cursor-pointer rounded bg-blue-700 px-4 py-2 text-white" }, "OK"),
      );
      // The backdrop is a label of the close box, as in the React notice: a click on it closes.
      const backdrop = h("label", { for: "diplomat-close", "aria-hidden": "true", "data-testid": "diplomat-backdrop", className: "absolute inset-0 cursor-pointer bg-black/50" });
      form.append(h("div", {}, box, h("div", { className: "fixed inset-0 z-50 flex items-center justify-center p-4 peer-checked:hidden" }, backdrop, dialog)));
    }
    box.checked = false;
    document.getElementById("diplomat-ok")?.focus();
  }
  document.addEventListener("keydown", (event) => {
    const box = document.getElementById("diplomat-close") as HTMLInputElement | null;
    if (event.key === "Escape" && box && !box.checked) box.checked = true;
  });
  const type = controlOf(form, "trekkerType") as HTMLSelectElement | null;
  type?.addEventListener("change", () => {
    if (type.value !== DIPLOMAT) return;
    type.value = "";
    openDiplomat();
  });
  return { openDiplomat };
}
