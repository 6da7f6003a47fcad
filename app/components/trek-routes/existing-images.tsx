import { useState } from "react";
import { Button } from "@lib/ui/button";
import { cx } from "@lib/ui/class-names";
import { useT } from "@lib/i18n/context";
import type { ExistingImage } from "./existing-image";

/**
 * The existing images of an edit with JavaScript (image-field.tsx loads this when their tab is
 * opened): select several, delete them together, revert one by one.
 */
export default function ExistingEnhanced({
  label,
  images,
  initiallyRemoved,
  onChange,
}: {
  label: string;
  images: ExistingImage[];
  initiallyRemoved: number[];
  onChange: () => void;
}) {
  const { t } = useT();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [removed, setRemoved] = useState<Set<number>>(new Set(initiallyRemoved));
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const deleteSelected = () => {
    setRemoved((r) => new Set([...r, ...selected]));
    setSelected(new Set());
    onChange();
  };
  const revert = (id: number) => {
    setRemoved((r) => {
      const next = new Set(r);
      next.delete(id);
      return next;
    });
    onChange();
  };
  return (
    <div>
      <div className="mb-2 flex items-center gap-2">
        <Button type="button" size="sm" variant="danger" disabled={selected.size === 0} onClick={deleteSelected}>
          {t("Delete Selected")}
        </Button>
        <span className="text-sm text-gray-500">
          {removed.size > 0 ? t("{{count}} marked for deletion; removed when you save.", { count: removed.size }) : null}
        </span>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {images.map((image) => {
          const isRemoved = removed.has(image.id);
          return (
            <li
              key={image.id}
              data-testid={`${label.toLowerCase()}-image`}
              data-removed={isRemoved ? "true" : undefined}
              className={cx("rounded-md border p-2", isRemoved ? "border-red-300 bg-red-50" : "border-gray-200")}
            >
              <img src={image.src} alt={image.fileName} className={cx("h-28 w-full rounded object-cover", isRemoved && "opacity-30")} />
              {isRemoved ? (
                <div className="mt-2 flex items-center justify-between text-sm">
                  <span className="text-red-700">{t("Deleted")}</span>
                  <input type="hidden" name="removeImageIds" value={image.id} />
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    onClick={() => revert(image.id)}
                    aria-label={t("Revert {{name}}", { name: image.fileName })}
                  >
                    {t("Revert")}
                  </Button>
                </div>
              ) : (
                <label className="mt-2 flex items-center gap-2 text-sm text-gray-700">
                  <input
                    type="checkbox"
                    checked={selected.has(image.id)}
                    onChange={() => toggle(image.id)}
                    aria-label={t("Select {{name}}", { name: image.fileName })}
                  />
                  {t("Select")}
                </label>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
