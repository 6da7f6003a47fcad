import { expect, test, type Page } from "@playwright/test";
import { paidBill } from "../factories/payments";
import { makeRoute } from "../factories/registrations";
import { signInAs } from "./support/auth-cookie";
import { hydrated } from "./support/session";
import { makeActiveUser } from "./support/roles";

// Issue 17, items 1 and 4: the dashboard's blocks, lists and charts, and the season reports, drawn
// on the server: present with JavaScript off, and no Content-Security-Policy violation with it on.

const CHARTS = ["trekkers-per-day", "revenue-by-method", "top-countries", "on-trail"];

function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  return violations;
}

test("the dashboard with JavaScript off: blocks, lists with refresh links, server-drawn charts with tables", async ({ browser }) => {
  const route = await makeRoute("Dashboard Trek");
  await paidBill(route.id, { count: 2 });
  const board = await makeActiveUser("ntb");
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInAs(page, board.email);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Trekker", exact: true })).toBeVisible();
  expect(Number((await page.getByTestId("trekkers-registered").textContent())!.replace(/,/g, ""))).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId("revenue-total")).toContainText("₨");
  await expect(page.getByTestId("busiest-route")).toContainText("Busiest:");
  await expect(page.getByTestId("top-countries-list")).toContainText("Germany");
  // The bill above puts figures in the first three; the trail may be empty (then a note, no axes).
  await expect(page.getByTestId("chart-on-trail").locator("svg[role=img], p").first()).toBeVisible();
  for (const id of CHARTS.filter((c) => c !== "on-trail")) {
    const figure = page.getByTestId(`chart-${id}`);
    await expect(figure.locator("svg[role=img]")).toHaveCount(1);
    await expect(figure.locator("svg title")).toHaveCount(1);
    await expect(figure.locator("details table")).toHaveCount(1);
  }
  await expect(page.getByRole("img", { name: /Top countries/ })).toBeVisible();
  // A refresh is a plain link to the same range.
  await page.getByRole("link", { name: "Refresh Top Countries" }).click();
  await expect(page).toHaveURL(/\/dashboard\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  // A range in the past: nothing registered then.
  await page.getByLabel("From", { exact: true }).fill("2020-01-01");
  await page.getByLabel("To (not included)", { exact: true }).fill("2020-01-08");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByTestId("trekkers-registered")).toHaveText("0");
  await context.close();
});

test("the reports with JavaScript off: tables, charts, CSV and PDF downloads", async ({ browser }) => {
  const route = await makeRoute("Report Trek");
  await paidBill(route.id, { count: 3 });
  const board = await makeActiveUser("ntb");
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInAs(page, board.email);
  await page.goto("/reports");
  for (const id of ["route-month", "nationality", "revenue", "agencies", "card-status"]) await expect(page.getByTestId(`report-table-${id}`)).toHaveCount(1);
  // Route by month, region, revenue and status have figures; the agency ranking may be empty.
  expect(await page.locator("figure svg[role=img]").count()).toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId("report-table-route-month").getByRole("row").filter({ hasText: route.name })).toContainText("3");
  const csv = await page.request.get(
    await page
      .getByRole("link", { name: "Download Trekkers by route and month as CSV" })
      .getAttribute("href")
      .then((h) => h!),
  );
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const text = await csv.text();
  expect(text).toContain("Route,Month,Trekkers");
  expect(text).toContain(`${route.name},`);
  const pdf = await page.request.get(
    await page
      .getByTestId("report-pdf")
      .getAttribute("href")
      .then((h) => h!),
  );
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(
    Buffer.from(await pdf.body())
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
  await context.close();
});

test("no Content-Security-Policy violation on the dashboard and the reports with JavaScript on", async ({ page }) => {
  const violations = watchCsp(page);
  await paidBill((await makeRoute("CSP Chart Trek")).id, { count: 1 });
  const board = await makeActiveUser("ntb");
  await signInAs(page, board.email);
  await page.goto("/dashboard");
  await hydrated(page);
  await expect(page.getByTestId("chart-top-countries").locator("svg")).toBeVisible();
  await page.goto("/reports");
  await hydrated(page);
  await expect(page.locator("figure svg[role=img]").first()).toBeVisible();
  expect(violations).toEqual([]);
});
