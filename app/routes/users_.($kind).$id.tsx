import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { Tabs } from "~/components/tabs";
import { canEditUser, canManageUser, tabOfUserType, type UserKind } from "@modules/users/kinds";
import { requireUserTarget } from "@modules/users/route-guards.server";

export const handle = { title: "Users" };

/**
 * Tabs after Profile, per kind of account. Extension point: a module adds its tab here and a
 * sibling route `users_.($kind).$id.<path>.tsx` (guarded with requireUserTarget). An agency's
 * Documents and Registered Trekker tabs, and a checkpost's Scanned and Registered Trekkers,
 * arrive with their modules.
 */
const EXTRA_TABS: Record<UserKind, readonly { label: string; path: string }[]> = {
  staff: [],
  agency: [{ label: "Documents", path: "documents" }],
  fit: [{ label: "TIMS Card", path: "tims-cards" }],
  checkpost: [],
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { viewer, target, base } = await requireUserTarget(request, params);
  return {
    user: target,
    base,
    listTab: tabOfUserType(target.userType)?.id ?? "ntb",
    canEdit: canEditUser(viewer, target),
    canManage: canManageUser(viewer, target),
    isSelf: viewer.id === target.id,
  };
}

export type UserViewData = Awaited<ReturnType<typeof loader>>;

/** The account views of spec 2 §2: /users/:id, /users/trekking-agency/:id, /users/fit/:id, /users/checkpost/:id. */
export default function UserView() {
  const { user, base, listTab } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const extra = EXTRA_TABS[user.kind];
  const onExtra = extra.some((t) => pathname === `${base}/${t.path}` || pathname.startsWith(`${base}/${t.path}/`));
  const title = user.kind === "agency" ? (user.organizationName ?? user.fullName) : user.fullName;
  return (
    <section className="max-w-4xl">
      <PageHeader title={title} breadcrumbs={[{ label: "Users", to: `/users?tab=${listTab}` }, { label: title }]} />
      <Tabs
        label="Account sections"
        className="mb-6"
        tabs={[{ label: "Profile", to: base, active: !onExtra }, ...extra.map((t) => ({ label: t.label, to: `${base}/${t.path}` }))]}
      />
      <Outlet />
    </section>
  );
}
