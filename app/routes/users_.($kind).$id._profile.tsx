import { Form, Link, Outlet, useRouteLoaderData } from "@remix-run/react";
import { useT } from "@lib/i18n/context";
import { richText } from "@lib/i18n/rich";
import { Button, LinkButton } from "@lib/ui/button";
import { displayDate } from "@lib/dates";
import { AccountRows, ProfileList, type AccountRow } from "~/components/users/account-rows";
import type { UserViewData } from "./users_.($kind).$id";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

/**
 * The Profile tab. Its data comes from the account view's loader, which did the guard; the
 * modals (Change…, Disable, Delete, Update Checkpost Information) are its child routes.
 */
export default function UserProfileTab() {
  const translator = useT();
  const { t, lng } = translator;
  const view = useRouteLoaderData<UserViewData>("routes/users_.($kind).$id");
  if (!view) return null;
  const { user, base, canEdit, canManage, canDelete, isSelf } = view;
  const profile = {
    staff: [],
    agency: [
      { label: "Organization Name", value: user.organizationName },
      { label: "PAN Number", value: user.panNumber },
      { label: "Email", value: user.email },
      { label: "Contact Address", value: user.contactAddress },
      { label: "Registration Date", value: displayDate(user.registerDate, lng) },
      { label: "Contact Number", value: user.contactNo },
      { label: "Contact Person", value: user.contactPerson },
    ],
    fit: [
      { label: "Full Name", value: user.fullName },
      { label: "Email", value: user.email },
      { label: "Country", value: user.countryName },
    ],
    checkpost: [
      { label: "Full Name", value: user.fullName },
      { label: "Email", value: user.email },
      { label: "Province", value: user.provinceName },
      { label: "Local Government Name", value: user.localGovernmentInfo },
      { label: "Ward No", value: user.wardNo },
      { label: "Route", value: user.routeName },
      { label: "Checkpost", value: user.checkpointName },
    ],
  }[user.kind];
  const change = (path: string) => (canEdit ? `${base}/${path}` : undefined);
  const rows: AccountRow[] = [
    { label: "Account Details", value: user.fullName, changeTo: change("name") },
    { label: "Email", value: user.email, changeTo: change("email") },
    { label: "Password", value: "••••••••", changeTo: change("password") },
    {
      label: "Status",
      value: user.status === "Disabled" && user.statusRemarks ? t("Disabled: {{remarks}}", { remarks: user.statusRemarks }) : t(user.status),
      action: canManage ? (
        user.status === "Active" ? (
          <LinkButton to={`${base}/disable`} preventScrollReset variant="danger" size="sm">
            {t("Disable")}
          </LinkButton>
        ) : (
          // Enabling needs no reason, so it is one immediate POST (spec 2 §4).
          <Form method="post" action={`${base}/enable`}>
            <Button type="submit" size="sm">
              {t("Enable")}
            </Button>
          </Form>
        )
      ) : null,
    },
  ];
  if (canDelete) {
    rows.push({
      label: "Delete User",
      value: t("Removes the account; its records stay."),
      action: (
        <LinkButton to={`${base}/delete`} preventScrollReset variant="danger" size="sm">
          {t("Delete")}
        </LinkButton>
      ),
    });
  }
  return (
    <div className="space-y-6">
      {profile.length ? <ProfileList items={profile} /> : null}
      {user.kind === "checkpost" && canEdit ? (
        <div className="flex justify-end">
          <LinkButton to={`${base}/checkpost-info`} preventScrollReset variant="secondary">
            {t("Update Checkpost Information")}
          </LinkButton>
        </div>
      ) : null}
      {isSelf ? (
        <p className="rounded-md bg-blue-50 px-4 py-3 text-sm text-blue-900">
          {richText(translator, "This is your own account. Change it in {{settings}}.", {
            settings: (
              <Link to="/account-settings" className="font-semibold underline">
                {t("Account Settings")}
              </Link>
            ),
          })}
        </p>
      ) : null}
      <AccountRows rows={rows} />
      <Outlet />
    </div>
  );
}
