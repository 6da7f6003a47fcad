// The header search's trekkers (issue 14 item 6): what each role finds by name, passport, card
// number and registration id, never outside its own rows, and where each hit leads.
import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeRegistration, makeRoute, person } from "../../tests/factories/registrations";
import { makeUser, type TestUser } from "../../tests/factories/users";
import { makeCardGenerator, trekkerIdsOf } from "../../tests/factories/cards";
import { cardNumbersOf } from "@modules/registration/index.server";
import { generateCards } from "./lifecycle.server";
import { searchTrekkersFor } from "./trekker-list-source.server";

const u = {} as Record<"ntb" | "taan" | "agency" | "other" | "checkpost" | "fit" | "generator", TestUser>;
// One surname per run, so rows other tests made never match.
const SURNAME = `Zeta${Array.from(Date.now().toString(36), (c) => String.fromCharCode(97 + (parseInt(c, 36) % 26))).join("")}`;
const made = {} as { agencyReg: number; agencyTrekker: number; cardNumber: number; otherTrekker: number; fitTrekker: number };

beforeAll(async () => {
  await prepareTestDatabase();
  const route = await makeRoute("Search Trek");
  u.ntb = await makeUser({ userType: 4 });
  u.taan = await makeUser({ userType: 6 });
  u.agency = await makeUser({ userType: 2, organizationName: "Alpha Search" });
  u.other = await makeUser({ userType: 2, organizationName: "Beta Search" });
  u.checkpost = await makeUser({ userType: 5 });
  u.fit = await makeUser({ userType: 1 });
  u.generator = await makeCardGenerator();
  // A digit always: the search takes a word without one for a name (isPassport), and a timestamp in
  // base 36 is all letters about one run in five.
  const passport = `P7${Date.now().toString(36).toUpperCase()}`;
  made.agencyReg = (await makeRegistration(u.agency, route.id, { trekkers: [person(`Anna ${SURNAME}`, { passportNumber: passport })] })).regId;
  await generateCards(u.generator, made.agencyReg, { announce: false });
  [made.agencyTrekker] = await trekkerIdsOf(made.agencyReg);
  made.cardNumber = (await cardNumbersOf(made.agencyReg))[0].cardNumber!;
  [made.otherTrekker] = await trekkerIdsOf((await makeRegistration(u.other, route.id, { trekkers: [person(`Bruno ${SURNAME}`)] })).regId);
  [made.fitTrekker] = await trekkerIdsOf((await makeRegistration(u.fit, route.id, { trekkers: [person(`Clara ${SURNAME}`)] })).regId);
  Object.assign(made, { passport });
}, 60_000);

const ids = (hits: { trekkerId: number }[]) => hits.map((h) => h.trekkerId).sort((a, b) => a - b);

describe("header search: trekkers", () => {
  it("the board and TAAN find every trekker by a name's start; an agency only its own; a free trekker only theirs", async () => {
    const all = [made.agencyTrekker, made.otherTrekker, made.fitTrekker].sort((a, b) => a - b);
    expect(ids(await searchTrekkersFor(u.ntb, `Anna ${SURNAME}`))).toEqual([made.agencyTrekker]);
    // A surname is not a name's start: searching "<first> <surname>" is how names are found.
    for (const viewer of [u.ntb, u.taan]) {
      const found = [];
      for (const first of ["Anna", "Bruno", "Clara"]) found.push(...(await searchTrekkersFor(viewer, `${first} ${SURNAME}`)));
      expect(ids(found)).toEqual(all);
    }
    expect(await searchTrekkersFor(u.agency, `Bruno ${SURNAME}`)).toEqual([]);
    expect(ids(await searchTrekkersFor(u.agency, `Anna ${SURNAME}`))).toEqual([made.agencyTrekker]);
    expect(ids(await searchTrekkersFor(u.fit, `Clara ${SURNAME}`))).toEqual([made.fitTrekker]);
    expect(await searchTrekkersFor(u.fit, `Anna ${SURNAME}`)).toEqual([]);
    expect(await searchTrekkersFor(u.checkpost, `Anna ${SURNAME}`)).toEqual([]);
  });

  it("finds by passport, card number and registration id, within the viewer's rows", async () => {
    const passport = (made as unknown as { passport: string }).passport;
    expect(ids(await searchTrekkersFor(u.ntb, passport))).toEqual([made.agencyTrekker]);
    expect(ids(await searchTrekkersFor(u.ntb, passport.toLowerCase()))).toEqual([made.agencyTrekker]);
    expect(ids(await searchTrekkersFor(u.agency, String(made.cardNumber)))).toContain(made.agencyTrekker);
    expect(ids(await searchTrekkersFor(u.agency, String(made.agencyReg)))).toContain(made.agencyTrekker);
    expect(await searchTrekkersFor(u.other, passport)).toEqual([]);
    expect(ids(await searchTrekkersFor(u.other, String(made.agencyReg)))).not.toContain(made.agencyTrekker);
    expect(await searchTrekkersFor(u.ntb, "   ")).toEqual([]);
  });

  it("each hit leads to the viewer's panel or card", async () => {
    const [board] = await searchTrekkersFor(u.ntb, `Anna ${SURNAME}`);
    expect(board).toMatchObject({ href: `/trekkers/${made.agencyTrekker}`, cardNumber: made.cardNumber, registrationId: made.agencyReg });
    const [agency] = await searchTrekkersFor(u.agency, `Anna ${SURNAME}`);
    expect(agency.href).toBe(`/trekkers/${made.agencyTrekker}`);
    const [taan] = await searchTrekkersFor(u.taan, `Anna ${SURNAME}`);
    expect(taan.href).toBe(`/tims-cards/${made.agencyTrekker}`);
    const [fit] = await searchTrekkersFor(u.fit, `Clara ${SURNAME}`);
    expect(fit.href).toBe(`/tims-cards/${made.fitTrekker}/panel`);
  });
});
