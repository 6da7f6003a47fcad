import { UniqueConstraintError, literal } from "sequelize";
import { userWordsCondition } from "./search-words.server";
import { User, UserGrant } from "./models/user.server";
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from "./password.server";
import { assertUncommonPassword } from "./common-passwords.server";
import { GRANTABLE, type Permission } from "../permissions";
import { DomainError } from "@lib/errors";

/** What the rest of the app knows about the signed-in user (spec 1 §3 session data). */
export interface AuthUser {
  id: number;
  userType: number;
  email: string;
  fullName: string;
  organizationName: string | null;
  contactNo: string | null;
  contactAddress: string | null;
  userImage: string | null;
  status: "Active" | "Disabled";
  emailVerified: boolean;
  isDocumentUploaded: boolean;
  isVerified: boolean | null;
  isApproved: boolean;
  sessionVersion: number;
  grants: string[];
  /** The language chosen in the header, null until chosen (lib/i18n resolves the page's). */
  language: string | null;
}

/** The users columns an AuthUser is made of (a model, or a raw row with booleans as 0/1). */
export type AuthUserColumns = Pick<
  User,
  "id" | "userType" | "email" | "fullName" | "organizationName" | "contactNo" | "contactAddress" | "userImage" | "status" | "sessionVersion" | "language"
> & {
  [K in "emailVerified" | "isDocumentUploaded" | "isApproved"]: boolean | number;
} & { isVerified: boolean | number | null };

export function toAuthUser(user: AuthUserColumns, grants: string[]): AuthUser {
  return {
    id: user.id,
    userType: user.userType,
    email: user.email,
    fullName: user.fullName,
    organizationName: user.organizationName ?? null,
    contactNo: user.contactNo ?? null,
    contactAddress: user.contactAddress ?? null,
    userImage: user.userImage ?? null,
    status: user.status,
    emailVerified: Boolean(user.emailVerified),
    isDocumentUploaded: Boolean(user.isDocumentUploaded),
    isVerified: user.isVerified === null || user.isVerified === undefined ? null : Boolean(user.isVerified),
    isApproved: Boolean(user.isApproved),
    sessionVersion: user.sessionVersion,
    grants,
    language: user.language ?? null,
  };
}

async function grantsOf(userId: number): Promise<string[]> {
  const rows = await UserGrant.findAll({ where: { userId }, attributes: ["permission"] });
  return rows.map((r) => r.permission);
}

/** Remembers the language a user chose in the header; `language` is checked by the caller (lib/i18n). */
export async function setUserLanguage(userId: number, language: string): Promise<void> {
  await User.update({ language }, { where: { id: userId } });
}

export async function findUserByEmail(email: string): Promise<User | null> {
  return User.findOne({ where: { email: email.trim().toLowerCase() } });
}

export async function countUsers(): Promise<number> {
  return User.count();
}

export const LOGIN_MESSAGES = {
  invalid: "Invalid email or password.",
  unverified: "We are sorry to inform you that your email has not been verified yet. Please verify your email to continue.",
  disabled: "Your account has been disabled. Please contact the Nepal Tourism Board.",
} as const;

export type LoginFailure = keyof typeof LOGIN_MESSAGES;

/** A refused sign-in (400); `code` tells the login page whether to offer "resend verification". */
export class LoginError extends DomainError {
  constructor(public readonly code: LoginFailure) {
    super(LOGIN_MESSAGES[code], { status: 400 });
  }
}

/**
 * Checks credentials. The password is verified before the account's state is revealed, so an
 * attacker without the password learns nothing about whether an account is unverified or disabled.
 */
export async function verifyLogin(email: string, password: string): Promise<AuthUser> {
  const user = await findUserByEmail(email);
  if (!user) {
    await burnPasswordCheck(password);
    throw new LoginError("invalid");
  }
  if (!(await verifyPassword(password, user.passwordHash))) throw new LoginError("invalid");
  if (user.status === "Disabled") throw new LoginError("disabled");
  if (!user.emailVerified) throw new LoginError("unverified");
  // The one moment the plain password is at hand: a hash made at an older, lower cost is redone
  // at today's. Sessions stay (nothing about the password changed).
  if (needsRehash(user.passwordHash)) await user.update({ passwordHash: await hashPassword(password) });
  return toAuthUser(user, await grantsOf(user.id));
}

export interface NewUser {
  userType: number;
  email: string;
  password: string;
  fullName: string;
  organizationName?: string | null;
  panNumber?: string | null;
  contactPerson?: string | null;
  contactNo?: string | null;
  contactAddress?: string | null;
  countryId?: number | null;
  provinceId?: number | null;
  localGovernmentInfo?: string | null;
  wardNo?: string | null;
  routeId?: number | null;
  checkpointId?: number | null;
  emailVerified?: boolean;
  isDocumentUploaded?: boolean;
  isVerified?: boolean | null;
  isApproved?: boolean;
  status?: "Active" | "Disabled";
}

/** The address belongs to another account: a field error under Email (400). */
export class DuplicateEmailError extends DomainError {
  constructor() {
    super("This email is already registered.", { status: 400, fieldErrors: { email: ["This email is already registered."] } });
  }
}

export async function createUser(input: NewUser): Promise<User> {
  const email = input.email.trim().toLowerCase();
  if (await User.findOne({ where: { email }, attributes: ["id"] })) throw new DuplicateEmailError();
  const { password, ...rest } = input;
  await assertUncommonPassword(password);
  try {
    return await User.create({ ...rest, email, passwordHash: await hashPassword(password) });
  } catch (error) {
    // Two sign-ups racing past the check above meet the unique index.
    if (error instanceof UniqueConstraintError) throw new DuplicateEmailError();
    throw error;
  }
}

export async function grantPermission(userId: number, permission: Permission): Promise<void> {
  if (!GRANTABLE.includes(permission)) throw new Error(`${permission} is held by role, not granted`);
  await UserGrant.findOrCreate({ where: { userId, permission } });
}

export async function markEmailVerified(userId: number): Promise<boolean> {
  const [count] = await User.update({ emailVerified: true }, { where: { id: userId } });
  return count > 0;
}

export async function countUsersByType(): Promise<Map<number, number>> {
  const rows = (await User.count({ group: ["userType"] })) as unknown as { userType: number; count: number }[];
  return new Map(rows.map((r) => [Number(r.userType), Number(r.count)]));
}

export interface UserSearchRow {
  id: number;
  fullName: string;
  email: string;
  userType: number;
  status: string;
}

/** Words of the name, organisation or e-mail begin with the text's words (search-words.server.ts); capped, for the header search. */
export async function searchUsers(text: string, limit = 20): Promise<UserSearchRow[]> {
  const words = userWordsCondition(text);
  if (!words) return [];
  const rows = await User.findAll({
    where: literal(words),
    attributes: ["id", "fullName", "email", "userType", "status"],
    order: [["fullName", "ASC"]],
    limit,
  });
  return rows.map((r) => ({ id: r.id, fullName: r.fullName, email: r.email, userType: r.userType, status: r.status }));
}

/** A checkpost account's place: the route and checkpoint it records check-ins at (null if unset). */
export async function checkpostPlaceOf(userId: number): Promise<{ routeId: number; checkpointId: number } | null> {
  const user = await User.findByPk(userId, { attributes: ["id", "userType", "routeId", "checkpointId"] });
  if (!user || user.userType !== 5 || !user.routeId || !user.checkpointId) return null;
  return { routeId: user.routeId, checkpointId: user.checkpointId };
}
