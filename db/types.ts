import type { QueryInterface, Sequelize } from "sequelize";

export interface Migration {
  /** Globally sorted; prefix with a date and sequence: "2026112201-users-create". */
  name: string;
  up: (qi: QueryInterface, sequelize: Sequelize) => Promise<void>;
  down: (qi: QueryInterface, sequelize: Sequelize) => Promise<void>;
}

/** One step of seeding: `name` says which in errors and logs; steps run in the order given. */
export interface SeedStep {
  name: string;
  run: () => Promise<void>;
}
