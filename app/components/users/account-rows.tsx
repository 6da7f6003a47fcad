import type { ReactNode } from "react";
import { LinkButton } from "@lib/ui/button";
import { useT } from "@lib/i18n/context";

export interface AccountRow {
  label: string;
  value: ReactNode;
  /** The modal route of the row's Change button; no button without it. */
  changeTo?: string;
  changeLabel?: string;
  /** Anything else on the right, e.g. a POST form with its button. */
  action?: ReactNode;
}

/** Account Details, Email, Password… each with its Change button (spec 2 §2 account views). */
export function AccountRows({ rows, title = "Account Settings" }: { rows: readonly AccountRow[]; title?: string }) {
  const { t } = useT();
  return (
    <section className="rounded-lg border border-gray-200 bg-white" aria-label={t(title)}>
      <h2 className="border-b border-gray-200 px-5 py-3 text-base font-semibold text-gray-900">{t(title)}</h2>
      <dl className="divide-y divide-gray-100">
        {rows.map((row) => (
          <div key={row.label} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-4">
            <dt className="w-40 shrink-0 text-sm font-medium text-gray-500">{t(row.label)}</dt>
            <dd className="min-w-0 flex-1 text-sm break-words text-gray-900">{row.value}</dd>
            {/* A <dl> group holds only <dt> and <dd>: the row's buttons sit in a <dd> of their own. */}
            {row.action || row.changeTo ? (
              <dd className="flex shrink-0 flex-wrap items-center gap-2">
                {row.action ?? null}
                {row.changeTo ? (
                  <LinkButton
                    to={row.changeTo}
                    preventScrollReset
                    variant="secondary"
                    size="sm"
                    aria-label={row.changeLabel ? `${t(row.changeLabel)} ${t(row.label)}` : t("Change {{label}}", { label: t(row.label) })}
                  >
                    {t(row.changeLabel ?? "Change")}
                  </LinkButton>
                ) : null}
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Label/value pairs of a profile tab. */
export function ProfileList({ items }: { items: readonly { label: string; value: ReactNode }[] }) {
  const { t } = useT();
  return (
    <dl className="grid gap-x-6 gap-y-4 rounded-lg border border-gray-200 bg-white p-5 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.label}>
          <dt className="text-xs font-medium tracking-wide text-gray-500 uppercase">{t(item.label)}</dt>
          <dd className="mt-0.5 text-sm break-words text-gray-900">{item.value || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}
