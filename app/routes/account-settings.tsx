import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { LinkButton } from "@lib/ui/button";
import { PageHeader } from "@lib/ui/page-header";
import { currentSessionToken, requirePermission } from "~/utils/guards.server";
// Beside the page, not in the users module's index.ui.ts: that entry also carries the Users list and
// its kit, which put this page and its photo dialog over the JavaScript budget (ADR 0045).
import { AccountRows } from "~/components/users/account-rows";
import { SessionList } from "~/components/users/session-list";
import { listSessions, profilePhotoUrl } from "@modules/users/index.server";
import { canUseTwoFactor } from "@modules/users";
import { twoFactorStatus } from "@modules/users/index.server";
import { MY_DATA_PATH } from "@modules/privacy/index.server";
import { useT } from "@lib/i18n/context";
import { pageTexts } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Account Settings" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "settings");
  const sessions = await listSessions(user.id, await currentSessionToken(request));
  return {
    fullName: user.fullName,
    email: user.email,
    photoUrl: profilePhotoUrl(user),
    // Board and TAAN only: whether two-factor sign-in is on (null: not offered to this account).
    twoFactor: canUseTwoFactor(user) ? (await twoFactorStatus(user)).enabled : null,
    // The path travels in the loader's data: importing it into the page would weigh on every account page (ADR 0045).
    myDataPath: MY_DATA_PATH,
    sessions: sessions.map(({ key, device, lastSeen, current }) => ({ key, device, lastSeen, current })),
    // The page's words and its dialogs' (ADR 0047): the photo and sessions dialogs render in the browser too.
    texts: await pageTexts(request, ["care"]),
  };
}

/** The signed-in user's own account; each Change opens its modal as a nested route. */
export default function AccountSettings() {
  const user = useLoaderData<typeof loader>();
  const { t } = useT();
  // The rows' words are said here: AccountRows also serves the board's profile pages, which send other texts.
  const row = (label: string, value: string, changeTo: string, changeLabel = "Change") => ({
    label: t(label),
    value,
    changeTo,
    changeLabel: t(changeLabel),
  });
  return (
    <section className="max-w-3xl space-y-6">
      <PageHeader title="Account Settings" />
      <div className="flex flex-wrap items-center gap-4 rounded-lg border border-gray-200 bg-white p-5">
        {user.photoUrl ? (
          <img src={user.photoUrl} alt={t("Profile")} className="size-16 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-16 items-center justify-center rounded-full bg-blue-700 text-2xl font-bold text-white">
            {user.fullName.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-gray-900">{user.fullName}</p>
          <p className="text-xs text-gray-500">{t("Profile photo: JPG or PNG, 1 KB to 3 MB")}</p>
        </div>
        <LinkButton to="photo" preventScrollReset variant="secondary" size="sm">
          {t("Change Photo")}
        </LinkButton>
      </div>
      <AccountRows
        title={t("Account Settings")}
        rows={[
          row("Account Details", user.fullName, "name"),
          row("Email", user.email, "email"),
          row("Password", "••••••••", "password"),
          ...(user.twoFactor === null ? [] : [row("Two-factor sign-in", t(user.twoFactor ? "On" : "Off"), "two-factor", user.twoFactor ? "Manage" : "Set up")]),
        ]}
      />
      <SessionList sessions={user.sessions} signOutOthersTo="sessions" />
      <a href={user.myDataPath} download className="inline-block text-sm font-medium text-blue-700 underline">
        {t("Download my data (JSON)")}
      </a>
      <Outlet />
    </section>
  );
}
