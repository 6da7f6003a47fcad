// Issue 29 items 1, 2 and 4: the escalation table per role (allowed and refused moves for the
// agency, another agency, TAAN, the board, a checkpost and a free trekker), the moves' rows,
// a check-in closing the case, the board's list; the rescue sheet's PDF read back with
// pdftotext for each field it must carry, and who may open it.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeCheckpostAt, makeTrail, trailCards } from "../../tests/factories/checkins";
import { makeRoute } from "../../tests/factories/registrations";
import { makeUser, type TestUser } from "../../tests/factories/users";
import { routeCheckpoints } from "@modules/trek-routes/index.server";
import { closePdfRenderer } from "../../jobs/pdf-renderer.server";
import { scanCard } from "@modules/checkins/index.server";
import { caseDetail, findOverdueTrekkers, markSafe, moveCase, openCaseSource, overdueRecord, rescueSheet, rescueSheetPdf } from "./index.server";
import { EMERGENCY_CONTACTS } from "@modules/cards/index.server";
import sharp from "sharp";
import { config } from "@lib/config.server";
import { PHOTO_KEY } from "../../tests/factories/registrations";

const u = {} as Record<"board" | "taan" | "agency" | "other" | "checkpost" | "fit", TestUser>;
type Card = Awaited<ReturnType<typeof trailCards>>[number];
const c = {} as Record<"a" | "b" | "walker" | "fitCard", Card>;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "rescue-"));
let trail: Awaited<ReturnType<typeof makeTrail>>;

const fields = {
  guideName: "Pemba Sherpa",
  guideLicense: "GL-4471",
  guideContact: "+977-9801234567",
  insuranceCompany: "Alpine Assure",
  policyNumber: "POL-99812",
  policyType: "Helicopter rescue",
  nepalContactPerson: "Sita Gurung",
  nepalMobile: "+977-9812345678",
  homeContactPerson: "Hans Keller",
  homeMobile: "+49-30-1234567",
};

beforeAll(async () => {
  await prepareTestDatabase();
  u.board = await makeUser({ userType: 4, fullName: "Board Rescue" });
  u.taan = await makeUser({ userType: 6, fullName: "Taan Rescue" });
  const agency = { isDocumentUploaded: true, isVerified: true, isApproved: true, contactNo: "+977-1-5550001" };
  u.agency = await makeUser({ userType: 2, organizationName: "Summit Rescue Treks", ...agency } as never);
  u.other = await makeUser({ userType: 2, organizationName: "Other Treks", ...agency } as never);
  u.fit = await makeUser({ userType: 1, fullName: "Free Rescue" });
  trail = await makeTrail(0);
  u.checkpost = trail.checkpost;
  // Agency trekkers on 1–10 April 2043: a and b never seen; walker checks in, is turned back off route, never out.
  [c.a, c.b, c.walker] = await trailCards(trail.route.id, { count: 3, entry: "2043-04-01", exit: "2043-04-10", owner: u.agency, fields });
  [c.fitCard] = await trailCards(trail.route.id, { entry: "2043-04-01", exit: "2043-04-10", owner: u.fit });
  const day = (d: string) => ({ today: d, now: new Date(`${d}T04:00:00Z`) });
  await scanCard(trail.checkpost, { qr: c.walker.qr, method: "qr" }, day("2043-04-02"));
  const langtang = await makeRoute("Langtang Valley", { checkpoints: [{ name: "Dhunche Gate" }, { name: "Kyanjin Post" }] });
  const elsewhere = await makeCheckpostAt(langtang.id, (await routeCheckpoints(langtang.id))[0].id);
  await scanCard(elsewhere, { qr: c.walker.qr, method: "qr", offRoute: "record" }, day("2043-04-05"));
  const endPost = await makeCheckpostAt(trail.route.id, trail.points[trail.points.length - 1].id);
  expect((await scanCard(endPost, { qr: c.walker.qr, method: "qr" }, day("2043-04-12"))).outcome).toBe("refused");
  // The trekkers' photo (the factories' key), a size no other image of the sheet has, so the PDF test can find it.
  const photo = await sharp({ create: { width: PHOTO.width, height: PHOTO.height, channels: 3, background: { r: 180, g: 40, b: 90 } } })
    .jpeg()
    .toBuffer();
  fs.mkdirSync(path.dirname(path.join(config.filesDir, PHOTO_KEY)), { recursive: true });
  fs.writeFileSync(path.join(config.filesDir, PHOTO_KEY), photo);
  const ids = [c.a, c.b, c.walker, c.fitCard].map((x) => x.trekkerId);
  // The never seen are raised on 4 April (still on their trek: a check-in can answer them), the walker after the exit date.
  await findOverdueTrekkers({ today: "2043-04-04", graceDays: 2, trekkerIds: ids });
  await findOverdueTrekkers({ today: "2043-04-11", graceDays: 2, trekkerIds: ids });
});

afterAll(async () => {
  await closePdfRenderer();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const PHOTO = { width: 157, height: 193 };
const note = "Phoned the guide, no answer yet";
const state = async (card: Card) => (await caseDetail(u.board, card.trekkerId)).row.state;

describe("the escalation table per role", () => {
  it("raises one open case per overdue trekker", async () => {
    for (const card of [c.a, c.b, c.walker, c.fitCard]) expect(await state(card)).toBe("open");
  });

  it("refuses the checkpost and the free trekker any case (403), another agency sees none (404)", async () => {
    for (const who of [u.checkpost, u.fit]) {
      await expect(caseDetail(who, c.a.trekkerId)).rejects.toMatchObject({ status: 403 });
      await expect(moveCase(who, c.a.trekkerId, "contact", note)).rejects.toMatchObject({ status: 403 });
    }
    await expect(caseDetail(u.other, c.a.trekkerId)).rejects.toMatchObject({ status: 404 });
    await expect(moveCase(u.other, c.a.trekkerId, "contact", note)).rejects.toMatchObject({ status: 404 });
    expect(await state(c.a)).toBe("open");
  });

  it("lets the agency contact its own trekker, never escalate; TAAN contact and escalate its members', never find safe", async () => {
    expect(await moveCase(u.agency, c.a.trekkerId, "contact", note)).toBe("contacting");
    await expect(moveCase(u.agency, c.a.trekkerId, "escalate", note, { confirmed: true })).rejects.toMatchObject({ status: 403 });
    await expect(moveCase(u.taan, c.a.trekkerId, "foundSafe", note)).rejects.toMatchObject({ status: 403 });
    await expect(moveCase(u.taan, c.a.trekkerId, "escalate", note)).rejects.toMatchObject({ status: 400 });
    expect(await moveCase(u.taan, c.a.trekkerId, "escalate", note, { confirmed: true })).toBe("escalated");
    // From escalated, contacting is no move (409); the agency then finds its trekker safe and closes.
    await expect(moveCase(u.agency, c.a.trekkerId, "contact", note)).rejects.toMatchObject({ status: 409 });
    expect(await moveCase(u.agency, c.a.trekkerId, "foundSafe", "Rescue team found her at Manang")).toBe("found-safe");
    expect((await overdueRecord(c.a.trekkerId))?.safeBy).toBe(u.agency.id);
    expect(await moveCase(u.agency, c.a.trekkerId, "close", "Case done, trekker in Pokhara")).toBe("closed");
    await expect(moveCase(u.board, c.a.trekkerId, "contact", note)).rejects.toMatchObject({ status: 409 });
  });

  it("keeps TAAN off a free trekker's case; the board moves any, Mark Safe is its found-safe move", async () => {
    await expect(caseDetail(u.taan, c.fitCard.trekkerId)).rejects.toMatchObject({ status: 404 });
    await expect(moveCase(u.fit, c.fitCard.trekkerId, "foundSafe", note)).rejects.toMatchObject({ status: 403 });
    expect(await moveCase(u.board, c.fitCard.trekkerId, "escalate", note, { confirmed: true })).toBe("escalated");
    await markSafe(u.board, c.fitCard.trekkerId, "Wrote from Kathmandu, all well");
    expect(await state(c.fitCard)).toBe("found-safe");
    await expect(markSafe(u.board, c.fitCard.trekkerId, "Wrote from Kathmandu, all well")).rejects.toMatchObject({ status: 409 });
    expect(await moveCase(u.board, c.fitCard.trekkerId, "close", "Closed by the board")).toBe("closed");
  });

  it("records each move with who, when, from, to and the note", async () => {
    const { timeline } = await caseDetail(u.board, c.a.trekkerId);
    expect(timeline.map((m) => [m.move, m.toLabel, m.by])).toEqual([
      ["contact", "Contacting", "Summit Rescue Treks"],
      ["escalate", "Escalated to rescue", "Taan Rescue"],
      ["foundSafe", "Found safe", "Summit Rescue Treks"],
      ["close", "Closed", "Summit Rescue Treks"],
    ]);
    expect(timeline[0].note).toBe(note);
    // The agency's form offers only what the table lets it do now.
    expect((await caseDetail(u.agency, c.b.trekkerId)).moves.map((m) => m.move)).toEqual(["contact", "foundSafe", "checkedOutLate"]);
    expect((await caseDetail(u.taan, c.b.trekkerId)).moves.map((m) => m.move)).toEqual(["contact", "escalate"]);
  });

  it("lists open cases with their age, each viewer its own rows", async () => {
    const rows = async (who: TestUser) =>
      (await openCaseSource(who, "2043-04-14").page({ filters: {}, sort: { key: "due", desc: false } } as never, { offset: 0, limit: 500 })).filter((r) =>
        [c.a, c.b, c.walker, c.fitCard].some((x) => x.trekkerId === r.trekkerId),
      );
    expect((await rows(u.board)).map((r) => r.trekkerId).sort()).toEqual([c.b.trekkerId, c.walker.trekkerId].sort());
    expect((await rows(u.board)).find((r) => r.trekkerId === c.walker.trekkerId)?.ageDays).toBe(4);
    expect((await rows(u.other)).length).toBe(0);
    expect((await rows(u.taan)).length).toBe(2);
  });
});

/** The images embedded in a PDF, with their pixel sizes (pdfimages -list). */
function pdfImages(bytes: Uint8Array): { width: number; height: number }[] {
  const file = path.join(tmp, `${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  const lines = execFileSync("pdfimages", ["-list", file], { encoding: "utf8" }).split("\n").slice(2);
  return lines
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length > 4 && cols[2] === "image")
    .map((cols) => ({ width: Number(cols[3]), height: Number(cols[4]) }));
}

function pdfText(bytes: Uint8Array): string {
  const file = path.join(tmp, `${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

describe("the rescue sheet", () => {
  it("carries every field, the scans (refused and off route) and the timeline in its PDF", async () => {
    await moveCase(u.agency, c.walker.trekkerId, "contact", "Called the agency office in Thamel");
    await moveCase(u.board, c.walker.trekkerId, "escalate", "Helicopter search requested", { confirmed: true });
    const sheet = await rescueSheet(u.board, c.walker.trekkerId, "2043-04-14");
    expect(sheet.scans.map((s) => [s.place, s.refused, s.offRoute])).toEqual([
      ["Dharapani Gate", false, false],
      ["Dhunche Gate", false, true],
      ["Muktinath Post", true, false],
    ]);
    const pdf = (await rescueSheetPdf(u.board, c.walker.trekkerId)).bytes;
    // The trekker's photo is on the sheet: an image of the photo's own size (the QR code is square).
    expect(sheet.photoSrc).toMatch(/^data:image\/jpeg;base64,/);
    expect(pdfImages(pdf)).toContainEqual(PHOTO);
    const text = pdfText(pdf);
    const expected = [
      c.walker.fullName,
      "Germany",
      c.walker.passport,
      String(c.walker.cardNumber),
      "Active",
      trail.route.name,
      "Besisahar",
      "Jomsom",
      "2043/04/01",
      "2043/04/10",
      "Dharapani Gate",
      "Dhunche Gate (off route)",
      "Refused",
      "Expected position today",
      ...Object.values(fields),
      "Summit Rescue Treks",
      "+977-1-5550001",
      ...EMERGENCY_CONTACTS.map((e) => e.number),
      "Called the agency office in Thamel",
      "Helicopter search requested",
      "Escalated to rescue",
    ];
    for (const field of expected) expect(text, field).toContain(field);
  }, 60_000);

  it("says 'not given' for what the registration does not hold", async () => {
    const sheet = await rescueSheet(u.board, c.fitCard.trekkerId).catch((e) => e);
    // The free trekker's case is closed but still the board's to read.
    expect(sheet.guide).toEqual({ name: null, licence: null, phone: null });
    const text = pdfText((await rescueSheetPdf(u.board, c.fitCard.trekkerId)).bytes);
    expect(text).toContain("Guide name not given");
    expect(text).toContain("Policy number not given");
  }, 60_000);

  it("opens only for those who may see the trekker", async () => {
    await expect(rescueSheet(u.agency, c.walker.trekkerId)).resolves.toMatchObject({ fullName: c.walker.fullName });
    await expect(rescueSheet(u.taan, c.walker.trekkerId)).resolves.toMatchObject({ fullName: c.walker.fullName });
    await expect(rescueSheetPdf(u.other, c.walker.trekkerId)).rejects.toMatchObject({ status: 404 });
    await expect(rescueSheetPdf(u.taan, c.fitCard.trekkerId)).rejects.toMatchObject({ status: 404 });
    for (const who of [u.checkpost, u.fit]) await expect(rescueSheetPdf(who, c.walker.trekkerId)).rejects.toMatchObject({ status: 403 });
  });
});

describe("a later check-in", () => {
  it("closes the case as the system, with where the trekker was seen", async () => {
    expect(await state(c.b)).toBe("open");
    await moveCase(u.agency, c.b.trekkerId, "contact", note);
    await scanCard(trail.checkpost, { qr: c.b.qr, method: "qr" }, { today: "2043-04-06", now: new Date("2043-04-06T05:00:00Z") });
    const { row, timeline } = await caseDetail(u.board, c.b.trekkerId);
    expect(row.state).toBe("closed");
    expect(timeline.at(-1)).toMatchObject({ move: "checkin", by: "TIMS (check-in)" });
    expect(timeline.at(-1)?.note).toContain("Dharapani Gate");
    expect((await overdueRecord(c.b.trekkerId))?.safeAt).not.toBeNull();
  });
});
