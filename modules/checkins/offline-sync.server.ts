import { counter } from "@lib/observability/metrics.server";
import { CheckinInputError, scanCardBatch, type CheckinOutcome } from "./service.server";

// The offline checkpost's scans sent back when it is online again (docs/adr/0022-offline-checkpost.md).

/** One check-in a checkpost kept offline (the scan page's IndexedDB), sent when it is back online. */
export interface OfflineScan {
  clientId: string;
  qr: string;
  method: "qr" | "photo";
  /** When the card was scanned, by the device's clock. */
  scannedAt: string;
}

export interface OfflineScanResult {
  clientId: string;
  /** recorded: new; repeat: already recorded (this clientId sent before, or the same card here within the window); refused: the card may not pass (kept as a refused scan, once); invalid: not our card. */
  outcome: CheckinOutcome["outcome"] | "invalid";
  message: string;
  fullName: string | null;
}

/** How far back a device's clock is believed: older scans are recorded at the time they arrive. */
const OFFLINE_MAX_AGE_MS = 14 * 24 * 60 * 60_000;

/** The scan's time by the device, if plausible (not in the future, not older than two weeks); else the server's. */
export function offlineScanTime(scannedAt: string, now: Date): Date {
  const at = new Date(scannedAt);
  const t = at.getTime();
  if (!Number.isFinite(t) || t > now.getTime() || t < now.getTime() - OFFLINE_MAX_AGE_MS) return now;
  return at;
}

const offlineBatches = counter({ name: "tims_offline_batches_synced_total", help: "Batches of offline scans a checkpost device sent." });
const offlineScans = counter({
  name: "tims_offline_scans_synced_total",
  help: "Offline scans received in those batches (each is also counted as a check-in).",
});

/**
 * A checkpost's offline scans, sent in one batch (docs/adr/0022-offline-checkpost.md). Each is
 * recorded as if scanned online at its own time, all in one transaction (scanCardBatch): the client id makes a
 * resent batch record nothing twice, and a card that may not pass (shown red on the device, or
 * cancelled while it was offline) comes back as refused, its sighting recorded once (ADR 0028).
 */
export async function syncOfflineScans(
  viewer: { id: number },
  scans: readonly OfflineScan[],
  opts: { ip?: string | null; now?: Date } = {},
): Promise<OfflineScanResult[]> {
  offlineBatches.inc();
  offlineScans.inc(scans.length);
  const now = opts.now ?? new Date();
  // The trekker went on while the device was offline: a card for another area is kept as an
  // off-route check-in (marked in every list), its message telling the checkpost so.
  const answers = await scanCardBatch(
    viewer,
    scans.map((scan) => ({
      input: { method: scan.method, qr: scan.qr, clientId: scan.clientId, offRoute: "record" as const },
      at: offlineScanTime(scan.scannedAt, now),
    })),
    { ip: opts.ip },
  );
  const results: OfflineScanResult[] = scans.map((scan, i) => {
    const answer = answers[i];
    if (answer instanceof CheckinInputError) return { clientId: scan.clientId, outcome: "invalid", message: answer.message, fullName: null };
    return { clientId: scan.clientId, outcome: answer.outcome, message: answer.message, fullName: answer.fullName || null };
  });
  return results;
}
