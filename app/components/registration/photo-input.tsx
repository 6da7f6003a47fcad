import { FileField } from "@lib/ui/file-field";
import { useT } from "@lib/i18n/context";
import { PHOTO_FIELD_TEXTS } from "@lib/files/photo-texts";

/**
 * The trekker photo, rendered for a document page (ADR 0043). Without JavaScript the server crops
 * the centre square of the original (3 MB limit). The page's script (lib/ui/browser/photo-field.ts,
 * for `data-photo`) checks the type from the file's first bytes at once, lets the user drag a
 * square crop box, and scales the crop in the browser to at most 600x600 JPEG in place of the
 * original: a 6 MB phone photo uploads as ~100 KB and the original's size no longer matters.
 */
export function PhotoInput({ name = "photo", required, errors, currentSrc }: { name?: string; required: boolean; errors?: string[]; currentSrc?: string }) {
  const { t } = useT();
  return (
    <div className="space-y-2">
      <FileField
        label="Photo"
        name={name}
        accept="image/jpeg,image/png"
        required={required}
        errors={errors}
        data-photo=""
        data-photo-texts={JSON.stringify(Object.fromEntries(PHOTO_FIELD_TEXTS.map((english) => [english, t(english)])))}
        hint="A 2x2 inch passport-style photo, jpg or png, 1 KB to 3 MB. It is cropped square."
        scriptedHint="A 2x2 inch passport-style photo, jpg or png. It is cropped square and made smaller before it is sent."
      />
      {currentSrc ? <img src={currentSrc} alt={t("Current photo")} data-current-photo="" className="h-24 w-24 rounded object-cover" /> : null}
    </div>
  );
}

/** After a plain post came back refused: a file input cannot be pre-filled (the page's script keeps it instead). */
export function ChoosePhotoAgain({ shown }: { shown: boolean }) {
  const { t } = useT();
  return shown ? <p className="text-sm text-amber-700">{t("Please choose the photo again before you submit.")}</p> : null;
}
