import crypto from "node:crypto";
import { promisify } from "node:util";
import { config } from "@lib/config.server";

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const KEY_LENGTH = 64;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

/**
 * scrypt: slow and memory-hard, built into Node, so no native dependency to compile. The stored
 * form carries its parameters (`scrypt$N$r$p$salt$hash`), so a hash made under an older, lower
 * cost still verifies and is upgraded at the next sign-in (needsRehash).
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const N = config.passwordCost;
  const hash = await scrypt(password, salt, KEY_LENGTH, { N, r: BLOCK_SIZE, p: PARALLELISM, maxmem: 256 * N * BLOCK_SIZE });
  return `scrypt$${N}$${BLOCK_SIZE}$${PARALLELISM}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

/** Whether a stored hash was made with weaker parameters than today's (or is not ours at all). */
export function needsRehash(stored: string): boolean {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return true;
  const [, n, r, p, , hash] = parts;
  return Number(n) < config.passwordCost || Number(r) < BLOCK_SIZE || Number(p) < PARALLELISM || Buffer.from(hash, "base64").length < KEY_LENGTH;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, n, r, p, salt, expected] = parts;
  const N = Number(n);
  const expectedBuf = Buffer.from(expected, "base64");
  const actual = await scrypt(password, Buffer.from(salt, "base64"), expectedBuf.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r),
  });
  return crypto.timingSafeEqual(actual, expectedBuf);
}

let dummyHash: Promise<string> | null = null;
/** Spends the same time as a real check when the e-mail is unknown, so timing reveals nothing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password-1A!");
  await verifyPassword(password, await dummyHash);
}
