import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { Tabs } from "@lib/ui/tabs";
import { type UserKind } from "@modules/users";
import { requireAccountView } from "../utils/user-target.server";
import { pageTexts } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Users" };

/**
 * Tabs after Profile, per kind of account. Extension point: a module adds its tab here and a
 * sibling route `users_.($kind).$id.<path>.tsx` (guarded with requireUserTarget).
 */
const EXTRA_TABS: Record<UserKind, readonly { label: string; path: string }[]> = {
  staff: [],
  agency: [
    { label: "Documents", path: "documents" },
    { label: "Registered Trekker", path: "trekkers" },
  ],
  fit: [{ label: "TIMS Card", path: "tims-cards" }],
  checkpost: [
    { label: "Registered Trekkers", path: "trekkers" },
    { label: "Scanned Trekkers", path: "scanned-trekkers" },
  ],
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  // The texts of every tab and modal of the view: they are its child routes.
  return { ...(await requireAccountView(request, params)), texts: await pageTexts(request, ["staff", "admin"]) };
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
