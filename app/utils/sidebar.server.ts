import { sidebarEntries } from "@modules/registry";
import { can, isPermission, type PermissionHolder } from "@modules/users/permission-table";

/** The sidebar entries a user may see: contributed by the modules, filtered by the permission table. */
export function sidebarFor(user: PermissionHolder): { label: string; to: string }[] {
  return sidebarEntries()
    .filter((e) => isPermission(e.permission) && can(user, e.permission))
    .map(({ label, to }) => ({ label, to }));
}
