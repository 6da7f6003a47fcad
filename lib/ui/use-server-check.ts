import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import type { CheckErrors, FormChecks } from "./browser/form-check";

export type FieldErrors = Record<string, string[]>;

/**
 * A React form's blur checks by the server (ADR 0034), without a form library or zod in the
 * browser: a field is checked when it is left and, while in error, again as it is typed
 * (POST /form-check/{check}, where check is "{module}.{schema export of its index.schemas}"), and
 * only the answer to the latest check counts. Returns the messages of the fields left so far.
 * `submitted` is the server's error map of the last failed submit (keyed by field name, "" for the
 * form): shown as it is, and its fields count as left from then on, as Conform does.
 * The checking code arrives on the first focus in the form (issue 12: a page's first load
 * carries only what it shows); what happens before it has arrived is checked once it has.
 *
 *   const form = useRef<HTMLFormElement>(null);
 *   const checks = useServerCheck(form, "trek-routes.routeFormSchema", result?.error);
 *   <TextField name="name" errors={checks.errors.name} />
 */
export function useServerCheck(form: RefObject<HTMLFormElement | null>, check: string, submitted: CheckErrors | undefined) {
  const [errors, setErrors] = useState<FieldErrors>(() => errorsIn(submitted));
  const watching = useRef<FormChecks | null>(null);
  const shown = useRef(submitted);

  useEffect(() => {
    const element = form.current;
    if (!element) return;
    let checks: FormChecks | null = null;
    let disposed = false;
    const early = { left: new Set<string>(), typed: false };
    const before = (event: Event) => {
      const name = (event.target as HTMLInputElement).name;
      if (event.type === "focusout" && name) early.left.add(name);
      else early.typed = true;
    };
    const start = () => {
      element.removeEventListener("focusin", start);
      void import("./browser/form-check").then(({ watchChecks }) => {
        if (disposed) return;
        for (const type of ["focusout", "input", "change"]) element.removeEventListener(type, before);
        checks = watchChecks(element, check, (answer, left) => setErrors(errorsIn(answer, left)));
        checks.leave([...Object.keys(errorsIn(shown.current)), ...early.left]);
        watching.current = checks;
        if (early.left.size || early.typed) checks.run();
      });
    };
    element.addEventListener("focusin", start);
    for (const type of ["focusout", "input", "change"]) element.addEventListener(type, before);
    return () => {
      disposed = true;
      element.removeEventListener("focusin", start);
      for (const type of ["focusout", "input", "change"]) element.removeEventListener(type, before);
      checks?.dispose();
      watching.current = null;
    };
  }, [form, check]);

  // A new answer to a submit replaces whatever the blur checks said.
  useEffect(() => {
    if (submitted === shown.current) return;
    shown.current = submitted;
    const next = errorsIn(submitted);
    watching.current?.leave(Object.keys(next));
    setErrors(next);
  }, [submitted]);

  /** Counts `name` as left and checks now (e.g. a list after an item was added). */
  const touch = useCallback((name: string) => {
    watching.current?.leave([name]);
    watching.current?.run();
  }, []);
  /** A list item moved or went: its fields' messages and "left" follow it. */
  const rename = useCallback((to: (name: string) => string | null) => {
    watching.current?.rename(to);
    setErrors((current) => renameKeys(current, to));
  }, []);
  return { errors, touch, rename };
}

/** The non-empty messages, of the fields in `left` only when given. */
export function errorsIn(errors: CheckErrors | undefined, left?: ReadonlySet<string>): FieldErrors {
  const out: FieldErrors = {};
  for (const [name, messages] of Object.entries(errors ?? {})) {
    if (messages?.length && (!left || left.has(name))) out[name] = messages;
  }
  return out;
}

export function renameKeys(errors: FieldErrors, to: (name: string) => string | null): FieldErrors {
  const out: FieldErrors = {};
  for (const [name, messages] of Object.entries(errors)) {
    const next = to(name);
    if (next !== null) out[next] = messages;
  }
  return out;
}
