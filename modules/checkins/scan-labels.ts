// How a scan row reads in the lists and on the trekker's pages. Apart from rules.ts (the checkpoint's
// rules, for the server and the scanner), so a page that only shows scans loads none of those.

export const METHOD_LABELS = { qr: "QR scan", photo: "QR photo", typed: "Card and passport", self: "Auto Checked In" } as const;

/**
 * A scan row's check: in, out, or the refusal a refused card's sighting records instead (ADR 0028);
 * a check-in at a checkpoint off the card's route says so (issue 26).
 */
export function checkLabel(r: { direction: "in" | "out"; refusedReason: string | null; offRoute?: boolean }): string {
  if (r.refusedReason) return `Refused: ${r.refusedReason}`;
  const check = checkDirection(r);
  return r.offRoute ? `${check} (off route)` : check;
}

/** "Check in" or "Check out": the part of checkLabel a page translates as one text. */
export const checkDirection = (r: { direction: "in" | "out" }) => (r.direction === "out" ? "Check out" : "Check in");
