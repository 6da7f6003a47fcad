import { config } from "@lib/config.server";
import { DomainError } from "@lib/errors";
import { counterKey, waitText, type CounterStore } from "@lib/rate-limit.server";
import { counterStore } from "./rate-limit-store.server";

/** Sign-in refused before the password is looked at: 429 with how long to wait. */
export class TooManySignInsError extends DomainError {
  constructor(readonly waitMs: number) {
    super(`Too many failed sign-in attempts. Please wait ${waitText(waitMs)} and try again.`, { status: 429 });
  }
}

/** A reset, verification or registration e-mail refused: 429 with how long to wait. */
export class TooManyEmailsError extends DomainError {
  constructor(readonly waitMs: number) {
    super(`Too many e-mails have been requested. Please wait ${waitText(waitMs)} and try again.`, { status: 429 });
  }
}

export interface SignInLimits {
  /** Failed attempts one client address may make per window, whatever the accounts (spraying). */
  perAddress: number;
  windowSeconds: number;
  /** Failures of one account from one address that cost nothing; each later one doubles the wait. */
  freeFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** How long one account and address pair remembers its failures. */
  pairWindowSeconds: number;
}

export const signInLimits = (): SignInLimits => ({
  perAddress: config.loginMaxFailures,
  windowSeconds: config.loginWindowSeconds,
  freeFailures: config.loginFreeFailures,
  firstDelaySeconds: 1,
  maxDelaySeconds: config.loginWindowSeconds,
  pairWindowSeconds: 24 * 60 * 60,
});

/** The wait before the next attempt once one account and address have `failures` failures: 0, …, 0, 1 s, 2 s, 4 s, … capped. */
export function signInDelayMs(failures: number, limits: SignInLimits): number {
  if (failures < limits.freeFailures) return 0;
  return Math.min(limits.maxDelaySeconds, limits.firstDelaySeconds * 2 ** (failures - limits.freeFailures)) * 1000;
}

export interface SignInAttempt {
  /** The password was right (even if the account then may not sign in): the attempt was no failure. */
  passed(): Promise<void>;
}

/**
 * Sign-in throttling by (account, client address), never by account alone: an attacker who fails
 * on someone's account from one address makes only that address wait, with a wait that doubles
 * from failure to failure, while the owner signs in from theirs. Each address also has a ceiling
 * of failures per window across all accounts, against spraying many accounts with one password.
 *
 * Every attempt is counted before the password is checked, so a burst of parallel requests cannot
 * slip past the check; an attempt whose password was right is taken back (`passed`). Attempts
 * made while told to wait count as failures too, so hammering only lengthens the wait.
 */
export function signInThrottle(store: CounterStore = counterStore(), limits: SignInLimits = signInLimits(), now: () => number = Date.now) {
  return {
    async begin(email: string, address: string): Promise<SignInAttempt> {
      const addressKey = counterKey("signin-address", address);
      const byAddress = await store.hit(addressKey, limits.windowSeconds);
      if (byAddress.count > limits.perAddress) throw new TooManySignInsError(byAddress.expiresAt - now());
      const pairKey = counterKey("signin-pair", email.trim().toLowerCase(), address);
      const pair = await store.hit(pairKey, limits.pairWindowSeconds);
      if (pair.previousAt !== null && pair.previousAt + signInDelayMs(pair.count - 1, limits) > now()) {
        // This attempt is now the latest failure: the next one waits from here.
        throw new TooManySignInsError(signInDelayMs(pair.count, limits));
      }
      return {
        async passed() {
          await Promise.all([store.delete(pairKey), store.undo(addressKey)]);
        },
      };
    },
  };
}

export interface MailLimits {
  perAddress: number;
  perRecipient: number;
  windowSeconds: number;
}

export const mailLimits = (): MailLimits => ({
  perAddress: config.mailLimitPerAddress,
  perRecipient: config.mailLimitPerRecipient,
  windowSeconds: config.mailLimitWindowSeconds,
});

/**
 * Requests that send an e-mail (reset, verification, registration, e-mail change), counted per
 * client address and per recipient whether or not the recipient has an account, so a refusal says
 * nothing about accounts. A request refused for its address does not use up the recipient's
 * allowance: one address cannot stop someone's reset e-mails.
 */
export function mailThrottle(store: CounterStore = counterStore(), limits: MailLimits = mailLimits(), now: () => number = Date.now) {
  return {
    async take(recipient: string, address: string): Promise<void> {
      const byAddress = await store.hit(counterKey("mail-address", address), limits.windowSeconds);
      if (byAddress.count > limits.perAddress) throw new TooManyEmailsError(byAddress.expiresAt - now());
      const byRecipient = await store.hit(counterKey("mail-recipient", recipient.trim().toLowerCase()), limits.windowSeconds);
      if (byRecipient.count > limits.perRecipient) throw new TooManyEmailsError(byRecipient.expiresAt - now());
    },
  };
}

/** Before sending a requested e-mail: throws TooManyEmailsError (429) past either limit. */
export function limitMailRequest(recipient: string, address: string): Promise<void> {
  return mailThrottle().take(recipient, address);
}
