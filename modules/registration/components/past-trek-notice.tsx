import { Link } from "@remix-run/react";
import { useT } from "@lib/i18n/context";

/**
 * A registration whose entry date has passed can not be paid or have its cards generated (issue
 * 25): the wizard's own message, and the way on, the review page's trek editor, where the
 * registration may still be edited (its owner while unpaid, the board in any status).
 */
export function PastTrekNotice({ message, editHref, className = "" }: { message: string; editHref: string | null; className?: string }) {
  const { t } = useT();
  return (
    <div role="alert" className={`rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900 ${className}`} data-testid="past-trek">
      <p className="font-medium">{t(message)}</p>
      {editHref ? (
        <p className="mt-1">
          <Link to={editHref} reloadDocument className="font-medium underline">
            {t("Change the trek dates")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
