import type { Permission } from "./permissions";
import type { UserTypeId } from "./roles";
import type { JobHandler, JobScheduleDeclaration } from "../jobs/types";
import type { Migration } from "../db/types";

export { ALL_USER_TYPES, UserType, type PermissionDeclaration, type UserTypeId } from "./roles";
export type { JobHandler, JobScheduleDeclaration } from "../jobs/types";
export type { Migration } from "../db/types";

export interface SidebarEntry {
  label: string;
  to: string;
  /** A key of the assembled permission table (a typo fails tsc); the entry shows only when the user holds it. */
  permission: Permission;
  /** Spec 1 §2.3 order: lower comes first. */
  order: number;
  icon?: string;
}

/**
 * What a module brings (its plugin declaration, in plugin.server.ts). The composition root
 * (app/composition.server.ts) lists the modules and hands their migrations, jobs, schedules and seeds
 * to db/ and jobs/ at start-up; adding a domain touches one line there.
 */
export interface TimsModule {
  name: string;
  migrations?: Migration[];
  /**
   * The module's permissions (its `permissions.ts` declaration): key -> the user types that hold it;
   * grantable-only permissions list no types. The composition root's test checks these against the assembled table.
   */
  permissions?: Partial<Record<Permission, readonly UserTypeId[]>>;
  sidebar?: SidebarEntry[];
  jobs?: Record<string, JobHandler>;
  /** Jobs to run on a schedule; each occurrence runs once however many processes tick it. */
  schedules?: JobScheduleDeclaration[];
  /** Reference data every install gets; must be idempotent. */
  seedLookups?: () => Promise<void>;
  /** Demo data, run once into an empty database. */
  seedDemo?: () => Promise<void>;
  /** True while this module's data (e.g. registrations) refers to the route; deleting it is then refused. */
  routeInUse?: (routeId: number) => Promise<boolean>;
}
