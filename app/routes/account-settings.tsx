import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { LinkButton } from "~/components/button";
import { PageHeader } from "~/components/page-header";
import { requirePermission } from "~/utils/guards.server";
import { AccountRows } from "@modules/users/components/account-rows";
import { profilePhotoUrl } from "@modules/users/photo-url";

export const handle = { title: "Account Settings" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "settings");
  return {
    fullName: user.fullName,
    email: user.email,
    photoUrl: profilePhotoUrl(user),
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
        ]}
      />
      <Outlet />
    </section>
  );
}
