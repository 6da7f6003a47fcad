import type { ReactNode } from "react";
import { cx } from "@lib/ui/class-names";
import { useT } from "@lib/i18n/context";

// The route form's tabs and panels (spec 2 §2): once hydrated, real tabs switching panels in
// place; before that (and without JavaScript) in-page links to the panels shown one below another.

interface TabBarProps<T extends string> {
  label: string;
  hydrated: boolean;
  current: T;
  onSelect: (tab: T) => void;
  items: { id: T; label: string; invalid?: boolean }[];
}

/** Real tabs once hydrated; before that, links to the stacked sections below. */
export function TabBar<T extends string>({ label, hydrated, current, onSelect, items }: TabBarProps<T>) {
  const { t } = useT();
  const itemClass = (active: boolean) =>
    cx(
      "inline-block border-b-2 px-1 py-3 text-sm font-medium",
      active ? "border-blue-700 text-blue-700" : "border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900",
    );
  return (
    // Before hydration the links are a plain list of in-page links: no role, so no name either.
    <div
      role={hydrated ? "tablist" : undefined}
      aria-label={hydrated ? t(label) : undefined}
      className="mb-4 flex gap-4 overflow-x-auto border-b border-gray-200"
    >
      {items.map((item) =>
        hydrated ? (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`tab-${item.id}`}
            aria-selected={current === item.id}
            aria-controls={`panel-${item.id}`}
            onClick={() => onSelect(item.id)}
            className={itemClass(current === item.id)}
          >
            {t(item.label)}
            {item.invalid && <Dot />}
          </button>
        ) : (
          <a key={item.id} href={`#panel-${item.id}`} className={itemClass(false)}>
            {t(item.label)}
            {item.invalid && <Dot />}
          </a>
        ),
      )}
    </div>
  );
}

function Dot() {
  const { t } = useT();
  return <span className="ml-1 inline-block size-2 rounded-full bg-red-600 align-middle" aria-label={t("has errors")} role="img" />;
}

export function Panel({ id, label, hydrated, current, children }: { id: string; label: string; hydrated: boolean; current: string; children: ReactNode }) {
  const { t } = useT();
  // Hidden panels stay in the form so their fields are still posted.
  return (
    <section
      id={`panel-${id}`}
      role={hydrated ? "tabpanel" : undefined}
      aria-labelledby={hydrated ? `tab-${id}` : undefined}
      aria-label={hydrated ? undefined : t(label)}
      hidden={hydrated && current !== id}
      className="mb-6"
    >
      {!hydrated && <h2 className="mb-3 text-base font-semibold text-gray-900">{t(label)}</h2>}
      {children}
    </section>
  );
}
