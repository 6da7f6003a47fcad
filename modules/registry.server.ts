import type { JobHandler, JobScheduleDeclaration, Migration, PermissionDeclaration, SidebarEntry, TimsModule, UserTypeId } from "./contract";
import { jobMigrations } from "../jobs/migrations";
import { assemblePermissions, isPermission } from "./permissions";
import { emailJobs } from "../emails/jobs.server";
import { dashboardModule } from "./dashboard/index.server";
import { lookupsModule } from "./lookups/index.server";
import { registrationModule } from "./registration/index.server";
import { usersModule } from "./users/index.server";
import { agenciesModule } from "./agencies/index.server";
import { trekRoutesModule } from "./trek-routes/index.server";
import { cardsModule } from "./cards/index.server";
import { paymentsModule } from "./payments/index.server";
import { checkinsModule } from "./checkins/index.server";
import { notificationsModule } from "./notifications/index.server";
import { chalanModule } from "./chalan/index.server";
import { overdueModule } from "./overdue/index.server";
import { apiModule } from "./api/index.server";
import { statsModule } from "./stats/index.server";
import { ledgerModule } from "./ledger/index.server";

/** Every domain of the app. db set-up, job workers and the sidebar read this list. */
export const modules: readonly TimsModule[] = [lookupsModule, trekRoutesModule, usersModule, agenciesModule, dashboardModule, registrationModule, cardsModule, paymentsModule, checkinsModule, notificationsModule, chalanModule, statsModule, overdueModule, apiModule, ledgerModule];

export function allMigrations(): Migration[] {
  // The jobs table is infrastructure (jobs/), not a module's; it migrates with the modules.
  const list = [...jobMigrations, ...modules.flatMap((m) => m.migrations ?? [])];
  const names = new Set<string>();
  for (const m of list) {
    if (names.has(m.name)) throw new Error(`Duplicate migration name ${m.name}`);
    names.add(m.name);
  }
  return list.sort((a, b) => a.name.localeCompare(b.name));
}

/** The permission table as the registered plugins declare it; modules/permissions.ts must equal it (tested). */
export function declaredPermissions(list: readonly TimsModule[] = modules): Record<string, readonly UserTypeId[]> {
  const declarations: Record<string, PermissionDeclaration> = {};
  for (const m of list) if (m.permissions) declarations[m.name] = m.permissions as PermissionDeclaration;
  return assemblePermissions(declarations);
}

/** Every module's sidebar entries in spec order; an entry naming a permission no module declares is refused. */
export function sidebarEntries(list: readonly TimsModule[] = modules): SidebarEntry[] {
  const entries = list.flatMap((m) => m.sidebar ?? []);
  const unknown = entries.find((e) => !isPermission(e.permission));
  if (unknown) throw new Error(`Sidebar entry ${unknown.label} names an unknown permission: ${unknown.permission}`);
  return entries.sort((a, b) => a.order - b.order);
}

/** Core handlers (e-mail) plus every module's; a name claimed twice is a programming error. */
export function jobHandlers(): Record<string, JobHandler> {
  const handlers: Record<string, JobHandler> = { ...emailJobs };
  for (const m of modules) {
    for (const [name, handler] of Object.entries(m.jobs ?? {})) {
      if (handlers[name]) throw new Error(`Job ${name} is registered twice`);
      handlers[name] = handler;
    }
  }
  return handlers;
}

/** Every module's schedules; the drainers tick them (jobs/queue.server.ts startJobs, jobs/worker.ts). */
export function jobSchedules(): JobScheduleDeclaration[] {
  const handlers = jobHandlers();
  const list = modules.flatMap((m) => m.schedules ?? []);
  const unknown = list.find((s) => !handlers[s.job]);
  if (unknown) throw new Error(`Schedule names an unknown job: ${unknown.job}`);
  return list;
}

/** True while any module's data (registrations, check-ins…) still refers to the route. */
export async function routeInUse(routeId: number): Promise<boolean> {
  for (const m of modules) {
    if (m.routeInUse && (await m.routeInUse(routeId))) return true;
  }
  return false;
}
