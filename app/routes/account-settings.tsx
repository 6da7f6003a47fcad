import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { LinkButton } from "@lib/ui/button";
import { PageHeader } from "@lib/ui/page-header";
import { currentSessionToken, requirePermission } from "~/utils/guards.server";
import { AccountRows, SessionList } from "@modules/users/index.ui";
import { listSessions, profilePhotoUrl } from "@modules/users/index.server";
import { canUseTwoFactor } from "@modules/users";
import { twoFactorStatus } from "@modules/users/index.server";

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
    sessions: sessions.map(({ key, device, lastSeen, current }) => ({ key, device, lastSeen, current })),
  };
}

/** The signed-in user's own account; each Change opens its modal as a nested route. */
export default function AccountSettings() {
  const user = useLoaderData<typeof loader>();
  return (
    <section className="max-w-3xl space-y-6">
      <PageHeader title="Account Settings" />
      <div className="flex flex-wrap items-center gap-4 rounded-lg border border-gray-200 bg-white p-5">
        {user.photoUrl ? (
          <img src={user.photoUrl} alt="Profile" className="size-16 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-16 items-center justify-center rounded-full bg-blue-700 text-2xl font-bold text-white">
            {user.fullName.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-gray-900">{user.fullName}</p>
          <p className="text-xs text-gray-500">Profile photo: JPG or PNG, 1 KB to 3 MB</p>
        </div>
        <LinkButton to="photo" preventScrollReset variant="secondary" size="sm">
          Change Photo
        </LinkButton>
      </div>
      <AccountRows
        rows={[
          { label: "Account Details", value: user.fullName, changeTo: "name" },
          { label: "Email", value: user.email, changeTo: "email" },
          { label: "Password", value: "••••••••", changeTo: "password" },
          ...(user.twoFactor === null
            ? []
            : [
                {
                  label: "Two-factor sign-in",
                  value: user.twoFactor ? "On" : "Off",
                  changeTo: "two-factor",
                  changeLabel: user.twoFactor ? "Manage" : "Set up",
                },
              ]),
        ]}
      />
      <SessionList sessions={user.sessions} signOutOthersTo="sessions" />
      <Outlet />
    </section>
  );
}
