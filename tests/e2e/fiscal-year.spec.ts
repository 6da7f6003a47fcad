import { expect, test, type Page } from "@playwright/test";
import { kathmanduDate } from "@lib/dates";
import { fiscalYearChoices } from "@lib/nepali-calendar/ranges.server";
import { paidBill } from "../factories/payments";
import { makeRoute } from "../factories/registrations";
import { signInAs } from "./support/auth-cookie";
import { axeProblems } from "./support/axe";
import { hydrated } from "./support/session";
import { makeActiveUser } from "./support/roles";

// Issue 28 item 5: the dashboard, the reports and the billing list offer the Nepali fiscal years
// beside their calendar ranges, as links that work without JavaScript; choosing one changes the
// figures and rows, and the range is shown in Bikram Sambat too. The browser tests' server has no
// data older than today, so the previous fiscal year is empty and this year's holds the sales made here.

test.describe.configure({ timeout: 120_000 });

// Labels as the pages make them: this fiscal year to date, then the whole of the one before.
const [current, previous] = fiscalYearChoices(kathmanduDate(), { endExclusive: true });

async function choose(page: Page, label: string) {
  const link = page.getByRole("navigation", { name: "Quick date ranges" }).getByRole("link", { name: label, exact: true });
  await link.click();
  await expect(link).toHaveAttribute("aria-current", "true");
  await hydrated(page);
}

const registered = async (page: Page) => Number((await page.getByTestId("trekkers-registered").textContent())!.replace(/,/g, ""));

for (const javaScriptEnabled of [false, true]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the dashboard and the reports by fiscal year", async ({ page }) => {
      const route = await makeRoute(`Fiscal Trek ${javaScriptEnabled ? "js" : "nojs"}`);
      await paidBill(route.id, { count: 2 });
      const board = await makeActiveUser("ntb");
      await signInAs(page, board.email);

      await page.goto("/dashboard");
      await choose(page, current.label);
      await expect(page).toHaveURL(new RegExp(`from=${current.from}&to=${current.to}`));
      expect(await registered(page)).toBeGreaterThanOrEqual(2);
      await expect(page.getByTestId("range-caption-bs")).toContainText(/\d+ \w+ 20\d\d to \d+ \w+ 20\d\d BS/);
      await expect(page.getByTestId("range-caption-fiscal")).toHaveText(`· fiscal year ${current.label.match(/\d{4}\/\d{2}/)![0]} to date`);
      // The date fields take the fiscal year's bounds, so the range can be narrowed from there.
      await expect(page.getByLabel("From", { exact: true })).toHaveValue(current.from);
      // axe runs as a script in the page, so with JavaScript on; the HTML is the same server render either way.
      if (javaScriptEnabled) expect(await axeProblems(page)).toEqual([]);

      await choose(page, previous.label);
      await expect(page).toHaveURL(new RegExp(`from=${previous.from}&to=${previous.to}`));
      await expect(page.getByTestId("trekkers-registered")).toHaveText("0");
      await expect(page.getByTestId("range-caption-fiscal")).toHaveText(`· the whole of fiscal year ${previous.label.match(/\d{4}\/\d{2}/)![0]}`);
      await expect(page.getByTestId("range-caption-bs")).toContainText(/1 Shrawan 20\d\d to 3\d Ashadh 20\d\d BS/);

      await page.goto("/reports");
      const routeRow = page.getByTestId("report-table-route-month").getByRole("row").filter({ hasText: route.name });
      await choose(page, previous.label);
      await expect(routeRow).toHaveCount(0);
      await choose(page, current.label);
      await expect(routeRow).toContainText("2");
      // axe runs as a script in the page, so with JavaScript on; the HTML is the same server render either way.
      if (javaScriptEnabled) expect(await axeProblems(page)).toEqual([]);
    });

    test("the billing list by fiscal year", async ({ page }) => {
      const route = await makeRoute(`Fiscal Billing ${javaScriptEnabled ? "js" : "nojs"}`);
      const bill = await paidBill(route.id, { count: 1 });
      const board = await makeActiveUser("ntb");
      await signInAs(page, board.email);
      await page.goto(`/billing?name=${encodeURIComponent(bill.invoiceNumber)}`);
      const row = page.getByRole("row").filter({ hasText: bill.invoiceNumber });
      await expect(row).toHaveCount(1);

      // The list's fiscal years include their last day (its date filters take both ends).
      await choose(page, previous.label);
      await expect(page).toHaveURL(/startDate=\d{4}-\d{2}-\d{2}&endDate=\d{4}-\d{2}-\d{2}/);
      await expect(page).toHaveURL(new RegExp(`name=${encodeURIComponent(bill.invoiceNumber)}`));
      await expect(row).toHaveCount(0);
      await expect(page.getByTestId("range-caption-fiscal")).toContainText("the whole of fiscal year");

      await choose(page, current.label);
      await expect(row).toHaveCount(1);
      await expect(page.getByTestId("range-caption-bs")).toContainText("1 Shrawan");
      await expect(page.getByLabel("Paid from")).toHaveValue(current.from);
      // axe runs as a script in the page, so with JavaScript on; the HTML is the same server render either way.
      if (javaScriptEnabled) expect(await axeProblems(page)).toEqual([]);
    });
  });
}
