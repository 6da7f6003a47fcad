import fs from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { paidBill } from "../factories/payments";
import { makeRoute } from "../factories/registrations";
import { makeRoleUser } from "../factories/users";
import { amountInWords } from "@modules/payments";
import { formatNrs } from "@modules/registration";
import { signInAs } from "./support/auth-cookie";
import { uniqueEmail } from "./support/data";
import { parseCsv } from "./support/routes-csv";
import { makeActiveUser } from "./support/roles";

// Issue 16, items 1–2: every role's billing list, Receipt Details, its PDF and the export.

// Each test pays bills through the factories and renders a receipt PDF in Chromium: about 50 s on a
// loaded 2-core machine, near the default 60 s, so these get the same room as the checkpost tests.
test.describe.configure({ timeout: 120_000 });

const slow = { timeout: 20_000 };

async function setUp(label: string) {
  const route = await makeRoute(`Billing Trek ${label}`);
  const orgName = `Billing Agency ${label} ${Date.now()}`;
  const agency = await makeRoleUser("agency", {
    email: uniqueEmail("billing-agency"),
    fullName: "Agency Owner",
    organizationName: orgName,
    panNumber: "609876543",
    countryId: 524,
    isApproved: true,
    isVerified: true,
    isDocumentUploaded: true,
  });
  const other = await makeRoleUser("agency", {
    email: uniqueEmail("billing-other"),
    organizationName: `Other Billing ${label} ${Date.now()}`,
    countryId: 524,
    isApproved: true,
    isVerified: true,
    isDocumentUploaded: true,
  });
  const mine = await paidBill(route.id, { payer: agency, count: 3 });
  const theirs = await paidBill(route.id, { payer: other, count: 1 });
  return { route, agency: { ...agency, orgName }, other, mine, theirs };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an agency sees its own bills, opens the receipt and downloads it as PDF", async ({ page }) => {
      const { route, agency, mine, theirs } = await setUp(javaScriptEnabled ? "js" : "nojs");
      await signInAs(page, agency.email);
      await page.goto("/dashboard");
      await page.getByRole("link", { name: "Billing", exact: true }).first().click();
      await expect(page).toHaveURL(/\/billing$/);

      const row = page.getByRole("row").filter({ hasText: mine.invoiceNumber });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(route.name);
      // Its own name is not a column for an agency (as on /trekkers, spec 2 §6).
      await expect(page.getByRole("columnheader", { name: "Agency" })).toHaveCount(0);
      await expect(row).toContainText("eSewa");
      await expect(row).toContainText(formatNrs(mine.amount));
      await expect(page.getByRole("row").filter({ hasText: theirs.invoiceNumber })).toHaveCount(0);
      // Another payer's receipt is not found, by URL too.
      const response = await page.goto(`/billing/${theirs.billId}`);
      expect(response?.status()).toBe(404);

      await page.goto("/billing");
      await page.getByRole("row").filter({ hasText: mine.invoiceNumber }).getByRole("link").first().click();
      const panel = page.getByRole("dialog", { name: "Receipt Details" });
      await expect(panel.getByTestId("receipt-number")).toHaveText(mine.invoiceNumber, slow);
      await expect(panel.getByTestId("receipt-name")).toHaveText(agency.orgName);
      await expect(panel).toContainText("Tims Card - Trekking Agency");
      await expect(panel).toContainText("Nepal Tourism Board");
      await expect(panel.getByTestId("receipt-words")).toHaveText(amountInWords(mine.amount));
      await expect(panel.getByRole("button", { name: "Print" })).toHaveCount(javaScriptEnabled ? 1 : 0);

      const download = page.waitForEvent("download");
      await panel.getByRole("link", { name: "Export as PDF" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(new RegExp(`^Receipt-${mine.invoiceNumber}-\\d{14}\\.pdf$`));
      const text = execFileSync("pdftotext", [(await file.path())!, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
      expect(text).toContain(mine.invoiceNumber);
      expect(text).toContain(agency.orgName);
      expect(text).toContain(amountInWords(mine.amount));
    });
  });
}

test("the board filters every payer's bills and exports them as Billings", async ({ page }) => {
  const { route, agency, other, mine, theirs } = await setUp("board");
  const board = await makeActiveUser("ntb");
  await signInAs(page, board.email);
  await page.goto(`/billing?route=${route.id}`);
  await expect(page.getByRole("row").filter({ hasText: mine.invoiceNumber })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: theirs.invoiceNumber })).toHaveCount(1);
  await page.getByLabel("Agency").selectOption(String(other.id));
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`agency=${other.id}`));
  await expect(page.getByRole("row").filter({ hasText: theirs.invoiceNumber })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: mine.invoiceNumber })).toHaveCount(0);

  await page.goto(`/billing?route=${route.id}`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("Billings.csv");
  const rows = parseCsv(await fs.readFile((await file.path())!, "utf8"));
  expect(rows[0]).toEqual(["Invoice Id", "Trekking Region", "Agency", "Payment Medium", "Amount", "Payment Date"]);
  const exported = rows.slice(1).filter((r) => r.length > 1);
  expect(exported.map((r) => r[0]).sort()).toEqual([mine.invoiceNumber, theirs.invoiceNumber].sort());
  expect(exported.find((r) => r[0] === mine.invoiceNumber)).toEqual([
    mine.invoiceNumber,
    route.name,
    agency.orgName,
    "eSewa",
    (mine.amount / 100).toFixed(2),
    expect.any(String),
  ]);
});
