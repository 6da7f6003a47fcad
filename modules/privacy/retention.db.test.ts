// The retention rule (issue 31 item 5) on fixed dates: a trek whose exit date is more than the
// rule's years ago loses its trekkers' personal data (fields, follower, photo and card PDF files)
// and keeps its card, bill, check-ins and statistics; a trek one day inside the rule keeps all;
// a second run erases nothing more; the ledger check is clean before and after.
import fs from "node:fs";
import path from "node:path";
import { QueryTypes } from "sequelize";
import { beforeAll, describe, expect, it } from "vitest";
import { config } from "@lib/config.server";
import { storeFile } from "@lib/files/storage.server";
import { sequelize } from "../../db/sequelize.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeTrail } from "../../tests/factories/checkins";
import { paidBill } from "../../tests/factories/payments";
import { person, trek } from "../../tests/factories/registrations";
import { makeUser, type TestUser } from "../../tests/factories/users";
import { makePng } from "../../tests/factories/images";
import { scanCard } from "@modules/checkins/index.server";
import { signQrPayload } from "@modules/cards/index.server";
import { setFollower, trekkerDetails } from "@modules/registration/index.server";
import { runLedgerCheck } from "@modules/ledger/index.server";
import { jobHandlers, jobSchedules } from "~/composition.server";
import { RETENTION_JOB, retentionCutoff, runRetention } from "./index.server";

const TODAY = "2047-03-11";
const rows = <T extends object>(sql: string, replacements: unknown[] = []) => sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
const fileOf = (key: string) => path.join(config.filesDir, key);
const violations = async () => (await runLedgerCheck()).filter((r) => r.violations).map((r) => `${r.name}: ${r.violations}`);

const full = (name: string, passport: string) =>
  person(name, {
    passportNumber: passport,
    email: `${passport.toLowerCase()}@mail.test`,
    dob: "1985-07-23",
    city: "Hamburg",
    visaNumber: `V${passport}`,
    visaIssueDate: "2041-12-01",
    visaExpiryDate: "2042-12-01",
    nepalContactPerson: "Ram",
    nepalOrganization: "Hotel Yak",
    nepalMobile: "9800000000",
    nepalAddress: "Thamel",
    homeContactPerson: "Eva",
    homeCity: "Kiel",
    homeMobile: "+49 170 000",
    homeAddress: "Hafenstr. 1",
    insuranceCompany: "Alp Insure",
    policyNumber: "POL-1",
    guideName: "Pemba",
    guideLicense: "GL-9",
    guideContact: "9811111111",
  });

let owner: TestUser;
const d = {} as {
  old: { regId: number; trekkerIds: number[]; photo: string; pdf: string; billId: number };
  inside: { regId: number; trekkerIds: number[]; photo: string; pdf: string };
  statsBefore: unknown[];
};

async function paidTrek(routeId: number, exit: string, passport: string) {
  const photo = await storeFile("trekker-photos", makePng(), "png");
  const bill = await paidBill(routeId, {
    payer: owner,
    trekkers: [full("Old Walker", `${passport}1`), full("Old Friend", `${passport}2`)],
    trek: { ...trek(routeId), entryDate: "2042-03-01", exitDate: exit },
    photoKey: photo,
  });
  const trekkerIds = (await rows<{ id: number }>("SELECT id FROM trekkers WHERE registrationId = ? ORDER BY id", [bill.regId])).map((r) => Number(r.id));
  // A rendered card PDF, as the cards module records it (rendering needs the browser; the row and file are what matter here).
  const pdf = await storeFile("card-pdfs", new TextEncoder().encode("%PDF-1.4\n%%EOF\n"), "pdf");
  await sequelize.query("INSERT INTO card_pdfs (trekkerId, fileKey, status, renderedAt, createdAt, updatedAt) VALUES (?, ?, 'ready', ?, ?, ?)", {
    replacements: [trekkerIds[0], pdf, new Date(), new Date(), new Date()],
  });
  await setFollower(owner, trekkerIds[0], "family@mail.test");
  return { regId: bill.regId, trekkerIds, photo, pdf, billId: bill.billId };
}

beforeAll(async () => {
  await prepareTestDatabase();
  owner = await makeUser({ userType: 1, fullName: "Free Walker" });
  const { route, checkpost } = await makeTrail(0);
  // The rule is 5 years: on 2047-03-11 a trek that ended 2042-03-10 is past it, one that ended 2042-03-11 is not.
  d.old = await paidTrek(route.id, "2042-03-10", "OLD");
  d.inside = await paidTrek(route.id, "2042-03-11", "IN");
  for (const t of [...d.old.trekkerIds, ...d.inside.trekkerIds]) {
    const regId = d.old.trekkerIds.includes(t) ? d.old.regId : d.inside.regId;
    const out = await scanCard(
      checkpost,
      { qr: signQrPayload({ trekkerId: t, registrationId: regId }), method: "qr" },
      { today: "2042-03-02", now: new Date("2042-03-02T04:00:00Z") },
    );
    expect(out.outcome).not.toBe("refused");
  }
  d.statsBefore = await rows("SELECT * FROM daily_stats ORDER BY day, metric");
  // Migrating a fresh MariaDB database takes most of this on a busy machine.
}, 120_000);

const trekkerRow = async (id: number) => (await rows<Record<string, unknown>>("SELECT * FROM trekkers WHERE id = ?", [id]))[0];

describe("the retention job", () => {
  it("is a registered daily job", () => {
    expect(jobHandlers()[RETENTION_JOB]).toBeTypeOf("function");
    expect(jobSchedules().find((s) => s.job === RETENTION_JOB)?.cron).toMatch(/^\d+ \d+ \* \* \*$/);
    expect(retentionCutoff(TODAY, 5)).toBe("2042-03-11");
  });

  it("starts from a clean ledger", async () => {
    expect(await violations()).toEqual([]);
  });

  it("erases the old trek's personal data and files, and nothing of the trek one day inside the rule", async () => {
    const insideBefore = await Promise.all(d.inside.trekkerIds.map(trekkerRow));
    const oldBefore = await Promise.all(d.old.trekkerIds.map(trekkerRow));
    const now = new Date("2047-03-11T01:10:00Z");
    const result = await runRetention({ today: TODAY, years: 5, now, batchSize: 1 });
    expect(result).toEqual({ cutoff: "2042-03-11", trekkers: 2, files: 3 }); // one photo per trekker's batch of one (shared by both), one PDF

    for (const [i, id] of d.old.trekkerIds.entries()) {
      const t = await trekkerRow(id);
      expect({
        photoKey: t.photoKey,
        dob: String(t.dob instanceof Date ? t.dob.toISOString() : t.dob).slice(0, 10),
        email: t.email,
        passportNumber: t.passportNumber,
        city: t.city,
        visaNumber: t.visaNumber,
        visaIssueDate: t.visaIssueDate,
        visaExpiryDate: t.visaExpiryDate,
        nepalContactPerson: t.nepalContactPerson,
        nepalOrganization: t.nepalOrganization,
        nepalMobile: t.nepalMobile,
        nepalAddress: t.nepalAddress,
        homeContactPerson: t.homeContactPerson,
        homeCity: t.homeCity,
        homeMobile: t.homeMobile,
        homeAddress: t.homeAddress,
        insuranceCompany: t.insuranceCompany,
        policyNumber: t.policyNumber,
        policyType: t.policyType,
        guideName: t.guideName,
        guideLicense: t.guideLicense,
        guideContact: t.guideContact,
      }).toEqual({
        photoKey: "",
        dob: "1985-01-01",
        email: "",
        passportNumber: "",
        city: "",
        visaNumber: null,
        visaIssueDate: null,
        visaExpiryDate: null,
        nepalContactPerson: null,
        nepalOrganization: null,
        nepalMobile: null,
        nepalAddress: null,
        homeContactPerson: null,
        homeCity: null,
        homeMobile: null,
        homeAddress: null,
        insuranceCompany: null,
        policyNumber: null,
        policyType: "",
        guideName: null,
        guideLicense: null,
        guideContact: null,
      });
      // What reports and the ledger read stays.
      const before = oldBefore[i];
      for (const k of ["fullName", "cardNumber", "status", "nationality", "trekkerType", "gender", "amountPaisa", "registrationId"])
        expect(t[k]).toEqual(before[k]);
      expect(new Date(t.personalDataErasedAt as string).getTime()).toBe(now.getTime());
      expect((await trekkerDetails(id, "system"))?.personalDataErasedAt).toBe(now.toISOString());
    }
    // The name stays, and with it its search tokens.
    expect((await rows("SELECT token FROM trekker_name_tokens WHERE trekkerId = ?", [d.old.trekkerIds[0]])).length).toBeGreaterThan(0);
    expect(await rows("SELECT email FROM trek_followers WHERE trekkerId = ?", [d.old.trekkerIds[0]])).toEqual([{ email: "" }]);
    expect(await rows("SELECT id FROM card_pdfs WHERE trekkerId = ?", [d.old.trekkerIds[0]])).toEqual([]);
    expect(fs.existsSync(fileOf(d.old.photo))).toBe(false);
    expect(fs.existsSync(fileOf(d.old.pdf))).toBe(false);
    expect((await rows("SELECT id FROM bills WHERE registrationId = ?", [d.old.regId])).length).toBe(1);
    expect((await rows("SELECT id FROM checkins WHERE trekkerId IN (?)", [d.old.trekkerIds])).length).toBe(2);

    // The trek one day inside the rule: every row and file as it was.
    expect(await Promise.all(d.inside.trekkerIds.map(trekkerRow))).toEqual(insideBefore);
    expect(insideBefore[0].personalDataErasedAt).toBeNull();
    expect(insideBefore[0].passportNumber).toBe("IN1");
    expect(await rows("SELECT email FROM trek_followers WHERE trekkerId = ?", [d.inside.trekkerIds[0]])).toEqual([{ email: "family@mail.test" }]);
    expect((await rows("SELECT id FROM card_pdfs WHERE trekkerId = ?", [d.inside.trekkerIds[0]])).length).toBe(1);
    expect(fs.existsSync(fileOf(d.inside.photo))).toBe(true);
    expect(fs.existsSync(fileOf(d.inside.pdf))).toBe(true);
  });

  it("leaves the statistics and the ledger as they were", async () => {
    expect(await rows("SELECT * FROM daily_stats ORDER BY day, metric")).toEqual(d.statsBefore);
    expect(await violations()).toEqual([]);
  });

  it("erases nothing more on a second run", async () => {
    const before = await Promise.all(d.old.trekkerIds.map(trekkerRow));
    expect(await runRetention({ today: TODAY, years: 5 })).toEqual({ cutoff: "2042-03-11", trekkers: 0, files: 0 });
    expect(await Promise.all(d.old.trekkerIds.map(trekkerRow))).toEqual(before);
  });

  it("takes the inside trek the next day, through the job", async () => {
    await jobHandlers()[RETENTION_JOB]({ today: "2047-03-12" });
    expect((await trekkerRow(d.inside.trekkerIds[0])).passportNumber).toBe("");
    expect(fs.existsSync(fileOf(d.inside.photo))).toBe(false);
    expect(await violations()).toEqual([]);
  });
});
