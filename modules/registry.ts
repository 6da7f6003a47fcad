import type { JobHandler, Migration, SidebarEntry, TimsModule } from "./contract";
import { emailJobs } from "../emails/jobs.server";
import { dashboardModule } from "./dashboard";
import { lookupsModule } from "./lookups";
import { registrationModule } from "./registration";
import { usersModule } from "./users";
import { agenciesModule } from "./agencies";
import { trekRoutesModule } from "./trek-routes";
import { cardsModule } from "./cards";
import { paymentsModule } from "./payments";

/** Every domain of the app. db set-up, job workers and the sidebar read this list. */
export const modules: readonly TimsModule[] = [lookupsModule, trekRoutesModule, usersModule, agenciesModule, dashboardModule, registrationModule, cardsModule, paymentsModule];

export function allMigrations(): Migration[] {
  const list = modules.flatMap((m) => m.migrations ?? []);
  const names = new Set<string>();
  for (const m of list) {
    if (names.has(m.name)) throw new Error(`Duplicate migration name ${m.name}`);
    names.add(m.name);
  }
  return list.sort((a, b) => a.name.localeCompare(b.name));
}

export function sidebarEntries(): SidebarEntry[] {
  return modules.flatMap((m) => m.sidebar ?? []).sort((a, b) => a.order - b.order);
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
