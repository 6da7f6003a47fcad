import type { QueryInterface, Sequelize } from "sequelize";

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

export interface Migration {
  /** Globally sorted; prefix with a date and sequence: "2026112201-users-create". */
  name: string;
  up: (qi: QueryInterface, sequelize: Sequelize) => Promise<void>;
  down: (qi: QueryInterface, sequelize: Sequelize) => Promise<void>;
}

export interface SidebarEntry {
  label: string;
  to: string;
  /** Permission key from the permission table; the entry shows only when the user holds it. */
  permission: string;
  /** Spec 1 §2.3 order: lower comes first. */
  order: number;
  icon?: string;
}

export type JobHandler<T = any> = (data: T) => Promise<void>;

/**
 * What a module brings. The registry (modules/registry.ts) lists modules; db set-up, the job
 * workers, the permission table and the sidebar read it, so adding a domain touches one line there.
 */
export interface TimsModule {
  name: string;
  migrations?: Migration[];
  /** Permission key -> the user types that hold it. Grantable-only permissions list no types. */
  permissions?: Record<string, readonly UserTypeId[]>;
  sidebar?: SidebarEntry[];
  jobs?: Record<string, JobHandler>;
  /** Reference data every install gets; must be idempotent. */
  seedLookups?: () => Promise<void>;
  /** Demo data, run once into an empty database. */
  seedDemo?: () => Promise<void>;
  /** True while this module's data (e.g. registrations) refers to the route; deleting it is then refused. */
  routeInUse?: (routeId: number) => Promise<boolean>;
}
