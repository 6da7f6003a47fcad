import type { InputHTMLAttributes } from "react";
import { cx } from "@lib/ui/class-names";
import { LabelledField, useField, type FieldBaseProps } from "@lib/ui/field";
import { UploadProgress } from "@lib/ui/upload-progress";

export interface FileFieldProps
  extends FieldBaseProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "type" | "children" | "value" | "defaultValue"> {}

/**
 * The surrounding Form needs encType="multipart/form-data"; a file input cannot be pre-filled.
 * With JS, the form's upload shows its progress under the (first) file field.
 */
export function FileField({ ...props }: FileFieldProps) {
  const { frame, control } = useField(props);
  return (
    <LabelledField {...frame}>
      <input
        {...control}
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
