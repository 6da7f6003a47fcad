import { DomainError } from "@lib/errors";
import { counterKey, waitText, type CounterStore } from "@lib/rate-limit.server";
import { counterStore } from "@modules/users/index.server";

/**
 * Wrong passport numbers per card number, one limit for every door that takes a typed pair: the
 * checkpost's typed scan (/scan), the device API (`POST /api/v1/checkins`) and self check-in
 * (/location). A card number and a passport number that belong together are what passes a typed
 * check-in, so each door is an oracle to guess with; the count is per card number whatever the
 * door, account or address, so guesses spread over doors and devices add up. Once a card has
 * `wrongPerCard` wrong passports in the window, even the right one waits for the window's end
 * (a right answer after many wrong ones proves nothing). A QR scan checks a signature, not a
 * passport, and is never held: that is what the message tells staff to do meanwhile. The offline
 * sync batch (/scan/sync) carries QR scans only.
 */
export class TooManyWrongPassportsError extends DomainError {
  constructor(
    readonly waitMs: number,
    door: PassportDoor,
  ) {
    const wait = waitText(waitMs);
    super(
      door === "self"
        ? `Too many wrong passport numbers for this card. Please wait ${wait} and try again with the passport number as on your TIMS card, or check in at a checkpost.`
        : `Too many wrong passport numbers for this card. Scan the card's QR code instead, or check the passport and try again in ${wait}.`,
      { status: 429 },
    );
  }

  /** Whole seconds to wait, for a Retry-After header. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.waitMs / 1000));
  }
}

/** Who typed the pair: checkpost staff (scan page or device) or the trekker (self check-in). */
export type PassportDoor = "staff" | "self";

export interface PassportGuessLimits {
  wrongPerCard: number;
  windowSeconds: number;
}

const fromEnv = (names: string[], fallback: number) => {
  for (const name of names) {
    const value = Number(process.env[name]);
    if (Number.isFinite(value) && value > 0) return value;
  }
  return fallback;
};

/** 5 per card per hour, as /location had; the SELF_CHECKIN_* names still work. */
export const passportGuessLimits = (): PassportGuessLimits => ({
  wrongPerCard: fromEnv(["WRONG_PASSPORTS_PER_CARD", "SELF_CHECKIN_WRONG_PER_CARD"], 5),
  windowSeconds: fromEnv(["WRONG_PASSPORTS_WINDOW_SECONDS", "SELF_CHECKIN_WINDOW_SECONDS"], 3600),
});

export interface PassportGuessLimiter {
  /** Refuses (429) while the card has used up its wrong passports. */
  check(cardNumber: number, door: PassportDoor): Promise<void>;
  /** One more wrong passport against the card. */
  wrong(cardNumber: number): Promise<void>;
}

export function passportGuessLimiter(
  store: CounterStore = counterStore(),
  limits: PassportGuessLimits = passportGuessLimits(),
  now: () => number = Date.now,
): PassportGuessLimiter {
  const key = (cardNumber: number) => counterKey("passport-wrong", String(cardNumber));
  return {
    async check(cardNumber, door) {
      const wrong = await store.get(key(cardNumber));
      if (wrong && wrong.count >= limits.wrongPerCard) throw new TooManyWrongPassportsError(wrong.expiresAt - now(), door);
    },
    async wrong(cardNumber) {
      await store.hit(key(cardNumber), limits.windowSeconds);
    },
  };
}
