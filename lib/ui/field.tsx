import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cx } from "@lib/ui/class-names";
import { useT } from "@lib/i18n/context";
import { translateMessage, translateMessages } from "@lib/i18n/messages";

/**
 * Plain, "dumb" form fields: routes either spread Conform's getInputProps(...) /
 * getSelectProps(...) / getTextareaProps(...) into them (id, name, defaultValue, aria-* and
 * constraint attributes come along) or pass name/defaultValue themselves. Nothing here depends
 * on JavaScript: the server re-renders the form with `errors` after a failed submission.
 */

/** Spec rule: every select starts with this empty-value option. */
export const SELECT_PLACEHOLDER = "Choose an option";

export interface FieldBaseProps {
  label: ReactNode;
  name: string;
  /** Only the first is shown; Conform hands over every failing rule. */
  errors?: string[];
  hint?: ReactNode;
  /** On a document page, the hint once its script runs (null: none; ADR 0043). */
  scriptedHint?: string | null;
}

const controlClass =
  "block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm " +
  "placeholder:text-gray-400 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700/30 " +
  "disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-500 " +
  "aria-invalid:border-red-600 aria-invalid:focus:border-red-600 aria-invalid:focus:ring-red-600/30";

const labelClass = "mb-1 block text-sm font-medium text-gray-800";

interface FieldA11y {
  id: string;
  error: string | undefined;
  errorId: string;
  hintId: string | undefined;
  invalid: boolean;
  describedBy: string | undefined;
}

function useFieldA11y(
  idProp: string | undefined,
  errors: string[] | undefined,
  hasHint: boolean,
  ariaInvalid: InputHTMLAttributes<HTMLElement>["aria-invalid"],
  ariaDescribedBy: string | undefined,
): FieldA11y {
  const autoId = useId();
  const id = idProp ?? `field${autoId.replace(/:/g, "-")}`;
  const error = errors?.find((message) => message.trim() !== "");
  const errorId = `${id}-error`;
  const hintId = hasHint ? `${id}-hint` : undefined;
  // Keep ids a caller (e.g. Conform) already points at, but never one whose element is absent.
  const ids = new Set(
    [...(ariaDescribedBy?.split(/\s+/) ?? []), hintId, error ? errorId : undefined].filter(
      (value): value is string => Boolean(value) && (value !== errorId || Boolean(error)),
    ),
  );
  const invalid = Boolean(error) || ariaInvalid === true || ariaInvalid === "true";
  return { id, error, errorId, hintId, invalid, describedBy: ids.size ? [...ids].join(" ") : undefined };
}

function RequiredMark({ show }: { show: boolean | undefined }) {
  return show ? (
    <span className="ml-0.5 text-red-600" aria-hidden="true">
      *
    </span>
  ) : null;
}

/** `scripted`: on a document page, the hint once its script runs (null: none; ADR 0043). */
function Hint({ id, children, scripted }: { id: string | undefined; children: ReactNode; scripted?: string | null }) {
  if (!id || children === undefined || children === null) return null;
  const script = scripted === null ? { "data-nojs": "" } : scripted !== undefined ? { "data-js-text": scripted } : {};
  return (
    <p id={id} className="mt-1 text-xs text-gray-500" {...script}>
      {children}
    </p>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-600">
      {message}
    </p>
  );
}

/** The attributes every control takes from its field's a11y ids. */
function controlA11y(a11y: FieldA11y, name: string) {
  return { id: a11y.id, name, "aria-invalid": a11y.invalid || undefined, "aria-describedby": a11y.describedBy };
}

/** Label above the control, then the hint and the first error: the frame of every field but the checkbox. */
/** Shared with FileField (file-field.tsx), which lives apart so text-only forms skip the upload code. */
export function LabelledField({
  a11y,
  label,
  hint,
  scriptedHint,
  required,
  className,
  children,
}: {
  a11y: FieldA11y;
  label: ReactNode;
  hint: ReactNode;
  scriptedHint?: string | null;
  required: boolean | undefined;
  className: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={a11y.id} className={labelClass}>
        {label}
        <RequiredMark show={required} />
      </label>
      {children}
      <Hint id={a11y.hintId} scripted={scriptedHint}>
        {hint}
      </Hint>
      <FieldError id={a11y.errorId} message={a11y.error} />
    </div>
  );
}

/** Splits a field's props into its frame (label, hint, errors, ids) and what goes on the control. */
export function useField<
  P extends FieldBaseProps & {
    id?: string;
    className?: string;
    required?: boolean;
    "aria-invalid"?: InputHTMLAttributes<HTMLElement>["aria-invalid"];
    "aria-describedby"?: string;
  },
>(props: P) {
  const { label, name, errors, hint, scriptedHint, id, className, "aria-invalid": ariaInvalid, "aria-describedby": ariaDescribedBy, ...rest } = props;
  // The one place a field's words are translated (docs/adr/0047-languages.md): its label and hint
  // are texts of the validation namespace, its messages the schemas' English ones read back.
  const translator = useT();
  const { t } = translator;
  const a11y = useFieldA11y(id, translateMessages(translator, errors), hint != null, ariaInvalid, ariaDescribedBy);
  const frame = {
    a11y,
    label: typeof label === "string" ? t(label) : label,
    hint: typeof hint === "string" ? t(hint) : hint,
    scriptedHint: scriptedHint ? t(scriptedHint) : scriptedHint,
    required: props.required,
    className,
  };
  return { a11y, frame, control: { ...rest, ...controlA11y(a11y, name) } };
}

export interface TextFieldProps extends FieldBaseProps, Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "children"> {}

export function TextField({ type = "text", ...props }: TextFieldProps) {
  const { frame, control } = useField(props);
  return (
    <LabelledField {...frame}>
      <input {...control} type={type} className={controlClass} />
    </LabelledField>
  );
}

export interface TextAreaProps extends FieldBaseProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "children"> {}

export function TextArea({ rows = 4, ...props }: TextAreaProps) {
  const { frame, control } = useField(props);
  return (
    <LabelledField {...frame}>
      <textarea {...control} rows={rows} className={controlClass} />
    </LabelledField>
  );
}

export interface CheckboxProps extends FieldBaseProps, Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "type" | "children"> {}

export function Checkbox({ ...props }: CheckboxProps) {
  const { a11y, frame, control } = useField(props);
  return (
    <div className={frame.className}>
      <div className="flex items-start gap-2">
        <input
          {...control}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-blue-700 aria-invalid:outline aria-invalid:outline-red-600"
        />
        <label htmlFor={a11y.id} className="text-sm text-gray-800">
          {frame.label}
          <RequiredMark show={frame.required} />
        </label>
      </div>
      <Hint id={a11y.hintId}>{frame.hint}</Hint>
      <FieldError id={a11y.errorId} message={a11y.error} />
    </div>
  );
}

export interface SelectOption {
  value: string | number;
  label: string;
}

export interface SelectFieldProps extends FieldBaseProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "children"> {
  options?: readonly SelectOption[];
  /**
   * Options in groups, each for a value of another field (`dependsOn`, by its name): without
   * JavaScript every group shows (the server checks the pair); a document page's script offers
   * only the group of the value chosen there (data-options-from, lib/ui/browser/dependents.ts).
   */
  groups?: readonly { value: string | number; label: string; options: readonly SelectOption[] }[];
  dependsOn?: string;
  /** Text of the leading empty option; the spec wording is the default, override only if the spec says so. */
  placeholder?: string;
}

export function SelectField({ options = [], groups, dependsOn, placeholder = SELECT_PLACEHOLDER, ...props }: SelectFieldProps) {
  const { frame, control } = useField(props);
  const { t } = useT();
  return (
    <LabelledField {...frame}>
      <select {...control} data-options-from={dependsOn} className={controlClass}>
        {/* Left selectable (not disabled) so "nothing chosen" reaches the server's required check. */}
        <option value="">{t(placeholder)}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {groups?.map((group) => (
          <optgroup key={group.value} label={group.label} data-value={group.value}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </LabelledField>
  );
}

export interface FormErrorsProps {
  errors?: string[] | null;
  id?: string;
  className?: string;
}

/** Form-level (server) errors under a form, e.g. "Invalid credentials". */
export function FormErrors({ errors, id, className }: FormErrorsProps) {
  const translator = useT();
  const messages = (errors ?? []).filter((message) => message.trim() !== "").map((message) => translateMessage(translator, message));
  if (messages.length === 0) return null;
  return (
    <div id={id} role="alert" className={cx("rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700", className)}>
      {messages.length === 1 ? (
        <p>{messages[0]}</p>
      ) : (
        <ul className="list-disc space-y-1 pl-5">
          {messages.map((message, index) => (
            <li key={index}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
