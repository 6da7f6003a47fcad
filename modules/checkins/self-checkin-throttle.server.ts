import { DomainError } from "@lib/errors";
import { counterKey, waitText, type CounterStore } from "@lib/rate-limit.server";
import { counterStore } from "@modules/users/index.server";

/**
 * Self check-in is public and answers whether a card number and a passport belong together, so
 * it is an oracle to guess with. Two limits, counted outside the process (Redis or the database,
 * like the sign-in throttle): every check from one client address, and wrong pairs per card
 * number, so guessing one card's passport stops after a few tries from anywhere.
 */
export class TooManySelfCheckinsError extends DomainError {
  constructor(readonly waitMs: number) {
    super(`Too many attempts. Please wait ${waitText(waitMs)} and try again.`, { status: 429 });
  }
}

export interface SelfCheckinLimits {
  perAddress: number;
  wrongPerCard: number;
  windowSeconds: number;
}

const fromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export const selfCheckinLimits = (): SelfCheckinLimits => ({
  perAddress: fromEnv("SELF_CHECKIN_PER_ADDRESS", 30),
  wrongPerCard: fromEnv("SELF_CHECKIN_WRONG_PER_CARD", 5),
  windowSeconds: fromEnv("SELF_CHECKIN_WINDOW_SECONDS", 3600),
});

export function selfCheckinThrottle(store: CounterStore = counterStore(), limits: SelfCheckinLimits = selfCheckinLimits(), now: () => number = Date.now) {
  const cardKey = (cardNumber: number) => counterKey("self-checkin-card", String(cardNumber));
  return {
    /** Before a check: counts it for the address; refuses when the address or the card is over its limit. */
    async take(address: string, cardNumber: number): Promise<void> {
      const byAddress = await store.hit(counterKey("self-checkin-address", address), limits.windowSeconds);
      if (byAddress.count > limits.perAddress) throw new TooManySelfCheckinsError(byAddress.expiresAt - now());
      const wrong = await store.get(cardKey(cardNumber));
      if (wrong && wrong.count >= limits.wrongPerCard) throw new TooManySelfCheckinsError(wrong.expiresAt - now());
    },
    /** After a wrong pair: one more against the card number. */
    async wrongPair(cardNumber: number): Promise<void> {
      await store.hit(cardKey(cardNumber), limits.windowSeconds);
    },
  };
}
