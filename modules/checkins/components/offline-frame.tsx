import type { ReactNode } from "react";
import { useT } from "@lib/i18n/context";

export interface OfflineFrameProps {
  /** The offline part's state line; `online`: the connection's half of it. */
  state: string;
  online: string;
  pending: number;
  othersPending?: number;
  /** When the kept revocation list was made (shown in Nepal time), or null before one is kept. */
  revokedAt: string | null;
  className?: string;
  children?: ReactNode;
}

/**
 * The offline part's box as it first shows. The scan page draws it in its server HTML, in the
 * same place and size, while the lazily loaded part itself is on its way: inserting it after
 * hydration pushed the forms below it down (CLS 0.11, issue 26 item 9). Every line it can have
 * while the page loads is there from the start. The state lines come in English and are said here
 * in the page's language (ADR 0047).
 */
export function OfflineFrame({ state, online, pending, othersPending = 0, revokedAt, className, children }: OfflineFrameProps) {
  const { t } = useT();
  return (
    <div className={`space-y-3 rounded-lg bg-white p-4 shadow-sm ${className ?? ""}`} data-testid="offline-scan">
      <h2 className="font-semibold text-slate-800">{t("Offline checks")}</h2>
      <p role="status" className="text-sm text-slate-700" data-testid="offline-state">
        {t(state)} {t(online)}
      </p>
      <p className="text-sm text-slate-700" data-testid="pending-scans">
        {pending === 1 ? t("1 scan waits to be sent.") : t("{{count}} scans wait to be sent.", { count: pending })}
      </p>
      {othersPending ? (
        <p className="text-sm text-slate-700">
          {othersPending === 1
            ? t("1 scan by another checkpost account waits on this device for that account to sign in here.")
            : t("{{count}} scans by other checkpost accounts wait on this device for that account to sign in here.", { count: othersPending })}
        </p>
      ) : null}
      <p className="text-xs text-slate-600">
        {revokedAt ? t("Revocation list of {{at}} (Nepal time).", { at: revokedAt }) : t("No revocation list on this device yet.")}
      </p>
      {children}
    </div>
  );
}

/** What the frame says before the offline part has started (the same words as its first render). */
export const OFFLINE_STARTING = { state: "Preparing offline checks…", online: "Online.", pending: 0, revokedAt: null } as const;
