import { isIsoDate, kathmanduDate } from "@lib/dates";
import { config } from "@lib/config.server";
import { deleteStoredFile, isStorageKey } from "@lib/files/storage.server";
import { loggerFor } from "@lib/observability/logger.server";
import { erasePersonalData, trekkersDueForErasure } from "@modules/registration/index.server";
import { forgetCardPdfs } from "@modules/cards/index.server";
import type { JobHandler } from "../contract";
import { sequelize } from "../../db/sequelize.server";

const log = loggerFor("privacy");

export const RETENTION_JOB = "privacy.retention";
/** After the overdue job (00:30) and the ledger check (00:50), Kathmandu time. */
export const RETENTION_CRON = "10 1 * * *";
export const retentionSchedule = { job: RETENTION_JOB, cron: RETENTION_CRON } as const;

const DEFAULT_BATCH = 500;

/**
 * The first exit date still kept: treks that ended `years` whole years before `today` or earlier
 * are erased. A trek ending on 2026-03-10 is kept through 2031-03-10 and erased from 2031-03-11
 * (29 February counts as 1 March in a year without one).
 */
export function retentionCutoff(today: string, years: number): string {
  const [y, m, d] = today.split("-").map(Number);
  const date = new Date(Date.UTC(y - years, m - 1, d));
  return date.toISOString().slice(0, 10);
}

export interface RetentionResult {
  cutoff: string;
  trekkers: number;
  files: number;
}

/**
 * Erases the personal data of every trekker whose trek's exit date is before the cut-off
 * (docs/decisions.md, "Personal data kept only as long as needed"): batches of `batchSize`
 * trekkers by key, each batch one transaction over the trekker rows (registration) and the card
 * PDFs' rows (cards); the stored files (photos, card PDFs) are deleted after the batch commits.
 * Nothing is held between batches (ADR 0041). A second run finds nothing left to erase.
 */
export async function runRetention(opts: { today?: string; years?: number; batchSize?: number; now?: Date } = {}): Promise<RetentionResult> {
  const years = opts.years ?? config.retentionYears;
  const today = opts.today ?? kathmanduDate();
  const cutoff = retentionCutoff(today, years);
  const batchSize = opts.batchSize ?? DEFAULT_BATCH;
  const result: RetentionResult = { cutoff, trekkers: 0, files: 0 };
  for (let after = 0; ;) {
    const due = await trekkersDueForErasure(cutoff, after, batchSize);
    if (!due.length) break;
    after = due[due.length - 1].id;
    const erasedAt = opts.now ?? new Date();
    const { erased, pdfKeys } = await sequelize.transaction(async (transaction) => ({
      erased: await erasePersonalData(
        due.map((t) => t.id),
        erasedAt,
        transaction,
      ),
      pdfKeys: await forgetCardPdfs(
        due.map((t) => t.id),
        transaction,
      ),
    }));
    result.trekkers += erased;
    // After the commit: a rolled-back batch keeps its files. A file left by a crash here is named
    // by no row any more and is no one's photo; it is removed by hand (docs/operations.md).
    for (const key of new Set([...due.map((t) => t.photoKey), ...pdfKeys])) {
      if (!isStorageKey(key)) continue;
      await deleteStoredFile(key);
      result.files++;
    }
    if (due.length < batchSize) break;
  }
  return result;
}

/** The job: `{ today?: "YYYY-MM-DD" }` lets an operator run it as of a given day; normally empty. */
export const retentionJob: JobHandler<{ today?: string } | undefined> = async (data) => {
  const today = isIsoDate(data?.today) ? data.today : undefined;
  const r = await runRetention({ today });
  log.info(`retention: ${r.trekkers} trekkers erased (treks ending before ${r.cutoff}), ${r.files} files deleted`);
};
