import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useId, useState } from "react";
import { TextField } from "@lib/ui/field";
import { PASSWORD_RULES } from "@lib/validation-rules";
import { useT } from "@lib/i18n/context";

/**
 * The live checklist of spec 1 §5. The server renders every rule (unticked), so the rules are
 * readable without JavaScript; with it, each ticks as it is met.
 */
export function PasswordChecklist({ value, id }: { value: string; id?: string }) {
  // The rules are texts of the validation namespace; the document script adds "(met)" in the page's words, read from data-met-text.
  const { t } = useT();
  return (
    <ul id={id} className="mt-2 space-y-0.5 text-xs" data-testid="password-checklist" data-met-text={` ${t("(met)")}`}>
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(value);
        return (
          <li key={rule.id} data-met={met} className={met ? "text-green-700" : "text-gray-500"}>
            <span aria-hidden="true" className="inline-block w-4">
              {met ? "✓" : "○"}
            </span>
            {t(rule.label)}
            {met ? <span className="sr-only"> {t("(met)")}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** A new-password input with its checklist underneath. */
export function NewPasswordField({ field, label }: { field: FieldMetadata<string | undefined>; label: string }) {
  const checklistId = useId();
  const [value, setValue] = useState(typeof field.initialValue === "string" ? field.initialValue : "");
  const { key, ...props } = getInputProps(field, { type: "password" });
  return (
    <div>
      <TextField
        key={key}
        label={label}
        {...props}
        autoComplete="new-password"
        aria-describedby={[props["aria-describedby"], checklistId].filter(Boolean).join(" ")}
        onChange={(event) => setValue(event.currentTarget.value)}
        errors={field.errors}
      />
      <PasswordChecklist value={value} id={checklistId} />
    </div>
  );
}
