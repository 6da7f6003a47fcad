import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { inDays } from "../../tests/factories/dates";
import { person as trekker } from "../../tests/factories/registrations";
import { makeUser } from "../../tests/factories/users";
import { createRoute, deleteRoute, RouteInUseError, setRouteStatus } from "@modules/trek-routes/index.server";
import { routeInUse } from "~/composition.server";
import {
  addTrekker,
  createRegistration,
  getRegistration,
  listHistory,
  lockPrice,
  NotAllowedError,
  RegistrationError,
  removeTrekker,
  updateInsurance,
} from "./service.server";
import type { TrekkerInput } from "./schemas";
import { FeeRule, Registration } from "./models/registration.server";

const person = (over: Partial<TrekkerInput> = {}) => trekker("Anna Keller", { gender: 2, dob: "1990-01-01", email: "a@x.test", passportNumber: "P1", ...over });
let routeId = 0;
const user = async (userType = 1) => {
  const u = await makeUser({ userType, fullName: "Reg User" });
  return { id: u.id, userType, grants: [] as string[] };
};
const trek = () => ({ routeId, entryDate: inDays(3), exitDate: inDays(9), entryPoint: "Besisahar", exitPoint: "Jomsom" });

beforeAll(async () => {
  await prepareTestDatabase();
  routeId = await createRoute({
    name: `Reg Route ${Date.now()}`,
    provinceId: 4,
    startPoint: "Besisahar",
    endPoint: "Jomsom",
    checkpoints: [{ name: "Chame" }],
    description: "<p>x</p>",
  });
});

describe("registrations", () => {
  it("locks the price when payment starts; later fee changes do not alter it", async () => {
    const fit = await user(1);
    const id = await createRegistration(fit, trek(), person(), "k");
    expect(await lockPrice(id, fit)).toBe(2000_00);
    await FeeRule.update({ amountPaisa: 9999_00 }, { where: { regionId: 2, userType: null } });
    try {
      expect((await getRegistration(id, fit))!.totalPaisa).toBe(2000_00);
      expect(await lockPrice(id, fit)).toBe(2000_00);
      await addTrekker(id, fit, person({ fullName: "Late" }), "k");
      // Changing the trekkers re-prices the whole registration at the fees of the day.
      expect((await getRegistration(id, fit))!.totalPaisa).toBe(9999_00 * 2);
    } finally {
      await FeeRule.update({ amountPaisa: 2000_00 }, { where: { regionId: 2, userType: null } });
    }
  });

  it("prices by region and trekker type and keeps rows private to their owner", async () => {
    const fit = await user(1);
    const id = await createRegistration(fit, trek(), person(), "trekker-photos/2026-11/00000000000000000000000000000000.jpg");
    await addTrekker(id, fit, person({ fullName: "Child", trekkerType: 5, dob: inDays(-365 * 5) }), "k");
    await addTrekker(id, fit, person({ fullName: "Ravi", nationality: 356 }), "k");
    const view = (await getRegistration(id, fit))!;
    expect(view.status).toBe("Payment Pending");
    expect(view.trekkers.map((t) => t.amountPaisa)).toEqual([2000_00, 0, 1000_00]);
    expect(view.totalPaisa).toBe(3000_00);
    const stranger = await user(1);
    expect(await getRegistration(id, stranger)).toBeNull();
    await expect(updateInsurance(id, view.trekkers[0].id, stranger, { insuranceCompany: null, policyNumber: null, policyType: "X" })).rejects.toBeInstanceOf(
      Response,
    );
    const board = { id: 0, userType: 4, grants: [] };
    expect((await getRegistration(id, board))?.id).toBe(id);
    expect((await listHistory(fit.id, { offset: 0, limit: 10 })).total).toBe(3);
    expect((await listHistory(stranger.id, { offset: 0, limit: 10 })).total).toBe(0);
  });

  it("refuses points off the route and a disabled route", async () => {
    const fit = await user(1);
    await expect(createRegistration(fit, { ...trek(), entryPoint: "Lukla" }, person(), "k")).rejects.toMatchObject({ field: "entryPoint" });
    const other = await createRoute({ name: `Closed ${Date.now()}`, provinceId: 1, startPoint: "A", endPoint: "B", checkpoints: [], description: "<p>x</p>" });
    await setRouteStatus(other, "Disable");
    await expect(createRegistration(fit, { ...trek(), routeId: other, entryPoint: "A", exitPoint: "B" }, person(), "k")).rejects.toBeInstanceOf(
      RegistrationError,
    );
  });

  it("keeps the last trekker, locks paid registrations, and blocks deleting a used route", async () => {
    const fit = await user(1);
    const id = await createRegistration(fit, trek(), person(), "k");
    const [only] = (await getRegistration(id, fit))!.trekkers;
    await expect(removeTrekker(id, only.id, fit)).rejects.toBeInstanceOf(RegistrationError);
    await Registration.update({ status: "Active" }, { where: { id } });
    await expect(updateInsurance(id, only.id, fit, { insuranceCompany: null, policyNumber: null, policyType: "Y" })).rejects.toBeInstanceOf(NotAllowedError);
    await expect(deleteRoute(routeId, routeInUse)).rejects.toBeInstanceOf(RouteInUseError);
  });
});
