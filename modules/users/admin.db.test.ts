import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { listRouteChoices, type RouteChoice } from "@modules/trek-routes/index.server";
import {
  addUser,
  adminChangeEmail,
  adminRename,
  adminSetPassword,
  changePasswordByUsername,
  CheckpointNotOnRouteError,
  deleteUser,
  disableUser,
  enableUser,
  NotCheckpostError,
  SelfActionError,
  UnknownUsernameError,
  updateCheckpostInfo,
} from "./admin.server";
import { getUserProfile, listUsers } from "./directory.server";
import { createUser, DuplicateEmailError, findUserByEmail, grantPermission, LoginError, verifyLogin, type NewUser } from "./service.server";
import { findAuthUser } from "./signed-in.server";
import { UserGrant } from "./models/user.server";

const PASSWORD = "Valid#Pass1";
let seq = 0;
const email = (tag: string) => `${tag}.${++seq}@admin.test`;
const newUser = (over: Partial<NewUser> = {}): NewUser => ({
  userType: 6,
  email: email("user"),
  password: PASSWORD,
  fullName: "Tashi Lama",
  emailVerified: true,
  ...over,
});

let board: { id: number };
let routes: RouteChoice[];

beforeAll(async () => {
  await prepareTestDatabase({ demo: true });
  board = await createUser(newUser({ userType: 4, fullName: "Board Admin" }));
  routes = await listRouteChoices();
});

const place = () => ({
  provinceId: 4,
  localGovernmentInfo: "Chame Rural Municipality",
  wardNo: "1",
  routeId: routes[0].id,
  checkpointId: routes[0].checkpoints[1].id,
});

describe("addUser", () => {
  it("creates staff who can sign in at once", async () => {
    const mail = email("taan");
    const { id } = await addUser({ userType: 6, fullName: "Tashi Lama", email: mail, password: PASSWORD, confirmPassword: PASSWORD });
    expect((await verifyLogin(mail, PASSWORD)).id).toBe(id);
  });

  it("creates a checkpost user at a checkpoint of the chosen route", async () => {
    const mail = email("check");
    const { id } = await addUser({ userType: 5, fullName: "Chame Post", email: mail, password: PASSWORD, confirmPassword: PASSWORD, ...place() });
    expect(await getUserProfile(id)).toMatchObject({
      kind: "checkpost",
      provinceName: "Gandaki",
      routeName: routes[0].name,
      checkpointName: routes[0].checkpoints[1].name,
      wardNo: "1",
    });
  });

  it("refuses a checkpoint of another route, a taken e-mail and self-registering types", async () => {
    const other = routes[1].checkpoints[0].id;
    const input = { userType: 5, fullName: "Post", email: email("wrong"), password: PASSWORD, confirmPassword: PASSWORD, ...place(), checkpointId: other };
    await expect(addUser(input)).rejects.toBeInstanceOf(CheckpointNotOnRouteError);
    expect(await findUserByEmail(input.email)).toBeNull();
    await expect(addUser({ ...input, userType: 6, email: "ntb@tims.test" })).rejects.toBeInstanceOf(DuplicateEmailError);
    await expect(addUser({ ...input, userType: 2 })).rejects.toThrow();
  });
});

describe("listUsers", () => {
  it("filters by user types, search text and status, newest first, with paging", async () => {
    const tag = `zeta${seq}`;
    const a = await createUser(newUser({ fullName: "Zeta One", email: `${tag}.a@admin.test` }));
    const b = await createUser(newUser({ fullName: "Zeta Two", email: `${tag}.b@admin.test`, status: "Disabled" }));
    await createUser(newUser({ userType: 4, fullName: "Zeta Board", email: `${tag}.c@admin.test` }));
    const all = await listUsers({ userTypes: [6], search: tag, offset: 0, limit: 50 });
    expect(all.total).toBe(2);
    expect(all.rows.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(all.rows[1]).toMatchObject({ fullName: "Zeta One", status: "Active", href: `/users/${a.id}` });
    expect((await listUsers({ userTypes: [6], search: tag, status: "Disabled", offset: 0, limit: 50 })).rows.map((r) => r.id)).toEqual([b.id]);
    const page = await listUsers({ userTypes: [6], search: tag, offset: 1, limit: 1 });
    expect(page).toMatchObject({ total: 2, rows: [{ id: a.id }] });
  });

  it("treats % and _ in the search as plain text", async () => {
    expect((await listUsers({ userTypes: [1, 2, 4, 5, 6], search: "%", offset: 0, limit: 5 })).total).toBe(0);
  });

  it("names agencies, trekkers' countries and checkposts' places, with their detail links", async () => {
    const rows = (await listUsers({ userTypes: [1, 2], search: "tims.test", offset: 0, limit: 50 })).rows;
    expect(rows.find((r) => r.email === "agency@tims.test")).toMatchObject({
      agencyName: "Himalayan Trails",
      href: expect.stringMatching(/^\/users\/trekking-agency\/\d+$/),
    });
    expect(rows.find((r) => r.email === "fit@tims.test")).toMatchObject({ countryName: "Germany", href: expect.stringMatching(/^\/users\/fit\/\d+$/) });
  });
});

describe("status and deletion", () => {
  it("disables with a reason (ending sessions), then enables", async () => {
    const user = await createUser(newUser());
    await disableUser(board.id, user.id, "Left the association");
    expect(await findAuthUser(user.id)).toMatchObject({ status: "Disabled", sessionVersion: 2 });
    await expect(verifyLogin(user.email, PASSWORD)).rejects.toMatchObject({ code: "disabled" });
    expect((await getUserProfile(user.id))!.statusRemarks).toBe("Left the association");
    await enableUser(board.id, user.id);
    expect((await verifyLogin(user.email, PASSWORD)).status).toBe("Active");
    expect((await getUserProfile(user.id))!.statusRemarks).toBeNull();
  });

  it("never acts on the acting user's own account", async () => {
    await expect(disableUser(board.id, board.id, "Oops")).rejects.toBeInstanceOf(SelfActionError);
    await expect(enableUser(board.id, board.id)).rejects.toBeInstanceOf(SelfActionError);
    await expect(deleteUser(board.id, board.id)).rejects.toBeInstanceOf(SelfActionError);
    await expect(adminSetPassword(board.id, board.id, PASSWORD)).rejects.toBeInstanceOf(SelfActionError);
    expect((await findAuthUser(board.id))!.status).toBe("Active");
  });

  it("deletes softly: no sign-in, no list, grants gone, address free again", async () => {
    const user = await createUser(newUser({ userType: 4, email: email("gone") }));
    await grantPermission(user.id, "generateCard");
    await deleteUser(board.id, user.id);
    expect(await findAuthUser(user.id)).toBeNull();
    expect(await getUserProfile(user.id)).toBeNull();
    await expect(verifyLogin(user.email, PASSWORD)).rejects.toBeInstanceOf(LoginError);
    expect((await listUsers({ userTypes: [4], search: user.email, offset: 0, limit: 5 })).total).toBe(0);
    expect(await UserGrant.count({ where: { userId: user.id } })).toBe(0);
    const again = await createUser(newUser({ email: user.email }));
    expect(again.id).not.toBe(user.id);
  });
});

describe("the board's edits of another account", () => {
  it("renames, changes the e-mail at once and sets a password that ends sessions", async () => {
    const user = await createUser(newUser({ emailVerified: false }));
    await adminRename(board.id, user.id, "Dawa Sherpa");
    const next = email("next");
    await adminChangeEmail(board.id, user.id, next.toUpperCase());
    await expect(adminChangeEmail(board.id, user.id, "ntb@tims.test")).rejects.toBeInstanceOf(DuplicateEmailError);
    await adminSetPassword(board.id, user.id, "Fresh#Pass9");
    expect(await findAuthUser(user.id)).toMatchObject({ fullName: "Dawa Sherpa", email: next, emailVerified: true, sessionVersion: 2 });
    expect((await verifyLogin(next, "Fresh#Pass9")).id).toBe(user.id);
  });

  it("updates a checkpost's place, checking the checkpoint against the route", async () => {
    const { id } = await addUser({ userType: 5, fullName: "Post", email: email("post"), password: PASSWORD, confirmPassword: PASSWORD, ...place() });
    const moved = {
      fullName: "Namche Post",
      provinceId: 1,
      localGovernmentInfo: "Khumbu",
      wardNo: "5",
      routeId: routes[1].id,
      checkpointId: routes[1].checkpoints[0].id,
    };
    await expect(updateCheckpostInfo(board.id, id, { ...moved, checkpointId: routes[0].checkpoints[0].id })).rejects.toBeInstanceOf(CheckpointNotOnRouteError);
    await updateCheckpostInfo(board.id, id, moved);
    expect(await getUserProfile(id)).toMatchObject({
      fullName: "Namche Post",
      provinceName: "Koshi",
      routeName: routes[1].name,
      checkpointName: routes[1].checkpoints[0].name,
    });
    const staff = await createUser(newUser());
    await expect(updateCheckpostInfo(board.id, staff.id, moved)).rejects.toBeInstanceOf(NotCheckpostError);
  });

  it("changes a password by username, never one's own", async () => {
    const user = await createUser(newUser({ email: email("byname") }));
    await changePasswordByUsername(board.id, user.email, "ByName#Pass1");
    expect((await verifyLogin(user.email, "ByName#Pass1")).sessionVersion).toBe(2);
    await expect(changePasswordByUsername(board.id, "nobody@admin.test", PASSWORD)).rejects.toBeInstanceOf(UnknownUsernameError);
    const self = (await findAuthUser(board.id))!;
    await expect(changePasswordByUsername(board.id, self.email, PASSWORD)).rejects.toBeInstanceOf(SelfActionError);
  });
});
