import type { TimsModule } from "../contract";
import { cardMigrations } from "./migrations";

export const cardsModule: TimsModule = {
  name: "cards",
  migrations: cardMigrations,
};
