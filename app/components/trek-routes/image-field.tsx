import { lazy, Suspense } from "react";
import { FileField } from "@lib/ui/file-field";
import { useHydrated } from "@lib/ui/use-hydrated";
import { useT } from "@lib/i18n/context";
import { translateMessage } from "@lib/i18n/messages";

import type { ExistingImage } from "./existing-image";

// Only an edit with images needs it, once its tab is open (issue 12: a first load carries what it shows).
const ExistingEnhanced = lazy(() => import("./existing-images"));

// In its own file so the lazily loaded part and this one do not import each other (no cycle, ADR 0045).
export type { ExistingImage } from "./existing-image";

export interface ImageFieldProps {
  /** "Gallery" or "Map". */
  label: string;
  inputName: string;
  existing: ExistingImage[];
  /** Ids already marked for deletion (after a failed submission). */
  initiallyRemoved: number[];
  errors?: string[];
  onChange: () => void;
  /** Its tab has been shown: the existing images may turn into the selectable list. */
  opened: boolean;
}

/**
 * New images for one kind, plus the existing ones in edit mode. Without JavaScript each existing
 * image has a "Delete on save" checkbox. With it, images can be selected, deleted together and
 * reverted one by one; the ids to delete travel as hidden removeImageIds fields, so nothing is
 * removed until the form is saved.
 */
const ADD_LABELS: Record<string, string> = { Gallery: "Add Gallery Images", Map: "Add Map Images" };

export function ImageField({ label, inputName, existing, initiallyRemoved, errors, onChange, opened }: ImageFieldProps) {
  const translator = useT();
  const { t } = translator;
  const hydrated = useHydrated();
  // Without JavaScript, and until the selectable list has arrived, each image has its own checkbox.
  const plain = (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {existing.map((image) => (
        <li key={image.id} className="rounded-md border border-gray-200 p-2">
          <img src={image.src} alt={image.fileName} className="h-28 w-full rounded object-cover" />
          <label className="mt-2 flex items-center gap-2 text-sm text-gray-700">
            <input type="checkbox" name="removeImageIds" value={image.id} defaultChecked={initiallyRemoved.includes(image.id)} />
            {t("Delete on save")}
          </label>
        </li>
      ))}
    </ul>
  );
  return (
    <div className="space-y-4">
      {existing.length > 0 &&
        (hydrated && opened ? (
          <Suspense fallback={plain}>
            <ExistingEnhanced label={label} images={existing} initiallyRemoved={initiallyRemoved} onChange={onChange} />
          </Suspense>
        ) : (
          plain
        ))}
      <FileField
        label={ADD_LABELS[label] ?? label}
        name={inputName}
        multiple
        accept="image/jpeg,image/png,.jpg,.jpeg,.png"
        onChange={onChange}
        errors={errors}
        hint="JPG or PNG, 1 KB to 3 MB each; several may be chosen at once."
      />
      {errors && errors.length > 1 && (
        <ul className="list-disc pl-5 text-sm text-red-600">
          {errors.slice(1).map((e, i) => (
            <li key={i}>{translateMessage(translator, e)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
