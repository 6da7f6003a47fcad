import { useEffect, useRef, useState } from "react";
import { Form, useFetcher } from "@remix-run/react";
import { Button } from "@lib/ui/button";
import { useHydrated } from "@lib/ui/use-hydrated";
import { useT } from "@lib/i18n/context";
import { richText } from "@lib/i18n/rich";

export interface QrPanelData {
  prn: string;
  /** The QR as a data: URL (drawn on the server, so it shows without JS). */
  image: string;
  /** ISO instant. */
  expiresAt: string;
  /** "14:35" in Nepal time. */
  expiresText: string;
  expired: boolean;
}

/** How often the page asks, with JS, whether the QR payment arrived. */
const CHECK_EVERY_MS = 4_000;

/**
 * A NEPALPAY QR kept on the page until it expires. With JS the page asks every few seconds
 * (a fetcher posting intent=qr-status with poll=1) and moves on to the result page as soon as the
 * payment settles; without JS "Check again" asks once and comes back to the same QR if unpaid.
 */
export function QrPaymentPanel({ qr, busy }: { qr: QrPanelData; busy: boolean }) {
  const hydrated = useHydrated();
  const translator = useT();
  const { t } = translator;
  const fetcher = useFetcher();
  const [expired, setExpired] = useState(qr.expired);
  const latest = useRef({ fetcher, prn: qr.prn });
  latest.current = { fetcher, prn: qr.prn };

  useEffect(() => setExpired(qr.expired), [qr.expired, qr.prn]);
  useEffect(() => {
    if (expired) return;
    const untilExpiry = new Date(qr.expiresAt).getTime() - Date.now();
    const expiry = setTimeout(() => setExpired(true), Math.max(0, untilExpiry));
    const poll = setInterval(() => {
      const { fetcher: f, prn } = latest.current;
      if (document.visibilityState === "hidden" || f.state !== "idle") return;
      const body = new FormData();
      body.set("intent", "qr-status");
      body.set("txnId", prn);
      body.set("poll", "1");
      f.submit(body, { method: "post", encType: "multipart/form-data" });
    }, CHECK_EVERY_MS);
    return () => {
      clearTimeout(expiry);
      clearInterval(poll);
    };
  }, [expired, qr.expiresAt, qr.prn]);

  const checkAgain = (
    <Form method="post" encType="multipart/form-data">
      <input type="hidden" name="intent" value="qr-status" />
      <input type="hidden" name="txnId" value={qr.prn} />
      <Button type="submit" variant={expired ? "secondary" : "primary"} disabled={busy}>
        {t("Check again")}
      </Button>
    </Form>
  );

  if (expired) {
    return (
      <div className="space-y-3" data-testid="qr-expired">
        <p className="text-sm text-slate-700">
          {t("This QR code expired at {{time}} (Nepal time). If you paid it, press Check again; otherwise show a new QR code.", { time: qr.expiresText })}
        </p>
        <div className="flex flex-wrap gap-3">
          {checkAgain}
          <NewQrButton busy={busy} />
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <img src={qr.image} alt={t("NEPALPAY QR code")} className="h-60 w-60 max-w-full" data-testid="payment-qr" />
      <p className="text-sm text-slate-600">
        {richText(translator, "Scan with any NEPALPAY mobile banking app. Reference {{reference}}", { reference: <span data-testid="qr-prn">{qr.prn}</span> })}
      </p>
      <p className="text-sm text-slate-600">
        {richText(translator, "Valid until {{time}} (Nepal time).", { time: <strong data-testid="qr-expires">{qr.expiresText}</strong> })}
      </p>
      {hydrated ? (
        <p role="status" className="text-sm text-slate-600" data-testid="qr-waiting">
          {t("Waiting for your payment: this page moves on by itself once it arrives.")}
        </p>
      ) : (
        <p className="text-sm text-slate-600">{t("After paying in your app, press Check again.")}</p>
      )}
      {checkAgain}
    </div>
  );
}

/** Starts a fresh QR payment (the "Show QR code" form). */
export function NewQrButton({ busy, label = "Show a new QR code" }: { busy: boolean; label?: string }) {
  const { t } = useT();
  return (
    <Form method="post" encType="multipart/form-data">
      <input type="hidden" name="intent" value="qr" />
      <input type="hidden" name="gateway" value="fonepay" />
      <Button type="submit" variant="secondary" disabled={busy}>
        {t(label)}
      </Button>
    </Form>
  );
}
