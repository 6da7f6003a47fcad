import { Button } from "@lib/ui/button";
import { useT } from "@lib/i18n/context";

/** The leave guard's question (leave-guard.tsx), loaded when a navigation is first held back. */
export default function LeaveDialog({ message, onStay, onLeave }: { message: string; onStay: () => void; onLeave: () => void }) {
  const { t } = useT();
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4">
      <div role="alertdialog" aria-modal="true" aria-labelledby="leave-title" className="w-full max-w-sm rounded-lg bg-white p-5 shadow-xl">
        <h2 id="leave-title" className="text-base font-semibold text-gray-900">
          {t(message)}
        </h2>
        <p className="mt-2 text-sm text-gray-600">{t("Your changes will be lost.")}</p>
        <div className="mt-5 flex justify-end gap-2">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a confirm dialog focuses its safe choice (WAI-ARIA dialog pattern) */}
          <Button type="button" variant="secondary" onClick={onStay} autoFocus>
            {t("Stay")}
          </Button>
          <Button type="button" variant="danger" onClick={onLeave}>
            {t("Leave")}
          </Button>
        </div>
      </div>
    </div>
  );
}
