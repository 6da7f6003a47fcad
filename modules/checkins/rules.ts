/**
 * What a scanned or typed card means at a checkpoint (spec 2 §2, §5, §8), as pure rules the
 * server applies and pages may show. A card is good on the trail while it is Upcoming or Active,
 * from its entry date to its exit date (Nepal dates); anything else is shown in red with why.
 */

export const CHECKIN_MESSAGES = {
  invalidQr: "Invalid QR Code",
  scanned: "Scanned Successfully",
  wrongPair: "Please enter the correct card and passport number",
  selfDone: "You are successfully checked in.",
  selfOutDone: "You are successfully checked out.",
  selfAlready: (at: string) => `You were already recorded here at ${at} (Nepal time); nothing new was recorded.`,
  autoCheckedIn: "Auto Checked In",
  otherAccount: "This scan was already sent by another account; nothing was recorded.",
  noCheckpoint: "Your account has no checkpoint. Ask the Nepal Tourism Board to set one before scanning.",
  offRoute: (routeName: string, place: string) =>
    `This card is for ${routeName}, a trekking area this checkpoint (${place}) is not on. Nothing is recorded yet: record it as an off-route check-in, or refuse it.`,
  offRouteRecorded: (routeName: string) => `Recorded as an off-route check-in (the card is for ${routeName}).`,
  offRouteRefused: (routeName: string) => `Refused at this checkpoint: the card is for ${routeName}.`,
} as const;

export interface CardOnTrail {
  status: string;
  deleted: boolean;
  entryDate: string;
  exitDate: string;
}

/** Why a genuine card may not be checked in today, or null when it may. */
export function cardProblem(card: CardOnTrail, today: string): string | null {
  if (card.deleted) return "This card's trekker record was deleted.";
  switch (card.status) {
    case "Cancelled":
      return "This card was cancelled.";
    case "Returned":
      return "This card was returned and is no longer valid.";
    case "Completed":
    case "Missed":
    case "Accomplished":
      return `This trek has ended (card status ${card.status}).`;
    case "Upcoming":
    case "Active":
      break;
    default:
      return `This card has not been issued (status ${card.status}).`;
  }
  // Shown as every date on screen is (yyyy/MM/dd); compared as stored (YYYY-MM-DD).
  if (today < card.entryDate) return `This card is not valid yet: the trek starts on ${shownDate(card.entryDate)}.`;
  if (today > card.exitDate) return `This card is past its exit date (${shownDate(card.exitDate)}).`;
  return null;
}

/** A repeated scan of one card at one checkpoint within this many minutes records nothing new. */
export const DEFAULT_REPEAT_WINDOW_MINUTES = 30;

/** The spec's scanner delay between camera reads (spec 2 §9). */
export const SCANNER_DELAY_MS = 1000;

/** A stored YYYY-MM-DD date as the screens show dates (spec: yyyy/MM/dd). */
const shownDate = (isoDate: string) => isoDate.replace(/-/g, "/");
