import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { pendingPayment, settlePayment } from "../../tests/factories/payments";
import { makeRoute } from "../../tests/factories/registrations";
import { makeRoleUser, makeUser, type TestUser } from "../../tests/factories/users";
import { latestOutboxMessageTo } from "../../emails/outbox.server";
import { drainQueue } from "../../jobs/queue.server";
import { kathmanduDate } from "@lib/dates";
import { billListSource, getReceipt, receiptPdfResponse, type BillFilters } from "./index.server";
import { Bill } from "./models/payment-records.server";
import { receiptPdfHtml } from "./receipt-pdf.server";
import { renderAndEmailReceipt } from "./receipt-pdf.server";

const SLOW = 60_000;
let routeA = 0;
let routeB = 0;
let fit: TestUser;
let agency: TestUser;
let checkpost: TestUser;
let board: TestUser;
let taan: TestUser;
const invoices: Record<string, string> = {};
const billIds: Record<string, number> = {};

const all = async (viewer: TestUser, filters: BillFilters = {}) => {
  const source = billListSource(viewer);
  const query = { filters, sort: { key: "id", desc: true } };
  return source.page(query, { offset: 0, limit: 1000 });
};

async function paid(name: string, payer: TestUser, routeId: number, count = 1) {
  const p = await pendingPayment(routeId, { payer, count });
  expect(await settlePayment(p)).toBe("issued");
  const bill = await Bill.findOne({ where: { registrationId: p.regId } });
  invoices[name] = bill!.invoiceNumber;
  billIds[name] = bill!.id;
  return p;
}

function pdfText(bytes: Uint8Array): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tims-receipt-")), "r.pdf");
  fs.writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

beforeAll(async () => {
  await prepareTestDatabase();
  routeA = (await makeRoute("Billing Route A")).id;
  routeB = (await makeRoute("Billing Route B")).id;
  fit = await makeRoleUser("fit", { fullName: "Receipt Payer", contactAddress: "Thamel, Kathmandu", contactNo: "9800000001" });
  agency = await makeRoleUser("agency", {
    fullName: "Agency Owner",
    organizationName: "Himal Billing Treks Pvt. Ltd.",
    panNumber: "601234567",
    isApproved: true,
    isVerified: true,
  });
  checkpost = await makeRoleUser("checkpost");
  board = await makeRoleUser("ntb");
  taan = await makeRoleUser("taan");
  await paid("fit", fit, routeA, 2);
  await paid("agency", agency, routeB, 3);
  await drainQueue();
}, SLOW);

describe("billing list", () => {
  it("shows payers their own bills and the board and TAAN every bill", async () => {
    expect((await all(fit)).map((r) => r.invoiceNumber)).toEqual([invoices.fit]);
    expect((await all(agency)).map((r) => r.invoiceNumber)).toEqual([invoices.agency]);
    expect(await all(checkpost)).toEqual([]);
    for (const staff of [board, taan]) {
      const seen = (await all(staff)).map((r) => r.invoiceNumber);
      expect(seen).toEqual(expect.arrayContaining([invoices.fit, invoices.agency]));
    }
  });

  it("labels the payer column FIT or the agency's name, and the medium by method", async () => {
    const rows = await all(board);
    const fitRow = rows.find((r) => r.invoiceNumber === invoices.fit)!;
    const agencyRow = rows.find((r) => r.invoiceNumber === invoices.agency)!;
    expect(fitRow.agency).toBe("FIT");
    expect(agencyRow.agency).toBe("Himal Billing Treks Pvt. Ltd.");
    expect(fitRow.method).toBe("eSewa");
    expect(fitRow.routeName).toMatch(/^Billing Route A/);
  });

  it("filters by route, method, dates, agency and search, in SQL", async () => {
    expect((await all(board, { route: routeA })).map((r) => r.invoiceNumber)).toEqual([invoices.fit]);
    expect((await all(board, { agency: agency.id })).map((r) => r.invoiceNumber)).toEqual([invoices.agency]);
    expect(await all(board, { method: "5", route: routeA })).toEqual([]);
    expect((await all(board, { method: "1", route: routeB })).map((r) => r.invoiceNumber)).toEqual([invoices.agency]);
    const today = kathmanduDate();
    expect((await all(board, { startDate: today, endDate: today, route: routeA })).length).toBe(1);
    expect(await all(board, { startDate: "2020-01-01", endDate: "2020-01-31" })).toEqual([]);
    expect((await all(board, { name: invoices.agency })).map((r) => r.invoiceNumber)).toEqual([invoices.agency]);
    expect((await all(board, { name: "Himal Billing" })).map((r) => r.invoiceNumber)).toEqual([invoices.agency]);
    expect(await all(board, { name: "nobody-with-this-name" })).toEqual([]);
  });

  it("keeps the payer's scope under every filter: an agency filtering on another payer finds nothing", async () => {
    expect(await all(agency, { name: invoices.fit })).toEqual([]);
    expect(await all(fit, { agency: agency.id })).toEqual([]);
  });

  it("exports in keyset batches the same rows as the page", async () => {
    const source = billListSource(board);
    const query = { filters: {}, sort: { key: "id", desc: true } };
    const first = await source.batch(query, null, 1);
    const second = await source.batch(query, first[0], 1);
    const page = await source.page(query, { offset: 0, limit: 2 });
    expect([...first, ...second].map((r) => r.id)).toEqual(page.map((r) => r.id));
  });
});

describe("receipt", () => {
  it("is the payer's, the board's and TAAN's to see, and nobody else's", async () => {
    expect(await getReceipt(billIds.fit, agency)).toBeNull();
    expect(await getReceipt(billIds.fit, checkpost)).toBeNull();
    for (const viewer of [fit, board, taan]) expect((await getReceipt(billIds.fit, viewer))?.invoiceNumber).toBe(invoices.fit);
    expect(await receiptPdfResponse(billIds.agency, fit)).toBeNull();
  });

  it("holds the payer's details, the line item, the total and the amount in words", async () => {
    const fitReceipt = (await getReceipt(billIds.fit, board))!;
    expect(fitReceipt).toMatchObject({
      name: "Receipt Payer",
      address: "Thamel, Kathmandu",
      contactNo: "9800000001",
      lineItem: "Tims Card - Free individual Trekker",
      trekkers: 2,
    });
    expect(fitReceipt.amountWords).toMatch(/^Nrs .* Only\.$/);
    const agencyReceipt = (await getReceipt(billIds.agency, board))!;
    expect(agencyReceipt.lineItem).toBe("Tims Card - Trekking Agency");
    expect(agencyReceipt.pan).toBe("601234567");
    const html = receiptPdfHtml(agencyReceipt);
    expect(html).toContain("Nepal Tourism Board");
    expect(html).toContain(agencyReceipt.amountWords);
  });

  it(
    "is e-mailed to the payer as a PDF once the bill exists, with number, name, amount and words",
    async () => {
      const message = await latestOutboxMessageTo(fit.email);
      expect(message?.subject).toBe(`Your TIMS payment receipt ${invoices.fit}`);
      expect(message!.attachments).toHaveLength(1);
      expect(message!.attachments[0].filename).toMatch(new RegExp(`^Receipt-${invoices.fit}-\\d{14}\\.pdf$`));
      const text = pdfText(message!.attachments[0].content).replace(/\s+/g, " ");
      const receipt = (await getReceipt(billIds.fit, fit))!;
      expect(text).toContain(invoices.fit);
      expect(text).toContain("Receipt Payer");
      expect(text).toContain("NRs.");
      expect(text).toContain(receipt.amountWords);
      expect((await Bill.findByPk(billIds.fit))!.receiptEmailedAt).not.toBeNull();
    },
    SLOW,
  );

  it(
    "is sent once however often its job runs again, and downloads as the stored PDF",
    async () => {
      const before = (await Bill.findByPk(billIds.agency))!;
      await renderAndEmailReceipt(billIds.agency);
      const after = (await Bill.findByPk(billIds.agency))!;
      expect(after.receiptEmailedAt?.getTime()).toBe(before.receiptEmailedAt?.getTime());
      expect(after.receiptFileKey).toBe(before.receiptFileKey);
      const response = (await receiptPdfResponse(billIds.agency, agency))!;
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      expect(response.headers.get("Content-Disposition")).toMatch(new RegExp(`attachment; filename="Receipt-${invoices.agency}-\\d{14}\\.pdf"`));
      expect(pdfText(new Uint8Array(await response.arrayBuffer()))).toContain("Himal Billing Treks");
    },
    SLOW,
  );

  it(
    "is rendered on download for a bill whose receipt was never made",
    async () => {
      const payer = await makeUser({ userType: 1, fullName: "Old Bill Payer" });
      const p = await pendingPayment(routeA, { payer, count: 1 });
      await settlePayment(p);
      await drainQueue();
      const bill = (await Bill.findOne({ where: { registrationId: p.regId } }))!;
      await bill.update({ receiptFileKey: null });
      const response = (await receiptPdfResponse(bill.id, board))!;
      expect(pdfText(new Uint8Array(await response.arrayBuffer()))).toContain("Old Bill Payer");
      expect((await Bill.findByPk(bill.id))!.receiptFileKey).not.toBeNull();
    },
    SLOW,
  );
});
