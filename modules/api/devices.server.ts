import { UserType } from "../contract";
import crypto from "node:crypto";
import { Op } from "sequelize";
import { conflictError, fieldError, forbiddenError, notFoundError } from "@lib/errors";
import { counterKey, waitText, type CounterStore } from "@lib/rate-limit.server";
import { writeTransaction } from "../../db/sequelize.server";
import { can, type PermissionHolder } from "@modules/permissions";
import { activeUserIdsOfType, counterStore, displayNames, findAuthUser, type AuthUser } from "@modules/users/index.server";
import { ApiError } from "./errors.server";
import { ApiDevice } from "./model.server";

/**
 * Device tokens (issue 18 item 3, ADR 0024): the board issues one per device, tied to a checkpost
 * account; the token is shown once and only its SHA-256 is kept. A request's bearer token is
 * looked up by that hash; a revoked device, or a disabled or deleted account, is refused (401).
 */

/** Accounts a device may act as: checkposts (their apps) and agencies (integrations reading their own cards). */
const DEVICE_ACCOUNT_TYPES: readonly number[] = [UserType.Checkpost, UserType.Agency];
const TOKEN_PREFIX = "tims_";
const TOKEN = /^tims_[A-Za-z0-9_-]{43}$/;

type Viewer = PermissionHolder & { id: number };

const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export interface DeviceRow {
  id: number;
  name: string;
  userId: number;
  userName: string;
  tokenPrefix: string;
  createdAt: Date;
  createdByName: string;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

function requireBoard(viewer: Viewer): void {
  if (!can(viewer, "apiDevices")) throw forbiddenError();
}

/** Every device, newest first, with the names of its account and issuer (the board's page). */
export async function listDevices(viewer: Viewer): Promise<DeviceRow[]> {
  requireBoard(viewer);
  return deviceRows(await ApiDevice.findAll({ order: [["id", "DESC"]], limit: 1000 }));
}

/** Devices as the page shows them: with their account's and issuer's names (one query for all). */
async function deviceRows(rows: ApiDevice[]): Promise<DeviceRow[]> {
  const names = await displayNames(rows.flatMap((r) => [r.userId, r.createdBy]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    userId: r.userId,
    userName: names.get(r.userId)?.name ?? "",
    tokenPrefix: r.tokenPrefix,
    createdAt: r.createdAt,
    createdByName: names.get(r.createdBy)?.name ?? "",
    lastUsedAt: r.lastUsedAt,
    revokedAt: r.revokedAt,
  }));
}

/** Issues a device token for a checkpost (or agency) account; the token is returned this once, never stored. */
export async function issueDevice(viewer: Viewer, input: { name: string; userId: number }): Promise<{ id: number; token: string }> {
  requireBoard(viewer);
  const user = await findAuthUser(input.userId);
  if (!user || user.status !== "Active" || !DEVICE_ACCOUNT_TYPES.includes(user.userType))
    throw fieldError("userId", "Choose an active checkpost or agency account");
  const token = TOKEN_PREFIX + crypto.randomBytes(32).toString("base64url");
  const row = await ApiDevice.create({
    name: input.name.trim().slice(0, 100),
    userId: user.id,
    tokenHash: hashOf(token),
    tokenPrefix: token.slice(0, 12),
    createdBy: viewer.id,
    lastUsedAt: null,
    revokedAt: null,
    revokedBy: null,
  });
  return { id: row.id, token };
}

/** The device a revoke dialog confirms (404 for an unknown id). */
export async function deviceForRevoke(viewer: Viewer, id: number): Promise<DeviceRow> {
  requireBoard(viewer);
  const row = await ApiDevice.findByPk(id);
  if (!row) throw notFoundError();
  return (await deviceRows([row]))[0];
}

/** Revokes a device: its token is refused from now on. Revoking twice is a 409. */
export async function revokeDevice(viewer: Viewer, id: number, now = new Date()): Promise<void> {
  requireBoard(viewer);
  await writeTransaction(async (transaction) => {
    const row = await ApiDevice.findByPk(id, { transaction });
    if (!row) throw notFoundError();
    const [changed] = await ApiDevice.update({ revokedAt: now, revokedBy: viewer.id }, { where: { id, revokedAt: { [Op.is]: null } }, transaction });
    if (changed !== 1) throw conflictError("This device was already revoked.");
  });
}

export interface ApiLimits {
  /** Requests per device per window. */
  perDevice: number;
  /** Refused tokens per client address per window. */
  badTokensPerAddress: number;
  windowSeconds: number;
}

const fromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export const apiLimits = (): ApiLimits => ({
  perDevice: fromEnv("API_REQUESTS_PER_MINUTE", 120),
  badTokensPerAddress: fromEnv("API_BAD_TOKENS_PER_MINUTE", 20),
  windowSeconds: 60,
});

export interface ApiCaller {
  deviceId: number;
  user: AuthUser;
}

/**
 * The caller of an API request: the device its bearer token names and the account it acts as.
 * 401 for a missing, unknown or revoked token or an account no longer active; 429 past the
 * device's rate or, for refused tokens, the address's (counted like the sign-in throttle).
 */
export async function authenticate(
  request: Request,
  address: string,
  opts: { store?: CounterStore; limits?: ApiLimits; now?: () => number } = {},
): Promise<ApiCaller> {
  const store = opts.store ?? counterStore();
  const limits = opts.limits ?? apiLimits();
  const now = opts.now ?? Date.now;
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const refuse = async (message: string): Promise<never> => {
    const hit = await store.hit(counterKey("api-bad-token", address), limits.windowSeconds);
    if (hit.count > limits.badTokensPerAddress) throw tooMany(hit.expiresAt - now());
    throw new ApiError(401, message);
  };
  if (!match) return refuse("A bearer token is required: Authorization: Bearer <device token>.");
  const token = match[1];
  const device = TOKEN.test(token) ? await ApiDevice.findOne({ where: { tokenHash: hashOf(token) } }) : null;
  if (!device) return refuse("The token is not valid.");
  if (device.revokedAt) return refuse("The token was revoked.");
  const user = await findAuthUser(device.userId);
  if (!user || user.status !== "Active") return refuse("The token's account is not active.");
  const hit = await store.hit(counterKey("api-device", String(device.id)), limits.windowSeconds);
  if (hit.count > limits.perDevice) throw tooMany(hit.expiresAt - now());
  // At most one write a minute per device for "last used".
  if (!device.lastUsedAt || now() - device.lastUsedAt.getTime() > 60_000) {
    await ApiDevice.update({ lastUsedAt: new Date(now()) }, { where: { id: device.id } });
  }
  return { deviceId: device.id, user };
}

function tooMany(waitMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ApiError(429, `Too many requests. Try again in ${waitText(waitMs)}.`, undefined, { "Retry-After": String(seconds) });
}

/** The active accounts a token may be tied to, checkposts first, by name (the issue form's choices). */
export async function checkpostChoices(viewer: Viewer): Promise<{ value: string; label: string }[]> {
  requireBoard(viewer);
  const choices: { value: string; label: string }[] = [];
  for (const [type, kind] of [
    [UserType.Checkpost, "Checkpost"],
    [UserType.Agency, "Agency"],
  ] as const) {
    const ids = await activeUserIdsOfType(type);
    const names = await displayNames(ids);
    choices.push(
      ...ids.map((id) => ({ value: String(id), label: `${names.get(id)?.name ?? `#${id}`} (${kind})` })).sort((a, b) => a.label.localeCompare(b.label)),
    );
  }
  return choices;
}
