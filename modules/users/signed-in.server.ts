import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/sequelize.server";
import { keyOf, plausible, toRecord, type SessionRecord, type SessionRow } from "./sessions.server";
import { toAuthUser, type AuthUser, type AuthUserColumns } from "./service.server";
import { twoFactorSetupDue } from "./two-factor";

/** A user as a signed-in request needs them: who they are, their grants, and whether two-factor setup is due. */
export interface SignedInUser {
  user: AuthUser;
  /** Staff the board requires to use two-factor sign-in who have not set it up yet. */
  twoFactorDue: boolean;
}

/** What a session token stands for, read in one statement (docs/adr/0048-request-context.md). */
export interface SignedInSession {
  session: SessionRecord;
  /** The session's user; null when the account is gone (deleted). Active or not is the guard's rule. */
  user: SignedInUser | null;
  /** The switch this session is in (board users viewing the app as someone else), if one is on. */
  switch: { realUserId: number; actingUserId: number } | null;
}

// The user's columns with their grants (one text, comma-separated: permission names have no
// comma), whether they enrolled a second factor, and the board's two-factor requirement. Plain SQL
// both SQLite and MariaDB run; `u` is the users row.
const USER_COLUMNS = `u.id, u.userType, u.email, u.fullName, u.organizationName, u.contactNo, u.contactAddress, u.userImage,
  u.status, u.emailVerified, u.isDocumentUploaded, u.isVerified, u.isApproved, u.sessionVersion, u.language,
  (SELECT GROUP_CONCAT(g.permission) FROM user_grants g WHERE g.userId = u.id) AS grantList,
  EXISTS (SELECT 1 FROM user_two_factor t WHERE t.userId = u.id) AS twoFactorEnrolled,
  (SELECT c.requireStaffTwoFactor FROM security_settings c WHERE c.id = 1) AS staffTwoFactorRequired`;

type UserRow = AuthUserColumns & { grantList: string | null; twoFactorEnrolled: number | boolean; staffTwoFactorRequired: number | boolean | null };

function toSignedInUser(row: UserRow): SignedInUser {
  const grants = row.grantList ? row.grantList.split(",").sort() : [];
  const user = toAuthUser({ ...row, id: Number(row.id), userType: Number(row.userType), sessionVersion: Number(row.sessionVersion) }, grants);
  return { user, twoFactorDue: twoFactorSetupDue(user, Boolean(row.twoFactorEnrolled), Boolean(row.staffTwoFactorRequired)) };
}

/**
 * The session a token names with its user and its open switch, in one statement: every signed-in
 * request starts here, so this is the fixed cost of a page. Deleted users (paranoid rows) are not
 * joined, as Sequelize's own reads skip them.
 */
export async function readSignedInSession(token: string | undefined | null): Promise<SignedInSession | null> {
  if (!plausible(token)) return null;
  const [row] = await sequelize.query<
    UserRow & { [K in keyof SessionRow as `s_${K}`]: SessionRow[K] } & { w_realUserId: number | null; w_actingUserId: number | null }
  >(
    `SELECT s.userId AS s_userId, s.version AS s_version, s.issuedAt AS s_issuedAt, s.lastSeenAt AS s_lastSeenAt, s.expiresAt AS s_expiresAt,
       s.remember AS s_remember, s.userAgent AS s_userAgent, w.realUserId AS w_realUserId, w.actingUserId AS w_actingUserId, ${USER_COLUMNS}
     FROM sessions s
     LEFT JOIN users u ON u.id = s.userId AND u.deletedAt IS NULL
     LEFT JOIN user_switches w ON w.id = (SELECT MAX(x.id) FROM user_switches x WHERE x.sessionKey = s.id AND x.endedAt IS NULL)
     WHERE s.id = ?`,
    { replacements: [keyOf(token)], type: QueryTypes.SELECT },
  );
  if (!row) return null;
  const session = toRecord({
    userId: row.s_userId,
    version: row.s_version,
    issuedAt: row.s_issuedAt,
    lastSeenAt: row.s_lastSeenAt,
    expiresAt: row.s_expiresAt,
    remember: row.s_remember,
    userAgent: row.s_userAgent,
  });
  const open =
    row.w_realUserId === null || row.w_actingUserId === null ? null : { realUserId: Number(row.w_realUserId), actingUserId: Number(row.w_actingUserId) };
  return { session, user: row.id === null ? null : toSignedInUser(row), switch: open };
}

/** A user (not deleted) with their grants and two-factor state, in one statement. */
export async function readSignedInUser(id: number): Promise<SignedInUser | null> {
  const [row] = await sequelize.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = ? AND u.deletedAt IS NULL`, {
    replacements: [id],
    type: QueryTypes.SELECT,
  });
  return row ? toSignedInUser(row) : null;
}

export async function findAuthUser(id: number): Promise<AuthUser | null> {
  return (await readSignedInUser(id))?.user ?? null;
}
