import type { TimsModule } from "../contract";
import { paymentMigrations } from "./migrations";

export const paymentsModule: TimsModule = {
  name: "payments",
  migrations: paymentMigrations,
};
