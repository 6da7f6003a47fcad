import { useT } from "@lib/i18n/context";
import { translateMessage } from "@lib/i18n/messages";
import { checkDirection, type checkLabel } from "../scan-labels";

type Row = Parameters<typeof checkLabel>[0];

/**
 * A scan row's check (checkLabel, which the CSV export writes) in the page's language (ADR 0047). A refused scan keeps the
 * reason as the module wrote it, in English, so the reason is read back against its template
 * ("This trek has ended (card status {{status}}).") where it is shown.
 */
export function CheckLabel({ row }: { row: Row }) {
  const translator = useT();
  const { t } = translator;
  if (row.refusedReason) return <>{t("Refused: {{reason}}", { reason: translateMessage(translator, row.refusedReason) })}</>;
  const check = t(checkDirection(row));
  return <>{row.offRoute ? t("{{check}} (off route)", { check }) : check}</>;
}
