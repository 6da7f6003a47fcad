import type { QueryInterface, Sequelize } from "sequelize";
import type { Permission } from "./permissions";

/** Numeric user types of the spec (spec 1 §1). */
export const UserType = {
  FIT: 1,
  Agency: 2,
  NTB: 4,
  Checkpost: 5,
  TAAN: 6,
} as const;
export type UserTypeId = (typeof UserType)[keyof typeof UserType];
export const ALL_USER_TYPES: readonly UserTypeId[] = [1, 2, 4, 5, 6];

/**
 * A module's own permissions: key -> the user types that hold it by role. A key that lists no types
 * is grantable only (spec: "one specific account"), held through a per-user grant. Declared in the
 * module's client-safe `permissions.ts` and in its plugin; modules/permissions.ts assembles the table.
 */
export type PermissionDeclaration = Readonly<Record<string, readonly UserTypeId[]>>;

export interface Migration {
  /** Globally sorted; prefix with a date and sequence: "2026112201-users-create". */
  name: string;
  up: (qi: QueryInterface, sequelize: Sequelize) => Promise<void>;
  down: (qi: QueryInterface, sequelize: Sequelize) => Promise<void>;
}

export interface SidebarEntry {
  label: string;
  to: string;
  /** A key of the assembled permission table (a typo fails tsc); the entry shows only when the user holds it. */
  permission: Permission;
  /** Spec 1 §2.3 order: lower comes first. */
  order: number;
  icon?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a handler narrows its own payload; `unknown` would refuse every typed handler (parameters are contravariant)
export type JobHandler<T = any> = (data: T) => Promise<void>;

/** "M H * * *" (Kathmandu time) or every N minutes; see jobs/daily-cron.ts. */
export interface JobScheduleDeclaration {
  job: string;
  cron?: string;
  everyMinutes?: number;
  data?: unknown;
}

/**
 * What a module brings. The registry (modules/registry.ts) lists modules; db set-up, the job
 * workers, the permission table and the sidebar read it, so adding a domain touches one line there.
 */
export interface TimsModule {
  name: string;
  migrations?: Migration[];
  /**
   * The module's permissions (its `permissions.ts` declaration): key -> the user types that hold it;
   * grantable-only permissions list no types. The registry checks these against the assembled table.
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
