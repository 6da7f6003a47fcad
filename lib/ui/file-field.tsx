import { useEffect, useState, type ChangeEvent, type InputHTMLAttributes } from "react";
import type { UploadRule } from "@lib/files/upload-rules";
import { cx } from "@lib/ui/class-names";
import { LabelledField, useField, type FieldBaseProps } from "@lib/ui/field";
import { UploadProgress } from "@lib/ui/upload-progress";

export interface FileFieldProps extends FieldBaseProps, Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "type" | "children" | "value" | "defaultValue"> {
  /** The server's rule for this upload: with JS a file over its size is refused as it is chosen. */
  rule?: Pick<UploadRule, "maxBytes" | "messages">;
}

/**
 * The surrounding Form needs encType="multipart/form-data"; a file input cannot be pre-filled.
 * With JS, the form's upload shows its progress under the (first) file field; a file over the
 * rule's size is refused when chosen, before a byte is sent, and choosing another file clears
 * the last answer's error for this field (it was about the file no longer chosen).
 */
export function FileField({ rule, errors, onChange, ...props }: FileFieldProps) {
  // What the user chose since the last answer: null until they choose, then the file's own error.
  const [chosen, setChosen] = useState<{ error: string | null } | null>(null);
  const answered = JSON.stringify(errors ?? []);
  useEffect(() => setChosen(null), [answered]);
  const shown = chosen ? (chosen.error ? [chosen.error] : undefined) : errors;
  const { frame, control } = useField({ ...props, errors: shown });
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    const error = rule && file && file.size > rule.maxBytes ? rule.messages.tooLarge : null;
    // The form will not submit while the field holds a file it would refuse.
    event.currentTarget.setCustomValidity(error ?? "");
    setChosen({ error });
    onChange?.(event);
  };
  return (
    <LabelledField {...frame}>
      <input
        {...control}
        onChange={choose}
        type="file"
        className={cx(
          "block w-full text-sm text-gray-700",
          "file:mr-3 file:rounded-md file:border-0 file:bg-blue-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-blue-700 hover:file:bg-blue-100",
          "aria-invalid:rounded-md aria-invalid:outline aria-invalid:outline-red-600",
        )}
      />
      <UploadProgress />
    </LabelledField>
  );
}
