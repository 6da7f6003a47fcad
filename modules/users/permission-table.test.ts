import { describe, it, expect } from "vitest";
import { ALL_USER_TYPES } from "../contract";
import { GRANTABLE, PERMISSIONS, can, isPermission, type Permission } from "../permissions";

const FREE = 1;
const AGENCY = 2;
const NTB = 4;
const CHECK = 5;
const TAAN = 6;
const ALL = [FREE, AGENCY, NTB, CHECK, TAAN];

/** Spec 1 §6 and spec 2 §6, one row per permission: the user types that must hold it. */
const SPEC_ROWS: [Permission, number[]][] = [
  ["dashboard", [NTB, TAAN]],
  ["users", [NTB, TAAN]],
  ["addUser", [NTB]],
  ["routesAdd", [NTB]],
  ["deletedTrekkers", [NTB]],
  ["trekkers", [AGENCY, NTB, CHECK, TAAN]],
  ["routes", ALL],
  ["uploadDocuments", [AGENCY]],
  ["scan", [CHECK]],
  ["billing", ALL],
  ["timsCards", [FREE]],
  ["trekkingHistory", [FREE]],
  ["requests", [NTB, TAAN]],
  ["requestsVouchers", [NTB]],
  ["requestsCardReturns", [NTB]],
  ["reports", [NTB]],
  ["registerTrek", [FREE, AGENCY, CHECK]],
  ["inbox", [AGENCY, TAAN]],
  ["location", [FREE, AGENCY, CHECK]],
  ["selfScanTrekkers", [NTB, TAAN]],
  ["chalan", [NTB]],
  ["cardsCancel", [NTB]],
  ["cardsReturnAny", [NTB]],
  ["cardsReturnDecide", [NTB]],
  ["cardsReturnDecideMembers", [TAAN]],
  ["cardsDelete", [AGENCY]],
];

describe("permission table (spec roles)", () => {
  it("lists exactly the five user types of the spec", () => {
    expect([...ALL_USER_TYPES].sort()).toEqual(ALL);
  });

  describe.each(SPEC_ROWS)("%s", (permission, holders) => {
    it.each(ALL)("user type %i", (userType) => {
      expect(can({ userType }, permission)).toBe(holders.includes(userType));
    });

    it("table row equals the spec row", () => {
      expect([...PERMISSIONS[permission]].sort()).toEqual([...holders].sort());
    });
  });

  it("notifications are shown to every role except the board", () => {
    expect(can({ userType: NTB }, "notifications")).toBe(false);
    for (const t of [FREE, AGENCY, CHECK, TAAN]) expect(can({ userType: t }, "notifications")).toBe(true);
  });

  it("only holds user types that exist", () => {
    for (const [key, types] of Object.entries(PERMISSIONS)) {
      for (const t of types as readonly number[]) expect(ALL, `${key} lists ${t}`).toContain(t);
    }
  });
});

describe("grantable permissions", () => {
  it("are exactly changeUserPassword and generateCard", () => {
    expect([...GRANTABLE].sort()).toEqual(["changeUserPassword", "generateCard"]);
  });

  it.each(["changeUserPassword", "generateCard"] as Permission[])("%s is held by no role", (permission) => {
    for (const userType of ALL) expect(can({ userType }, permission)).toBe(false);
    for (const userType of ALL) expect(can({ userType, grants: [] }, permission)).toBe(false);
  });

  it.each(["changeUserPassword", "generateCard"] as Permission[])("%s is held by a user with the grant", (permission) => {
    expect(can({ userType: NTB, grants: [permission] }, permission)).toBe(true);
    expect(can({ userType: FREE, grants: [permission] }, permission)).toBe(true);
  });

  it("a grant of one permission gives nothing else", () => {
    const user = { userType: FREE, grants: ["changeUserPassword"] };
    expect(can(user, "generateCard")).toBe(false);
    expect(can(user, "dashboard")).toBe(false);
    expect(can(user, "deletedTrekkers")).toBe(false);
    expect(can(user, "reports")).toBe(false);
    // Role permissions still work alongside the grant.
    expect(can(user, "timsCards")).toBe(true);
  });

  it("an unrelated grant does not unlock a grantable permission", () => {
    expect(can({ userType: NTB, grants: ["generateCard"] }, "changeUserPassword")).toBe(false);
    expect(can({ userType: NTB, grants: ["somethingElse"] }, "changeUserPassword")).toBe(false);
  });
});

describe("can() without a user", () => {
  it("is false for null and undefined, for every permission", () => {
    for (const key of Object.keys(PERMISSIONS) as Permission[]) {
      expect(can(null, key)).toBe(false);
      expect(can(undefined, key)).toBe(false);
    }
  });

  it("is false for an unknown user type", () => {
    expect(can({ userType: 3 }, "routes")).toBe(false);
    expect(can({ userType: 0 }, "billing")).toBe(false);
  });
});

describe("isPermission", () => {
  it("accepts table keys", () => {
    expect(isPermission("dashboard")).toBe(true);
    expect(isPermission("changeUserPassword")).toBe(true);
  });

  it("refuses unknown keys and prototype names", () => {
    expect(isPermission("nope")).toBe(false);
    expect(isPermission("toString")).toBe(false);
    expect(isPermission("__proto__")).toBe(false);
    expect(isPermission("")).toBe(false);
  });
});
