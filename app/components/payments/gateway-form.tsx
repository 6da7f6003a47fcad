import { useEffect, useRef } from "react";
import { Form } from "@remix-run/react";
import { Button } from "@lib/ui/button";
import { GATEWAY_UNAVAILABLE, ONLINE_METHODS } from "@modules/payments";
import type { GatewayId } from "@modules/payments/index.server";
import { useT } from "@lib/i18n/context";

/**
 * The signed form the provider expects. With JS it submits itself at once (spec 1 §2.7); without
 * JS the payer presses Continue.
 */
export function GatewayForm({
  action,
  method,
  fields,
  provider,
}: {
  action: string;
  method: "GET" | "POST";
  fields: Record<string, string>;
  provider: string;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const { t } = useT();
  useEffect(() => {
    ref.current?.submit();
  }, []);
  return (
    <form ref={ref} action={action} method={method} className="rounded-lg border border-blue-200 bg-blue-50 p-4" data-testid="gateway-form">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p className="text-sm text-blue-900">{t("Taking you to {{provider}} to pay…", { provider })}</p>
      <button type="submit" className="mt-3 rounded bg-blue-700 px-4 py-2 text-white">
        {t("Continue")}
      </button>
    </form>
  );
}

/**
 * One "Pay with …" button per online method. A method the deployment has not configured stays
 * in its place, disabled, with the reason under it (the server refuses it as well).
 */
export function OnlineMethodButtons({ available, busy }: { available: Partial<Record<GatewayId, boolean>>; busy: boolean }) {
  // The providers' names are their own in every language; only "Card" is a word to translate.
  const { t } = useT();
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-3 sm:grid-cols-3">
      <input type="hidden" name="intent" value="pay" />
      {ONLINE_METHODS.map((m) =>
        available[m.id] ? (
          <Button key={m.id} type="submit" name="gateway" value={m.id} variant="secondary" disabled={busy}>
            {t("Pay with {{method}}", { method: t(m.label) })}
          </Button>
        ) : (
          <div key={m.id} className="flex flex-col gap-1">
            <Button type="button" variant="secondary" disabled aria-describedby={`unavailable-${m.id}`}>
              {t("Pay with {{method}}", { method: t(m.label) })}
            </Button>
            <p id={`unavailable-${m.id}`} className="text-xs text-slate-600">
              {t(GATEWAY_UNAVAILABLE)}
            </p>
          </div>
        ),
      )}
    </Form>
  );
}
