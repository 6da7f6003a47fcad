import { DomainError } from "@lib/errors";

/** How many of the most common passwords are refused (issue 13; ASVS 2.1.7). */
export const COMMON_PASSWORD_COUNT = 10_000;

export const COMMON_PASSWORD_MESSAGE = "This password is one of the most common passwords and easy to guess. Please choose another one.";

let common: Promise<ReadonlySet<string>> | null = null;

/**
 * The first 10,000 entries of zxcvbn's frequency-ranked password list, from the
 * @zxcvbn-ts/language-common package installed with the app: read from disk on first use, never
 * fetched. The list is lower case.
 */
export function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORD_COUNT)));
  return common;
}

/**
 * Our composition rules make people decorate a common word ("Password1!", "P@ssw0rd"): the
 * password is compared in lower case, and also without the symbols it starts or ends with.
 */
export function commonForms(password: string): string[] {
  const lower = password.toLowerCase();
  const bare = lower.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
  return bare && bare !== lower ? [lower, bare] : [lower];
}

export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await commonPasswords();
  return commonForms(password).some((form) => list.has(form));
}

/** A refused common password: 400 with the message under the form's password field. */
export class CommonPasswordError extends DomainError {
  constructor(field: string) {
    super(COMMON_PASSWORD_MESSAGE, { status: 400, fieldErrors: { [field]: [COMMON_PASSWORD_MESSAGE] } });
  }
}

export async function assertUncommonPassword(password: string, field = "password"): Promise<void> {
  if (await isCommonPassword(password)) throw new CommonPasswordError(field);
}
