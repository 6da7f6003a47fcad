/**
 * The composition root (ADR 0045): the one place that lists the modules and puts their plugin
 * declarations together (migrations, permissions, sidebar, jobs, schedules, seeds). Only the process
 * entries import it: the web server (app/entry.server.tsx), the worker (jobs/worker.ts), db/cli.ts,
 * scripts/* and the test set-up. They call `composeApp()`, which hands db/ its migrations and seeds and
 * jobs/ its handlers and schedules; db/ and jobs/ import no module, and no module imports this file,
 * so no import cycle passes through it.
 */
import type { JobHandler, JobScheduleDeclaration, Migration, PermissionDeclaration, SidebarEntry, TimsModule, UserTypeId } from "@modules/contract";
import { assemblePermissions, isPermission } from "@modules/permissions";
import { jobMigrations } from "../jobs/migrations";
import { registerJobs } from "../jobs/queue.server";
import { registerMigrations } from "../db/migrate.server";
import { registerSeeds, type SeedPlan, type SeedStep } from "../db/seed.server";
import { emailJobs } from "../emails/jobs.server";
import { dashboardModule } from "@modules/dashboard/index.server";
import { lookupsModule } from "@modules/lookups/index.server";
import { registrationModule } from "@modules/registration/index.server";
import { countUsers, usersModule } from "@modules/users/index.server";
import { agenciesModule } from "@modules/agencies/index.server";
import { trekRoutesModule } from "@modules/trek-routes/index.server";
import { cardsModule } from "@modules/cards/index.server";
import { paymentsModule } from "@modules/payments/index.server";
import { checkinsModule } from "@modules/checkins/index.server";
import { notificationsModule } from "@modules/notifications/index.server";
import { chalanModule } from "@modules/chalan/index.server";
import { overdueModule } from "@modules/overdue/index.server";
import { apiModule } from "@modules/api/index.server";
import { statsModule } from "@modules/stats/index.server";
import { ledgerModule } from "@modules/ledger/index.server";
import { privacyModule } from "@modules/privacy/index.server";
import { seedDemoTreks } from "./composition/demo-treks.server";

/**
 * Every domain of the app, in seeding order: a module's seeds run after those of the modules it
 * reads (the fee rules after the lookups, the demo users after the routes their checkposts name).
 */
export const modules: readonly TimsModule[] = [
  lookupsModule,
  trekRoutesModule,
  usersModule,
  agenciesModule,
  dashboardModule,
  registrationModule,
  cardsModule,
  paymentsModule,
  checkinsModule,
  notificationsModule,
  chalanModule,
  statsModule,
  overdueModule,
  apiModule,
  ledgerModule,
  privacyModule,
];

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

/** The seeding steps in their declared order: `modules` order, then the demo treks, which use them all. */
export function seedPlan(): SeedPlan {
  const steps = (pick: (m: TimsModule) => (() => Promise<void>) | undefined): SeedStep[] =>
    modules.flatMap((m) => {
      const run = pick(m);
      return run ? [{ name: m.name, run }] : [];
    });
  return {
    lookups: steps((m) => m.seedLookups),
    demo: steps((m) => m.seedDemo),
    treks: [{ name: "demo-treks", run: async () => void (await seedDemoTreks()) }],
    isEmpty: async () => (await countUsers()) === 0,
  };
}

/** Hands db/ and jobs/ what they run; every process entry calls it once before it migrates, seeds or runs jobs. */
export function composeApp(): void {
  registerMigrations(allMigrations());
  registerSeeds(seedPlan());
  registerJobs({ handlers: jobHandlers(), schedules: jobSchedules() });
}
