import crypto from "node:crypto";
import { promisify } from "node:util";
import { config } from "../../app/utils/config.server";

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const KEY_LENGTH = 64;

/** scrypt: slow and memory-hard, built into Node, so no native dependency to compile. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const N = config.passwordCost;
  const hash = await scrypt(password, salt, KEY_LENGTH, { N, r: 8, p: 1, maxmem: 256 * N * 8 });
  return `scrypt$${N}$8$1$${salt.toString("base64")}$${hash.toString("base64")}`;
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
