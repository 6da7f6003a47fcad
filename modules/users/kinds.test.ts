import { describe, expect, it } from "vitest";
import {
  canDeleteUser,
  canEditUser,
  canManageUser,
  canViewUser,
  detailPath,
  kindFromSegment,
  kindOf,
  parseUserStatus,
  resolveTab,
  tabOfUserType,
  visibleTabs,
} from "./kinds";

const ntb = { id: 1, userType: 4 };
const taan = { id: 2, userType: 6 };
const agency = { id: 3, userType: 2 };
const fit = { id: 4, userType: 1 };
const check = { id: 5, userType: 5 };

describe("detail paths (spec 2 §2 row click)", () => {
  it("opens each kind of account at its own URL", () => {
    expect(detailPath({ id: 7, userType: 2 })).toBe("/users/trekking-agency/7");
    expect(detailPath({ id: 7, userType: 1 })).toBe("/users/fit/7");
    expect(detailPath({ id: 7, userType: 5 })).toBe("/users/checkpost/7");
    expect(detailPath({ id: 7, userType: 4 })).toBe("/users/7");
    expect(detailPath({ id: 7, userType: 6 })).toBe("/users/7");
  });

  it("reads the kind back from the URL segment", () => {
    expect(kindFromSegment(undefined)).toBe("staff");
    expect(kindFromSegment("trekking-agency")).toBe("agency");
    expect(kindFromSegment("fit")).toBe("fit");
    expect(kindFromSegment("checkpost")).toBe("checkpost");
    expect(kindFromSegment("agency")).toBeNull();
    expect(kindOf(6)).toBe("staff");
  });
});

describe("tabs", () => {
  it("shows the NTB tab to the board only", () => {
    expect(visibleTabs(ntb).map((t) => t.id)).toEqual(["ntb", "taan", "agency", "checkpost"]);
    expect(visibleTabs(taan).map((t) => t.id)).toEqual(["taan", "agency", "checkpost"]);
    for (const u of [agency, fit, check]) expect(visibleTabs(u)).toEqual([]);
  });

  it("defaults to the first visible tab and refuses a hidden one", () => {
    expect(resolveTab(ntb, null)).toMatchObject({ id: "ntb" });
    expect(resolveTab(taan, null)).toMatchObject({ id: "taan" });
    expect(resolveTab(taan, "ntb")).toBe("forbidden");
    expect(resolveTab(taan, "bogus")).toMatchObject({ id: "taan" });
    expect(resolveTab(fit, null)).toBe("forbidden");
  });

  it("lists trekkers with the agencies", () => {
    expect(tabOfUserType(1)?.id).toBe("agency");
    expect(tabOfUserType(2)?.id).toBe("agency");
    expect(tabOfUserType(5)?.id).toBe("checkpost");
  });
});

describe("who may do what with an account", () => {
  it("lets board and TAAN view what their tabs show", () => {
    expect(canViewUser(ntb, taan)).toBe(true);
    expect(canViewUser(taan, ntb)).toBe(false);
    expect(canViewUser(taan, check)).toBe(true);
    expect(canViewUser(agency, fit)).toBe(false);
  });

  it("lets only the board change, disable or delete, and never its own account", () => {
    expect(canManageUser(ntb, check)).toBe(true);
    expect(canEditUser(ntb, agency)).toBe(true);
    expect(canManageUser(ntb, ntb)).toBe(false);
    expect(canEditUser(ntb, ntb)).toBe(false);
    expect(canManageUser(taan, check)).toBe(false);
    expect(canEditUser(taan, check)).toBe(false);
  });

  it("never offers Delete User on a checkpost's view or one's own (spec 2 §2)", () => {
    expect(canDeleteUser(ntb, agency)).toBe(true);
    expect(canDeleteUser(ntb, fit)).toBe(true);
    expect(canDeleteUser(ntb, check)).toBe(false);
    expect(canDeleteUser(ntb, ntb)).toBe(false);
    expect(canDeleteUser(taan, agency)).toBe(false);
  });
});

describe("parseUserStatus", () => {
  it("accepts the two statuses only", () => {
    expect(parseUserStatus("Active")).toBe("Active");
    expect(parseUserStatus("Disabled")).toBe("Disabled");
    expect(parseUserStatus("active")).toBeUndefined();
    expect(parseUserStatus(null)).toBeUndefined();
  });
});
