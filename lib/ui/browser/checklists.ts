import { PASSWORD_RULES } from "@lib/validation-rules";
import { h } from "./dom";

/** PasswordChecklist's markup: each rule's <li> ticks while the described password is typed. */
export function enhanceChecklists() {
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
        if (met && !note) item.append(h("span", { className: "sr-only" }, list.dataset.metText ?? " (met)"));
        if (!met) note?.remove();
      });
    input.addEventListener("input", tick);
    tick();
  });
}
