import type { ReactNode } from "react";
import { useT } from "@lib/i18n/context";

/** The centred card of the public account pages, matching the login page. */
export function AuthCard({ title, subtitle, children, wide }: { title: string; subtitle?: ReactNode; children: ReactNode; wide?: boolean }) {
  // The title and a written subtitle are texts of the entry namespace.
  const { t } = useT();
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
      <div className={`w-full ${wide ? "max-w-2xl" : "max-w-md"} rounded-lg bg-white p-8 shadow`}>
        <p className="text-center text-sm font-semibold tracking-widest text-blue-700">TIMS</p>
        <h1 className="mt-1 text-center text-2xl font-bold text-slate-800">{t(title)}</h1>
        {subtitle ? <p className="mt-1 text-center text-sm text-slate-500">{typeof subtitle === "string" ? t(subtitle) : subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

const MAIL_APPS = [
  { label: "Open Gmail", href: "https://mail.google.com/mail/u/0/#inbox" },
  { label: "Open Outlook", href: "https://outlook.live.com/mail/0/inbox" },
  { label: "Open Yahoo Mail", href: "https://mail.yahoo.com/" },
] as const;

/** Spec 1 §2.6: open-mail buttons and the spam note. */
export function OpenMailButtons() {
  const { t } = useT();
  return (
    <div>
      <div className="flex flex-wrap justify-center gap-2">
        {MAIL_APPS.map((app) => (
          <a
            key={app.href}
            href={app.href}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-md px-3 py-2 text-sm font-medium text-gray-900 ring-1 ring-gray-300 ring-inset hover:bg-gray-50"
          >
            {t(app.label)}
          </a>
        ))}
      </div>
      <p className="mt-4 text-center text-xs text-slate-500">{t("Can't find the e-mail? Please check your spam or junk folder as well.")}</p>
    </div>
  );
}
