import { Form } from "@remix-run/react";
import { useT } from "@lib/i18n/context";

/** On every page while a board user views the app as someone else (issue 17, item 5). */
export function SwitchBanner({ name }: { name: string }) {
  const { t } = useT();
  return (
    <div
      role="status"
      className="no-print flex flex-wrap items-center justify-center gap-x-2 bg-amber-300 px-4 py-1.5 text-sm text-slate-900"
      data-testid="switch-banner"
    >
      <span>
        {t("Viewing as")} <strong>{name}</strong>
      </span>
      <span aria-hidden="true">·</span>
      <Form method="post" action="/switch-user">
        <input type="hidden" name="intent" value="return" />
        <button type="submit" className="font-semibold underline">
          {t("Return to my account")}
        </button>
      </Form>
    </div>
  );
}
