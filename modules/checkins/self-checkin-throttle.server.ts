import { DomainError } from "@lib/errors";
import { counterKey, waitText, type CounterStore } from "@lib/rate-limit.server";
import { counterStore } from "@modules/users/index.server";

/**
 * Self check-in is public and answers whether a card number and a passport belong together, so
 * it is an oracle to guess with. Every check from one client address is counted here (counted
 * outside the process, in Redis or the database, like the sign-in throttle); wrong passports per
 * card number are limited at every door alike (passport-guesses.server.ts).
 */
export class TooManySelfCheckinsError extends DomainError {
  constructor(readonly waitMs: number) {
    super(`Too many attempts. Please wait ${waitText(waitMs)} and try again.`, { status: 429 });
  }
}

export interface SelfCheckinLimits {
  perAddress: number;
  windowSeconds: number;
}

const fromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export const selfCheckinLimits = (): SelfCheckinLimits => ({
  perAddress: fromEnv("SELF_CHECKIN_PER_ADDRESS", 30),
  windowSeconds: fromEnv("SELF_CHECKIN_WINDOW_SECONDS", 3600),
});

export function selfCheckinThrottle(store: CounterStore = counterStore(), limits: SelfCheckinLimits = selfCheckinLimits(), now: () => number = Date.now) {
  return {
    /** Before a check: counts it for the address; refuses when the address is over its limit. */
    async take(address: string): Promise<void> {
      const byAddress = await store.hit(counterKey("self-checkin-address", address), limits.windowSeconds);
      if (byAddress.count > limits.perAddress) throw new TooManySelfCheckinsError(byAddress.expiresAt - now());
    },
  };
}
