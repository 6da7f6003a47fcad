import { parse, type Submission } from "@conform-to/react";
import { useEffect, useRef } from "react";
import type { $ZodType as ZodType, input, output } from "zod/v4/core";

/**
 * Conform's `onValidate` with the zod schema loaded on demand (issue 12, ADR 0014). zod is about
 * 90 KB of gzip JavaScript, more than the rest of a form page together, so no eagerly loaded
 * chunk may contain it:
 *
 *   const validate = useLazyValidation(() => import(<a module's index.schemas>).then((m) => m.someSchema));
 *   const [form, fields] = useForm({ onValidate: validate, shouldValidate: "onBlur", ... });
 *
 * Loading starts on the first focus or pointer press inside a form (or the first validation),
 * not when the page has hydrated: a page that is only read never downloads zod, and the user's
 * first click or tab gives the chunk the time it needs before the first blur. Until it has
 * arrived nothing is validated in the browser: a submit goes to the server (which validates with
 * the same schema and answers with the same messages) and a blur validation is remembered and
 * run again as soon as the schema is there, so the message still appears. Once loaded the
 * validation is exactly `parseWithZod(formData, { schema })`, as before.
 */
export type SchemaLoader<Schema extends ZodType = ZodType> = () => Promise<Schema>;

/** What parseWithZod answers for `Schema`. */
export type ZodSubmission<Schema extends ZodType> = Submission<input<Schema>, string[], output<Schema>>;
export type OnValidate<Schema extends ZodType = ZodType> = (context: {
  form: HTMLFormElement;
  submitter: HTMLInputElement | HTMLButtonElement | null;
  formData: FormData;
}) => Submission<input<Schema>, string[], output<Schema>>;

const INTENT = "__intent__";

/** What a form answers before its schema has loaded: submit to the server; a blur changes nothing yet. */
export function passThrough<Schema extends ZodType = ZodType>(formData: FormData): ZodSubmission<Schema> {
  return parse<input<Schema>, string[]>(formData, {
    resolve: (value, intent) => (intent ? { error: {} } : { value: value as input<Schema> }),
  }) as ZodSubmission<Schema>;
}

/** Runs a remembered intent (a blur's `validate`) again through Conform, as `form.validate()` does. */
export function replayIntent(form: HTMLFormElement, intent: string): void {
  if (!form.isConnected || typeof form.requestSubmit !== "function") return;
  const button = form.ownerDocument.createElement("button");
  button.name = INTENT;
  button.value = intent;
  button.hidden = true;
  button.formNoValidate = true;
  if (form.id) {
    button.setAttribute("form", form.id);
    form.ownerDocument.body.appendChild(button);
  } else form.appendChild(button);
  try {
    form.requestSubmit(button);
  } finally {
    button.remove();
  }
}

/**
 * The hook's state without React: `validate` is the `onValidate`, `load` starts the download
 * (once). Exported for the unit test.
 */
export function createLazyValidator<Schema extends ZodType>(
  loadSchema: SchemaLoader<Schema>,
  replay: (form: HTMLFormElement, intent: string) => void = replayIntent,
) {
  let validator: ((formData: FormData) => ZodSubmission<Schema>) | null = null;
  let loading: Promise<void> | null = null;
  const pending = new Map<HTMLFormElement, string[]>();
  const load = () => {
    loading ??= Promise.all([import("./zod-validate"), loadSchema()]).then(
      ([{ zodValidator }, schema]) => {
        validator = zodValidator(schema);
        const waiting = [...pending];
        pending.clear();
        for (const [form, intents] of waiting) for (const intent of intents) replay(form, intent);
      },
      () => {
        // Offline or a failed deploy: keep passing submits through to the server; try again later.
        loading = null;
      },
    );
    return loading;
  };
  const validate: OnValidate<Schema> = ({ form, formData }) => {
    if (validator) return validator(formData);
    const intent = formData.get(INTENT);
    if (typeof intent === "string") {
      const intents = pending.get(form) ?? [];
      if (!intents.includes(intent)) intents.push(intent);
      pending.set(form, intents);
    }
    void load();
    return passThrough<Schema>(formData);
  };
  return { validate, load, loaded: () => validator !== null };
}

/** See the comment at the top of this file. `loadSchema` is read once, on the first render. */
export function useLazyValidation<Schema extends ZodType>(loadSchema: SchemaLoader<Schema>): OnValidate<Schema> {
  const lazy = useRef<ReturnType<typeof createLazyValidator<Schema>> | null>(null);
  lazy.current ??= createLazyValidator(loadSchema);
  useEffect(() => {
    const start = (event: Event) => {
      if (event.target instanceof Element && event.target.closest("form")) void lazy.current?.load();
    };
    document.addEventListener("focusin", start, true);
    document.addEventListener("pointerdown", start, true);
    return () => {
      document.removeEventListener("focusin", start, true);
      document.removeEventListener("pointerdown", start, true);
    };
  }, []);
  return lazy.current.validate;
}
