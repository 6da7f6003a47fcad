import crypto from "node:crypto";
import { DataTypes, Model, Op, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../../db/sequelize.server";
import { displayNames } from "./names.server";
import { User } from "./models/user.server";

class UserSwitch extends Model<InferAttributes<UserSwitch>, InferCreationAttributes<UserSwitch>> {
  declare id: CreationOptional<number>;
  declare sessionKey: string;
  declare realUserId: number;
  declare actingUserId: number;
  declare startedAt: Date;
  declare endedAt: CreationOptional<Date | null>;
}
UserSwitch.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    sessionKey: { type: DataTypes.STRING(64), allowNull: false },
    realUserId: { type: DataTypes.INTEGER, allowNull: false },
    actingUserId: { type: DataTypes.INTEGER, allowNull: false },
    startedAt: { type: DataTypes.DATE, allowNull: false },
    endedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "user_switches", timestamps: false },
);

class SwitchAudit extends Model<InferAttributes<SwitchAudit>, InferCreationAttributes<SwitchAudit>> {
  declare id: CreationOptional<number>;
  declare realUserId: number;
  declare actingUserId: number;
  declare action: string;
  declare path: string;
  declare createdAt: CreationOptional<Date>;
}
SwitchAudit.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    realUserId: { type: DataTypes.INTEGER, allowNull: false },
    actingUserId: { type: DataTypes.INTEGER, allowNull: false },
    action: { type: DataTypes.STRING(20), allowNull: false },
    path: { type: DataTypes.STRING(300), allowNull: false },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "switch_audit", updatedAt: false },
);

const keyOf = (sessionId: string) => crypto.createHash("sha256").update(sessionId).digest("hex");

export class SwitchRefusedError extends Error {}

/**
 * The board user (real) views the app as `targetId` in this session only. Refused: oneself, an
 * unknown, disabled or deleted account, another board account (a switch never gains rights).
 */
export async function startSwitch(sessionId: string, real: { id: number; userType: number }, targetId: number): Promise<{ fullName: string }> {
  if (real.userType !== 4) throw new SwitchRefusedError("Only the board can switch user.");
  if (targetId === real.id) throw new SwitchRefusedError("You are already signed in as this user.");
  const target = await User.findByPk(targetId, { attributes: ["id", "fullName", "organizationName", "userType", "status"] });
  if (!target || target.status !== "Active") throw new SwitchRefusedError("This user cannot be opened: the account is disabled or does not exist.");
  if (target.userType === 4) throw new SwitchRefusedError("Another board account cannot be opened this way.");
  const sessionKey = keyOf(sessionId);
  const now = new Date();
  await UserSwitch.update({ endedAt: now }, { where: { sessionKey, endedAt: { [Op.is]: null } } });
  await UserSwitch.create({ sessionKey, realUserId: real.id, actingUserId: target.id, startedAt: now });
  await SwitchAudit.create({ realUserId: real.id, actingUserId: target.id, action: "switch", path: "/switch-user" });
  return { fullName: target.organizationName || target.fullName };
}

/** The session's switch, if one is on: read once per request for board users only. */
export async function activeSwitch(sessionId: string | undefined): Promise<{ realUserId: number; actingUserId: number } | null> {
  if (!sessionId) return null;
  const row = await UserSwitch.findOne({
    where: { sessionKey: keyOf(sessionId), endedAt: { [Op.is]: null } },
    order: [["id", "DESC"]],
    attributes: ["realUserId", "actingUserId"],
  });
  return row ? { realUserId: row.realUserId, actingUserId: row.actingUserId } : null;
}

/** Back to one's own account (the banner's link, or sign-out). */
export async function endSwitch(sessionId: string | undefined): Promise<boolean> {
  if (!sessionId) return false;
  const active = await activeSwitch(sessionId);
  const [ended] = await UserSwitch.update({ endedAt: new Date() }, { where: { sessionKey: keyOf(sessionId), endedAt: { [Op.is]: null } } });
  if (active && ended) await SwitchAudit.create({ realUserId: active.realUserId, actingUserId: active.actingUserId, action: "return", path: "/switch-user" });
  return ended > 0;
}

/** Every change asked for while switched, with both users (the board reads these on /switch-user). */
export async function recordSwitchedAction(realUserId: number, actingUserId: number, action: string, path: string): Promise<void> {
  await SwitchAudit.create({ realUserId, actingUserId, action: action.slice(0, 20), path: path.slice(0, 300) });
}

export interface SwitchAuditRow {
  id: number;
  at: Date;
  realUser: string;
  actingUser: string;
  action: string;
  path: string;
}

export async function listSwitchAudit(q: { offset: number; limit: number }): Promise<{ rows: SwitchAuditRow[]; total: number }> {
  const { rows, count } = await SwitchAudit.findAndCountAll({ order: [["id", "DESC"]], offset: q.offset, limit: q.limit });
  const names = await displayNames(rows.flatMap((r) => [r.realUserId, r.actingUserId]));
  return {
    rows: rows.map((r) => ({
      id: r.id,
      at: r.createdAt,
      realUser: names.get(r.realUserId)?.name ?? `#${r.realUserId}`,
      actingUser: names.get(r.actingUserId)?.name ?? `#${r.actingUserId}`,
      action: r.action,
      path: r.path,
    })),
    total: count,
  };
}

/**
 * What may not be done while viewing as someone else (issue 17, item 5): paying, the other
 * user's password, e-mail, two-factor and sessions, and deleting anything. Paths of the actions
 * (POST); everything else goes through and is audited.
 */
const REFUSED_WHILE_SWITCHED: readonly RegExp[] = [
  /^\/new-register\/[^/]+\/payment\/?$/,
  /^\/new-register\/[^/]+\/[^/]+\/[^/]+\/?$/,
  /^\/account-settings\/(password|email|two-factor|sessions)\/?$/,
  /^\/change-user-password\/?$/,
  /^\/users\/.*\/(password|email|delete)\/?$/,
  /^\/(trekkers|cards)\/\d+\/delete\/?$/,
];

export function refusedWhileSwitched(pathname: string): boolean {
  return REFUSED_WHILE_SWITCHED.some((re) => re.test(pathname));
}

/** The refusal's words: what is refused, and whose account the board user is really in (issue 26). */
export function switchRefusedMessage(realUser: { fullName: string; email: string }): string {
  return `Not allowed while viewing as another user. You are signed in as ${realUser.fullName} (${realUser.email}): return to your account first.`;
}
