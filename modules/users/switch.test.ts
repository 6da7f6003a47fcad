import { describe, expect, it } from "vitest";
import { refusedWhileSwitched } from "./switch.server";

describe("what a board user viewing as someone else may not do", () => {
  it.each([
    "/new-register/12/payment",
    "/new-register/12/esewa/success",
    "/account-settings/password",
    "/account-settings/email",
    "/account-settings/two-factor",
    "/account-settings/sessions",
    "/change-user-password",
    "/users/trekking-agency/7/delete",
    "/users/7/password",
    "/trekkers/55/delete",
    "/cards/55/delete",
  ])("refuses %s", (path) => {
    expect(refusedWhileSwitched(path)).toBe(true);
  });

  it.each(["/notifications", "/new-register", "/new-register/12", "/trekkers/55/cancel", "/account-settings/name", "/requests/vouchers/3", "/billing"])(
    "lets %s through (audited)",
    (path) => {
      expect(refusedWhileSwitched(path)).toBe(false);
    },
  );
});
