import { LinkButton } from "@lib/ui/button";
import { displayDateTime } from "@lib/dates";
import { useT } from "@lib/i18n/context";
import { translateMessage } from "@lib/i18n/messages";

export interface SessionListItem {
  key: string;
  device: string;
  lastSeen: number;
  current: boolean;
}

/**
 * Account Settings' "Active sessions": where the account is signed in (device from the browser's
 * User-Agent, last activity in Nepal time), this one marked, and a way to end all the others.
 */
export function SessionList({ sessions, signOutOthersTo }: { sessions: readonly SessionListItem[]; signOutOthersTo: string }) {
  const others = sessions.filter((s) => !s.current).length;
  const translator = useT();
  const { t, lng } = translator;
  return (
    <section className="rounded-lg border border-gray-200 bg-white" aria-labelledby="active-sessions">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 px-5 py-3">
        <h2 id="active-sessions" className="text-base font-semibold text-gray-900">
          {t("Active sessions")}
        </h2>
        {others > 0 ? (
          <LinkButton to={signOutOthersTo} preventScrollReset variant="secondary" size="sm">
            {t("Sign out other sessions")}
          </LinkButton>
        ) : null}
      </div>
      <ul className="divide-y divide-gray-100" data-testid="session-list">
        {sessions.map((s) => (
          <li key={s.key} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3 text-sm" data-testid="session-row">
            <span className="min-w-0 flex-1 font-medium text-gray-900">{translateMessage(translator, s.device)}</span>
            {s.current ? <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">{t("This device")}</span> : null}
            <span className="text-gray-600">{t("Last seen {{at}}", { at: displayDateTime(s.lastSeen, lng) })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
