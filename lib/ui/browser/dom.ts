// DOM helpers of the page scripts served without React (ADR 0029, 0034).

/** An element with its properties (attributes for data-, aria-, role and for) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & Record<string, unknown> = {},
  ...children: (Node | string)[]
) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key.startsWith("data-") || key.startsWith("aria-") || key === "role" || key === "for") node.setAttribute(key, String(value));
    else (node as unknown as Record<string, unknown>)[key] = value;
  }
  node.append(...children);
  return node;
}

export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** TextField's error markup: <p id="{id}-error" role="alert">, aria-invalid, aria-describedby. */
export function showFieldError(input: Control, message: string | undefined) {
  if (!input.id) return;
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

/** The form's control of that name (the first, for a group). */
export function controlOf(form: HTMLFormElement, name: string): Control | null {
  const found = form.elements.namedItem(name);
  return found instanceof RadioNodeList ? ((found[0] as Control | undefined) ?? null) : (found as Control | null);
}

/** The later date of a pair waits for the first, and may not be before it. */
export function followDate(form: HTMLFormElement, first: string, second: string) {
  const a = controlOf(form, first) as HTMLInputElement | null;
  const b = controlOf(form, second) as HTMLInputElement | null;
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
