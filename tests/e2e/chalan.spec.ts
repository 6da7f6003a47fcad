import fs from "node:fs";
import { expect, test, type Download, type Page } from "@playwright/test";
import { backdateCards } from "../factories/chalan";
import { issuedCards, makeCardGenerator, trekkerIdsOf } from "../factories/cards";
import { paidBill, refundSale } from "../factories/payments";
import { makeRoute } from "../factories/registrations";
import { inDays } from "../factories/dates";
import { makeRoleUser } from "../factories/users";
import { signInAs } from "./support/auth-cookie";
import { uniqueEmail } from "./support/data";
import { makeActiveUser } from "./support/roles";

// Issue 16, items 4-7: the board's chalan page, its date rules, its files, the push to the ERP
// (the embedded server's simulator) and the two logs, with JavaScript on and off.

// One push to the ERP runs at a time: tests of this file that push would refuse each other's
// ("A push to the ERP is already running") if run side by side, so the file runs in order.
// A push is a job: under the whole suite's load it may wait behind other jobs (card PDFs) for a
// free runner before it starts, so its outcome gets a minute and a test two.
test.describe.configure({ mode: "default", timeout: 150_000 });
const PUSHED = { timeout: 60_000 };

const block = (page: Page, name: string) => page.getByRole("region", { name });

/**
 * A scenario's own day, `daysAgo` back, another for each retry: a try that failed half-way left
 * its sales and pushes on its day, which the next try's lists and counts would otherwise include.
 */
const ownDay = (daysAgo: number) => inDays(-daysAgo - 200 * test.info().retry);

async function csvOf(download: Download): Promise<string> {
  const text = fs.readFileSync((await download.path())!, "utf8");
  expect(text.startsWith("\uFEFF"), "UTF-8 with a BOM").toBe(true);
  return text.slice(1);
}

/**
 * An agency (with a PAN, or none) and a free trekker with cards bought on `day` (a day of this
 * test's own), and a card the board generated for the agency that day: no sale, never on the chalan.
 */
async function salesOn(day: string, opts: { pan: string | null }) {
  const route = await makeRoute("Chalan Trek");
  const generator = await makeCardGenerator();
  const agency = await makeRoleUser("agency", {
    email: uniqueEmail("chalan-agency"),
    organizationName: "Chalan Treks",
    countryId: 524,
    isDocumentUploaded: true,
    isVerified: true,
    isApproved: true,
    ...(opts.pan ? { panNumber: opts.pan } : {}),
  });
  const fit = await makeRoleUser("fit", { email: uniqueEmail("chalan-fit"), countryId: 276 });
  const a = await paidBill(route.id, { payer: agency, count: 3 });
  const f = await paidBill(route.id, { payer: fit, count: 1 });
  const generated = await issuedCards(agency, generator, route.id, { count: 1 });
  await backdateCards([...(await trekkerIdsOf(a.regId)), ...(await trekkerIdsOf(f.regId)), ...generated.trekkerIds], day);
  return { agency, agencyRegId: a.regId };
}

async function generateBill(page: Page, day: string) {
  await page.goto("/chalan");
  const push = block(page, "Push Chalan To ERP");
  await push.getByLabel("Start Date").fill(day);
  await push.getByLabel("End Date").fill(day);
  await push.getByRole("button", { name: "Generate Bill" }).click();
  const dialog = page.getByRole("dialog", { name: "Generate Bill" });
  await expect(dialog).toContainText(`Are you sure you want to generate the bill for ${day.replace(/-/g, "/")} to ${day.replace(/-/g, "/")}?`);
  await dialog.getByRole("button", { name: "Yes, generate" }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the date rules of the three blocks", async ({ page }) => {
      await signInAs(page, (await makeActiveUser("ntb")).email);
      await page.goto("/chalan");
      const push = block(page, "Push Chalan To ERP");
      // Both default to today.
      await expect(push.getByLabel("Start Date")).toHaveValue(inDays(0));
      await expect(push.getByLabel("End Date")).toHaveValue(inDays(0));
      await push.getByLabel("Start Date").fill("");
      await push.getByLabel("End Date").fill("");
      await push.getByRole("button", { name: "Download Chalan To Verify" }).click();
      await expect(block(page, "Push Chalan To ERP").getByText("Start Date is required", { exact: true })).toBeVisible();
      await expect(block(page, "Push Chalan To ERP").getByText("End Date is required", { exact: true })).toBeVisible();

      await page.goto("/chalan");
      const customer = block(page, "Customer");
      await expect(customer.getByLabel("Start Date")).toHaveValue("");
      await customer.getByLabel("Start Date").fill(inDays(-1));
      await customer.getByRole("button", { name: "Download" }).click();
      await expect(block(page, "Customer").getByText("End Date is required or clear start date to continue")).toBeVisible();

      await page.goto("/chalan");
      await block(page, "Customer").getByLabel("End Date").fill(inDays(-1));
      await block(page, "Customer").getByRole("button", { name: "Download" }).click();
      await expect(block(page, "Customer").getByText("Start Date is required or clear end date to continue")).toBeVisible();

      // Neither date: every customer, as a file.
      await page.goto("/chalan");
      const [file] = await Promise.all([page.waitForEvent("download"), block(page, "Customer").getByRole("button", { name: "Download" }).click()]);
      expect(file.suggestedFilename()).toBe("customer.csv");
      const text = await csvOf(file);
      expect(text.split("\n")[0]).toBe("Customer_Code,Customer_Name,PAN,Contact_Number,Email,Address");
      expect(text).toContain("FIT,Free Individual Trekker");
      expect(text).toContain("NTB,Nepal Tourism Board");
    });

    test("verify, push to completion, the pushed log, a repeat pushes nothing, and a refund is reversed by a credit row", async ({ page }) => {
      const day = ownDay(javaScriptEnabled ? 30 : 31);
      const pan = javaScriptEnabled ? "612345678" : "612345679";
      const { agencyRegId } = await salesOn(day, { pan });
      await signInAs(page, (await makeActiveUser("ntb")).email);

      await page.goto("/chalan");
      const push = block(page, "Push Chalan To ERP");
      await push.getByLabel("Start Date").fill(day);
      await push.getByLabel("End Date").fill(day);
      const [verify] = await Promise.all([page.waitForEvent("download"), push.getByRole("button", { name: "Download Chalan To Verify" }).click()]);
      expect(verify.suggestedFilename()).toBe("chalan.csv");
      const lines = (await csvOf(verify)).trim().split("\n");
      expect(lines[0]).toBe("sales_chalan_date,customer_code,item_code,card_nofrom,card_noto,qty,line_type");
      // The agency's generated card is no sale: three cards, not four.
      expect(lines.slice(1).map((l) => l.split(",").slice(0, 3).join(",") + "," + l.split(",").slice(5).join(","))).toEqual(
        [`${day},${pan},TIMS-FOREIGN,3,sale`, `${day},FIT,TIMS-FOREIGN,1,sale`].sort(),
      );

      await generateBill(page, day);
      await expect(page).toHaveURL(/\/chalan\/push\/\d+$/);
      await expect(page.getByTestId("push-outcome")).toHaveText("Chalan have pushed successfully.", PUSHED);
      await expect(page.getByTestId("push-counts")).toHaveText("2 of 2 rows sent: 2 pushed, 0 refused");

      await page.getByRole("link", { name: "Pushed Chalan Log" }).click();
      await expect(page).toHaveURL(new RegExp(`/pushed-chalanlog\\?startDate=${day}&endDate=${day}$`));
      await expect(page.getByRole("row").filter({ hasText: pan })).toHaveCount(1);
      await expect(page.getByRole("row").filter({ hasText: "FIT" })).toHaveCount(1);
      // Its export keeps the spec's name; the error log's is named after it (issue 26).
      const [pushedFile] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /Export/ }).click()]);
      expect(pushedFile.suggestedFilename()).toBe("PushedChalan.csv");

      // The TIMS chalan holds the rows with their state; the verify file is no longer offered.
      await page.goto("/chalan");
      const tims = block(page, "TIMS Chalan");
      await tims.getByLabel("Start Date").fill(day);
      await tims.getByLabel("End Date").fill(day);
      const [timsFile] = await Promise.all([page.waitForEvent("download"), tims.getByRole("button", { name: "Download" }).click()]);
      expect(timsFile.suggestedFilename()).toBe("tims-chalan.csv");
      const timsText = await csvOf(timsFile);
      expect(timsText.split("\n")[0]).toBe("sales_chalan_date,customer_code,item_code,card_nofrom,card_noto,qty,line_type,status");
      expect(timsText).toContain(`${day},${pan},TIMS-FOREIGN`);
      expect(
        timsText
          .trim()
          .split("\n")
          .slice(1)
          .every((l) => l.endsWith(",Pushed")),
      ).toBe(true);

      await page.goto("/chalan");
      await block(page, "Push Chalan To ERP").getByLabel("Start Date").fill(day);
      await block(page, "Push Chalan To ERP").getByLabel("End Date").fill(day);
      await block(page, "Push Chalan To ERP").getByRole("button", { name: "Download Chalan To Verify" }).click();
      await expect(page.getByText(/There is no chalan to verify for these dates/)).toBeVisible();

      await generateBill(page, day);
      await expect(page.getByText("Nothing new to push for these dates.")).toBeVisible();
      await expect(page).toHaveURL(/\/chalan$/);

      // The agency's payment is refunded after the push: the next push reverses its sale with a credit row.
      await refundSale(agencyRegId);
      await page.goto("/chalan");
      await block(page, "Push Chalan To ERP").getByLabel("Start Date").fill(day);
      await block(page, "Push Chalan To ERP").getByLabel("End Date").fill(day);
      const [credit] = await Promise.all([
        page.waitForEvent("download"),
        block(page, "Push Chalan To ERP").getByRole("button", { name: "Download Chalan To Verify" }).click(),
      ]);
      const creditLines = (await csvOf(credit)).trim().split("\n").slice(1);
      expect(creditLines.map((l) => l.split(",").slice(0, 3).join(",") + "," + l.split(",").slice(5).join(","))).toEqual([
        `${day},${pan},TIMS-FOREIGN,-3,credit`,
      ]);
      await generateBill(page, day);
      await expect(page.getByTestId("push-outcome")).toHaveText("Chalan have pushed successfully.", PUSHED);
      await expect(page.getByTestId("push-counts")).toHaveText("1 of 1 rows sent: 1 pushed, 0 refused");
      await expect(page.getByTestId("push-credits")).toContainText("1 of them is a credit row");
      await page.getByRole("link", { name: "Pushed Chalan Log" }).click();
      const rows = page.getByRole("row").filter({ hasText: pan });
      await expect(rows).toHaveCount(2);
      await expect(rows.filter({ hasText: "Credit of" })).toContainText("-3");
      await expect(rows.filter({ hasText: "Sale" })).toHaveCount(1);
    });

    test("rows the ERP refuses are counted and listed in the error log", async ({ page }) => {
      const day = ownDay(javaScriptEnabled ? 33 : 34);
      await salesOn(day, { pan: null });
      await signInAs(page, (await makeActiveUser("ntb")).email);
      await generateBill(page, day);
      await expect(page.getByTestId("push-outcome")).toContainText("1 row refused", PUSHED);
      await page.getByRole("link", { name: "See the Chalan Error Log" }).click();
      await expect(page).toHaveURL(/\/chalanlog\?/);
      const row = page.getByRole("row").filter({ hasText: "Customer code is empty" });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(day.replace(/-/g, "/"));
      // The export: PushedChalanErrors.csv (named after the pushed log's PushedChalan.csv), with the list's dates.
      const link = page.getByRole("link", { name: /Export/ });
      const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
      expect(file.suggestedFilename()).toBe("PushedChalanErrors.csv");
      const text = await csvOf(file);
      expect(text).toContain("Customer code is empty");
    });
  });
}

test("the sidebar shows the chalan pages to the board only", async ({ page }) => {
  await signInAs(page, (await makeActiveUser("ntb")).email);
  await page.goto("/dashboard");
  for (const name of ["Invoice", "Chalan Error Log", "Pushed Chalan"]) await expect(page.getByRole("link", { name, exact: true }).first()).toBeVisible();
  await signInAs(page, (await makeActiveUser("taan")).email);
  await page.goto("/dashboard");
  await expect(page.getByRole("link", { name: "Invoice", exact: true })).toHaveCount(0);
});
