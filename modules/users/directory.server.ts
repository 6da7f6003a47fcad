import { Op, literal, type WhereOptions } from "sequelize";
import { userWordsCondition } from "./search-words.server";
import { selectArrays, utcDate } from "../../db/select-arrays.server";
import { cachedFor } from "@lib/cached-for.server";
import { config } from "@lib/config.server";
import { PROVINCES } from "@modules/lookups";
import { listCountries } from "@modules/lookups/index.server";
import { listRouteChoices } from "@modules/trek-routes/index.server";
import { detailPath, kindOf, type UserKind } from "./kinds";
import { User, type UserStatus } from "./models/user.server";

/** A row of the users list (spec 2 §3 "Users list row"). Dates travel as ISO strings. */
export interface UserListRow {
  id: number;
  userType: number;
  fullName: string;
  email: string;
  registerDate: string;
  status: UserStatus;
  remarks: string | null;
  agencyName: string | null;
  contactAddress: string | null;
  countryName: string | null;
  routeName: string | null;
  checkpostName: string | null;
  href: string;
}

export interface UserListQuery {
  userTypes: readonly number[];
  /** Name, organisation or e-mail contains it (the spec's `username` search). */
  search?: string;
  status?: UserStatus;
}

export async function namers() {
  const [countries, routes] = await Promise.all([listCountries(), listRouteChoices()]);
  const countryById = new Map(countries.map((c) => [Number(c.id), c.name]));
  const routeById = new Map(routes.map((r) => [r.id, r]));
  return {
    country: (id: number | null | undefined) => (id ? (countryById.get(Number(id)) ?? null) : null),
    route: (id: number | null | undefined) => (id ? (routeById.get(Number(id))?.name ?? null) : null),
    checkpoint: (routeId: number | null | undefined, id: number | null | undefined) =>
      routeId && id ? (routeById.get(Number(routeId))?.checkpoints.find((c) => c.id === Number(id))?.name ?? null) : null,
  };
}

/** The users list's WHERE (tab's user types, status, search). */
export function userListWhere(q: UserListQuery): WhereOptions<User> {
  const where: WhereOptions<User>[] = [{ userType: { [Op.in]: [...q.userTypes] } }];
  if (q.status) where.push({ status: q.status });
  const text = q.search?.trim();
  if (text) {
    // Words of the name, organisation or e-mail, through their index (search-words.server.ts).
    const words = userWordsCondition(text);
    where.push(words ? literal(words) : literal("1 = 0"));
  }
  return { [Op.and]: where };
}

/** User rows as the list shows them, with country, route and checkpost names. */
export async function userListRows(users: User[]): Promise<UserListRow[]> {
  const name = await namers();
  return users.map((u) => toUserListRow(u, name));
}

type Names = Awaited<ReturnType<typeof namers>>;
type ListedUser = Pick<
  User,
  | "id"
  | "userType"
  | "fullName"
  | "email"
  | "createdAt"
  | "status"
  | "statusRemarks"
  | "organizationName"
  | "contactAddress"
  | "countryId"
  | "routeId"
  | "checkpointId"
>;

/** The users table's columns the list shows, in the order `userListRowOf` reads them. */
export const USER_LIST_COLUMNS = [
  "id",
  "userType",
  "fullName",
  "email",
  "createdAt",
  "status",
  "statusRemarks",
  "organizationName",
  "contactAddress",
  "countryId",
  "routeId",
  "checkpointId",
] as const;

/** A list row from the values of USER_LIST_COLUMNS (the list's one statement, read as arrays). */
export function userListRowOf(values: unknown[], name: Names): UserListRow {
  const user = Object.fromEntries(USER_LIST_COLUMNS.map((column, i) => [column, values[i]])) as unknown as ListedUser;
  return toUserListRow({ ...user, id: Number(user.id), userType: Number(user.userType), createdAt: utcDate(user.createdAt) ?? new Date(0) }, name);
}

function toUserListRow(u: ListedUser, name: Names): UserListRow {
  return {
    id: u.id,
    userType: u.userType,
    fullName: u.fullName,
    email: u.email,
    registerDate: new Date(u.createdAt).toISOString(),
    status: u.status,
    remarks: u.statusRemarks ?? null,
    agencyName: u.organizationName ?? null,
    contactAddress: u.contactAddress ?? null,
    countryName: name.country(u.countryId),
    routeName: name.route(u.routeId),
    checkpostName: name.checkpoint(u.routeId, u.checkpointId),
    href: detailPath(u),
  };
}

/** One page of users, newest first, with the total. */
export async function listUsers(q: UserListQuery & { offset: number; limit: number }): Promise<{ rows: UserListRow[]; total: number }> {
  const { rows, count } = await User.findAndCountAll({ where: userListWhere(q), order: [["id", "DESC"]], offset: q.offset, limit: q.limit });
  return { total: count, rows: await userListRows(rows) };
}

/** Everything the account views show (spec 2 §2 "User account views"). */
export interface UserProfile {
  id: number;
  userType: number;
  kind: UserKind;
  fullName: string;
  email: string;
  status: UserStatus;
  statusRemarks: string | null;
  registerDate: string;
  organizationName: string | null;
  panNumber: string | null;
  contactPerson: string | null;
  contactNo: string | null;
  contactAddress: string | null;
  countryName: string | null;
  provinceId: number | null;
  provinceName: string | null;
  localGovernmentInfo: string | null;
  wardNo: string | null;
  routeId: number | null;
  routeName: string | null;
  checkpointId: number | null;
  checkpointName: string | null;
  hasPhoto: boolean;
}

export async function getUserProfile(id: number): Promise<UserProfile | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [u, name] = await Promise.all([User.findByPk(id), namers()]);
  if (!u) return null;
  const provinceId = u.provinceId ? Number(u.provinceId) : null;
  return {
    id: u.id,
    userType: u.userType,
    kind: kindOf(u.userType),
    fullName: u.fullName,
    email: u.email,
    status: u.status,
    statusRemarks: u.statusRemarks ?? null,
    registerDate: new Date(u.createdAt).toISOString(),
    organizationName: u.organizationName ?? null,
    panNumber: u.panNumber ?? null,
    contactPerson: u.contactPerson ?? null,
    contactNo: u.contactNo ?? null,
    contactAddress: u.contactAddress ?? null,
    countryName: name.country(u.countryId),
    provinceId,
    provinceName: PROVINCES.find((p) => p.id === provinceId)?.name ?? null,
    localGovernmentInfo: u.localGovernmentInfo ?? null,
    wardNo: u.wardNo ?? null,
    routeId: u.routeId ? Number(u.routeId) : null,
    routeName: name.route(u.routeId),
    checkpointId: u.checkpointId ? Number(u.checkpointId) : null,
    checkpointName: name.checkpoint(u.routeId, u.checkpointId),
    hasPhoto: Boolean(u.userImage),
  };
}

/** Agencies for the lists' Agency filter (spec 2 §7 filter/agencyUser), by name. */
export const agencyChoices = cachedFor(
  () => config.filterChoicesSeconds * 1000,
  async (): Promise<{ id: number; name: string }[]> => {
    // Read for every board list page's filter form: one statement, rows as arrays, kept a while.
    const rows = await selectArrays("SELECT id, fullName, organizationName FROM users WHERE userType = 2 AND deletedAt IS NULL ORDER BY organizationName, id");
    return rows.map((u) => ({ id: Number(u[0]), name: (u[2] as string | null) || String(u[1]) }));
  },
);
// A write to users through the model in this process shows in the choices at once (ADR 0033).
for (const hook of [
  "afterSave",
  "afterDestroy",
  "afterRestore",
  "afterBulkCreate",
  "afterBulkUpdate",
  "afterBulkDestroy",
  "afterBulkRestore",
  "afterUpsert",
] as const) {
  User.addHook(hook, "forgetAgencyChoices", () => agencyChoices.forget());
}
