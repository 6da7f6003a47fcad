// Chalan pushes for tests, through the chalan module's public entry.
import "../setup/compose";
import { CHALAN_MESSAGES } from "@modules/chalan";
import { startPush } from "@modules/chalan/index.server";

/**
 * Starts a push of [startDate, endDate] (the e2e server's job runner sends it to its simulator);
 * waits while another push holds the one active slot.
 */
export async function startChalanPush(startDate: string, endDate = startDate, userId: number | null = null): Promise<number> {
  for (let tries = 0; ; tries++) {
    try {
      return await startPush({ startDate, endDate, userId });
    } catch (error) {
      if (tries > 120 || (error as Error).message !== CHALAN_MESSAGES.running) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/**
 * Moves cards' issue instant to noon (Nepal) of `day`: a scenario gets a day of its own, so
 * cards other tests issue today never join its chalan. Test data only: the app never rewrites it.
 */
export async function backdateCards(trekkerIds: readonly number[], day: string): Promise<void> {
  const { sequelize } = await import("../../db/sequelize.server");
  await sequelize.query("UPDATE trekkers SET issuedAt = :at WHERE id IN (:ids)", {
    replacements: { at: new Date(`${day}T12:00:00+05:45`), ids: [...trekkerIds] },
  });
}
