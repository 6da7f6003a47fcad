import { can, type PermissionHolder } from "@modules/permissions";
import { sidebarEntries } from "~/composition.server";

/** The sidebar entries a user may see: contributed by the modules, filtered by the assembled permission table. */
export function sidebarFor(user: PermissionHolder): { label: string; to: string }[] {
  return sidebarEntries()
    .filter((e) => can(user, e.permission))
    .map(({ label, to }) => ({ label, to }));
}
