/**
 * Blur checks by the server (ADR 0034): POST /form-check/{module}.{schema} with a form's fields
 * answers each field's messages for what is typed so far. Shared by the script of pages served
 * as documents (document.ts, which shows the messages in TextField's markup) and by React forms
 * (lib/ui/use-server-check.ts, which renders them): both check a field when it is left, check a
 * field in error again as it is typed, and keep only the answer to the latest question.
 */
import type { Control } from "./dom";

export type CheckErrors = Record<string, string[] | null | undefined>;

/** How long typing in a field in error pauses before it is checked again. */
export const RECHECK_MS = 350;

/** Conform's list buttons (add, remove, move) post this name; a check is never such a request. */
const INTENT = "__intent__";

export function isField(target: EventTarget | null): target is Control {
  if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement)) return false;
  return Boolean(target.name) && !["submit", "button", "hidden", "file", "reset"].includes(target.type);
}

/** What a check posts: the form's text fields (files stay in the browser) and its Enter intent. */
export function checkBody(form: HTMLFormElement): FormData {
  const body = new FormData(form);
  // The button Enter would press names the form's intent, which some schemas branch on.
  const submitter = form.querySelector<HTMLButtonElement | HTMLInputElement>(
    `button[name]:not([type=button]):not([type=reset]):not([name="${INTENT}"]), input[type=submit][name]`,
  );
  if (submitter && !body.has(submitter.name)) body.set(submitter.name, submitter.value);
  for (const [name, value] of [...body.entries()]) if (typeof value !== "string" || name === INTENT) body.delete(name);
  return body;
}

/** The server's messages, or null when it cannot say (offline, a failed deploy): the submit will. */
export async function askServer(check: string, body: FormData): Promise<CheckErrors | null> {
  // A name is one of /form-check's schemas; a path is a form's own check endpoint (the wizard's first step).
  const url = check.startsWith("/") ? check : `/form-check/${encodeURIComponent(check)}`;
  try {
    const response = await fetch(url, { method: "POST", body, credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    return ((await response.json()) as { errors?: CheckErrors }).errors ?? {};
  } catch {
    return null;
  }
}

export interface FormChecks {
  /** Counts these fields as left without asking (the server's own answer to a submit showed them). */
  leave(names: Iterable<string>): void;
  /** Checks now. */
  run(): void;
  /** Renames the fields counted as left (a list item moved); null forgets one. */
  rename(to: (name: string) => string | null): void;
  dispose(): void;
}

/**
 * Listens on `form` and calls `show` with each latest answer and the names of the fields left so far.
 */
export function watchChecks(form: HTMLFormElement, check: string, show: (errors: CheckErrors, left: ReadonlySet<string>) => void): FormChecks {
  let left = new Set<string>();
  let asked = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function run() {
    clearTimeout(timer);
    const mine = ++asked;
    const errors = await askServer(check, checkBody(form));
    // A later check answers for newer values.
    if (errors && mine === asked && form.isConnected) show(errors, left);
  }

  const onLeave = (event: Event) => {
    if (!isField(event.target)) return;
    left.add(event.target.name);
    void run();
  };
  const onType = (event: Event) => {
    if (!isField(event.target) || !event.target.hasAttribute("aria-invalid")) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), RECHECK_MS);
  };
  form.addEventListener("focusout", onLeave);
  form.addEventListener("input", onType);
  form.addEventListener("change", onType);
  return {
    leave(names) {
      for (const name of names) left.add(name);
    },
    run() {
      void run();
    },
    rename(to) {
      left = new Set([...left].map(to).filter((name): name is string => name !== null));
    },
    dispose() {
      clearTimeout(timer);
      asked++;
      form.removeEventListener("focusout", onLeave);
      form.removeEventListener("input", onType);
      form.removeEventListener("change", onType);
    },
  };
}
