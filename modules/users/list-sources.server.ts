import { modelListSource } from "@lib/list/model-source.server";
import type { ListSource } from "@lib/list/list.server";
import { selectArrays } from "../../db/select-arrays.server";
import { agencyListWhere, agencyRequestRows, type AgencyRequestStatus } from "./agency-state.server";
import { USER_LIST_COLUMNS, namers, userListRowOf, userListWhere, type UserListRow } from "./directory.server";
import type { UsersTabInfo } from "./kinds";
import { User, type UserStatus } from "./models/user.server";

/**
 * The list kit's sources over the users table (the module owns it): the Users page per tab and
 * the agency requests. Both are ordered newest first by id (ids follow the registration date),
 * which the primary key answers for pages and keyset exports alike.
 */
const byId = (sort: { desc: boolean }) => [{ column: "id", desc: sort.desc }];

/** The Users page's tab (resolveTab has checked the viewer may see it). */
export function userListSource(tab: UsersTabInfo): ListSource<UserListRow, { username?: string; status?: string }> {
  return modelListSource({
    model: User,
    where: (f) => userListWhere({ userTypes: tab.userTypes, search: f.username, status: f.status as UserStatus | undefined }),
    keys: byId,
    cursor: (r) => [r.id],
    lookups: namers,
    // The columns a row shows (not the whole account: password hash, documents' keys, …), read
    // as arrays in one statement with the ids.
    arrays: { columns: USER_LIST_COLUMNS, row: userListRowOf, select: (sql) => selectArrays(sql) },
  });
}

export type AgencyRequestListRow = ReturnType<typeof agencyRequestRows>[number];

/** Requests > Trekking Agency: agencies by onboarding state, searched by name, e-mail or address. */
export function agencyRequestSource(): ListSource<AgencyRequestListRow, { status?: string; name?: string }> {
  return modelListSource({
    model: User,
    where: (f) => agencyListWhere({ status: f.status as AgencyRequestStatus | undefined, search: f.name }),
    keys: byId,
    cursor: (r) => [r.id],
    rows: (users) => agencyRequestRows(users),
  });
}
