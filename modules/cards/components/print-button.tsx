import { useHydrated } from "@lib/ui/use-hydrated";
import { useT } from "@lib/i18n/context";

/** Print needs JS (window.print); without it the hint points at the browser's own Print. */
export function PrintButton() {
  const hydrated = useHydrated();
  const { t } = useT();
  if (!hydrated) return <span className="self-center text-sm text-slate-500">{t("Use your browser's Print to print this card.")}</span>;
  return (
    <button type="button" onClick={() => window.print()} className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white">
      {t("Print")}
    </button>
  );
}
