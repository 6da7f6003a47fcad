import { useT } from "@lib/i18n/context";

/**
 * Shown on every page of the embedded mode (`npm start` without a deployment's settings), so
 * nobody mistakes it for the live system: payments go to local simulators and e-mails to the
 * outbox page instead of real inboxes.
 */
export function EmbeddedBanner() {
  const { t } = useT();
  return (
    <aside aria-label={t("Demo mode")} className="no-print bg-amber-100 px-4 py-1.5 text-center text-sm text-amber-950">
      {t("Demo mode: payments are simulated and e-mails go to the")}{" "}
      <a href="/dev/outbox" className="font-medium underline">
        {t("outbox")}
      </a>
      {t(", not to real inboxes.")}
    </aside>
  );
}
