// Issue 14: /trekkers as each role works from it. An agency lists (and exports) only its own
// trekkers and deletes one with a reason; the board filters, opens the side panel and cancels a
// card from its row; TAAN's rows open no panel but decide a returned card; the filters work as a
// GET form without JavaScript; the export shows its progress and can be cancelled; Deleted
// Trekkers is the board's.
import fs from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { applyCardAction } from "@modules/cards/index.server";
import { issuedCards, makeCardGenerator, trekkerIdsOf } from "../factories/cards";
import { makeRegistration, makeRoute } from "../factories/registrations";
import { signInAs } from "./support/auth-cookie";
import { parseCsv } from "./support/routes-csv";
import { makeActiveUser } from "./support/roles";
import { hydrated } from "./support/session";

// Each test makes its own agencies and treks; on a busy two-core machine that takes a while.
test.describe.configure({ timeout: 180_000 });

/** After a navigation on a busy machine. */
const slow = { timeout: 30_000 };

const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test("an agency lists and exports only its own trekkers, and deletes one with a reason", async ({ page }) => {
  const [agency, other] = await Promise.all([makeActiveUser("agency"), makeActiveUser("agency")]);
  const route = await makeRoute("Own Trek");
  const mine = [unique("Asha Own"), unique("Bina Own")];
  const theirs = unique("Chandra Theirs");
  await makeRegistration(agency, route.id, { trekkers: mine });
  await makeRegistration(other, route.id, { trekkers: [theirs] });

  await signInAs(page, agency.email);
  await page.goto(`/trekkers?trekkingArea=${route.id}`);
  await hydrated(page);
  for (const name of mine) await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: theirs })).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: "Agency" })).toHaveCount(0);
  // Asking for the other agency's rows by URL shows nothing more.
  await page.goto(`/trekkers?userId=${other.id}`);
  await expect(page.getByText("No Data Found For This Table")).toBeVisible();

  await page.goto(`/trekkers?trekkingArea=${route.id}`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("TrekkersList.csv");
  const rows = parseCsv(await fs.readFile((await file.path())!, "utf8"));
  expect(rows[0]).toEqual(["Id", "Trekker", "Trekking Area", "Card Number", "Regional Type", "Country", "Registered Date", "Card Status", "Payment Date"]);
  expect(
    rows
      .slice(1)
      .map((r) => r[1])
      .sort(),
  ).toEqual([...mine].sort());

  const row = page.getByRole("row").filter({ hasText: mine[0] });
  await expect(row.getByRole("link", { name: `Pay ${mine[0]}` })).toHaveAttribute("href", /\/new-register\?regId=\d+&isPayment=1$/);
  await row.getByRole("link", { name: `Delete ${mine[0]}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete Trekker" });
  await dialog.getByLabel("Reason").fill("too short");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog.getByText("Minimum 10 character is required")).toBeVisible(slow);
  await dialog.getByLabel("Reason").fill("The client cancelled the trip.");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Trekker deleted successfully")).toBeVisible(slow);
  await expect(page).toHaveURL(new RegExp(`/trekkers\\?trekkingArea=${route.id}$`));
  await expect(page.getByRole("row").filter({ hasText: mine[0] })).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: mine[1] })).toBeVisible();

  // Deleted Trekkers is the board's: others get 'Unauthorized'.
  await page.goto("/deleted-trekkers");
  await expect(page.getByRole("heading", { name: "Unauthorized" })).toBeVisible();
  await page.context().clearCookies();
  await signInAs(page, "ntb@tims.test");
  await page.goto(`/deleted-trekkers?username=${encodeURIComponent(mine[0])}`);
  const deleted = page.getByRole("row").filter({ hasText: mine[0] });
  await expect(deleted).toContainText("The client cancelled the trip.");
  await expect(deleted).toContainText("Role Test Treks");
});

test("the board filters, opens the trekker panel from a row and cancels a card with a reason", async ({ page }) => {
  const agency = await makeActiveUser("agency");
  const route = await makeRoute("Board Trek");
  const name = unique("Dawa Issued");
  const unpaidName = unique("Ema Unpaid");
  await issuedCards(agency, await makeCardGenerator(), route.id, { trekkers: [name] });
  await makeRegistration(agency, route.id, { trekkers: [unpaidName] });

  await signInAs(page, "ntb@tims.test");
  await page.goto("/trekkers");
  await hydrated(page);
  await page.getByLabel("Trekking Area").selectOption({ label: route.name });
  await page.getByLabel("Card Status").selectOption("Upcoming");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/cardStatus=Upcoming/);
  await expect(page.getByRole("row").filter({ hasText: unpaidName })).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Role Test Treks");
  await expect(page.getByText("Showing 1-1 of 1")).toBeVisible();
  // At 1280 px beside the sidebar the row's actions show without scrolling the table sideways
  // (before, Card Status and Actions were hidden behind the scroll). Not to the pixel: the test
  // data's long unbroken names (a route named by a timestamp) can widen the table by a few.
  expect(page.viewportSize()?.width).toBe(1280);
  await expect(row.getByRole("link", { name: `Cancel ${name}` })).toBeInViewport({ ratio: 0.9 });

  await row.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/trekkers\/\d+\?/, slow);
  const panel = page.getByRole("dialog");
  await expect(panel).toContainText("Background", slow);
  await panel.getByRole("link", { name: "Close" }).first().click();
  await expect(page).toHaveURL(/\/trekkers\?/);

  await page
    .getByRole("row")
    .filter({ hasText: name })
    .getByRole("link", { name: `Cancel ${name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Cancel Card" });
  await dialog.getByLabel("Reason").fill("Trekker left Nepal before the trek.");
  await dialog.getByRole("button", { name: "Cancel Card" }).click();
  await expect(page.getByText("Card cancelled successfully")).toBeVisible(slow);
  // The list keeps its filters: the cancelled card is no longer Upcoming.
  await expect(page).toHaveURL(/cardStatus=Upcoming/);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
});

test("a checkpost's /trekkers is its Scanned Trekkers, filters kept; a panel from its Trekkers list closes back to that list", async ({ page }) => {
  const checkpost = await makeActiveUser("checkpost");
  const route = await makeRoute("Post Trek");
  const name = unique("Furba Posted");
  await makeRegistration(checkpost, route.id, { trekkers: [name] });

  await signInAs(page, checkpost.email);
  // The old tab URL (bookmarks, links) arrives at the list's own route with its filters.
  await page.goto("/trekkers?tab=scanned&cardNumber=100001");
  await expect(page).toHaveURL("/trekkers/scanned?cardNumber=100001");
  await expect(page.getByLabel("Card Number")).toHaveValue("100001");

  await page.goto("/trekkers?tab=trekkers");
  await page.getByRole("row").filter({ hasText: name }).getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/trekkers\/\d+\?tab=trekkers/, slow);
  const panel = page.getByRole("dialog");
  await expect(panel).toContainText("Background", slow);
  // Its own tabs use ?tab= as well; closing still returns to the Trekkers list, not to Scanned Trekkers.
  await panel.getByRole("link", { name: "Trekker Details" }).click();
  await expect(page).toHaveURL(/tab=details/);
  await panel.getByRole("link", { name: "Close" }).first().click();
  await expect(page).toHaveURL("/trekkers?tab=trekkers");
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);
});

test("TAAN's rows open no panel; TAAN approves a returned card from its row", async ({ page }) => {
  const agency = await makeActiveUser("agency");
  const taan = await makeActiveUser("taan");
  const route = await makeRoute("Return Trek");
  const name = unique("Furba Returned");
  const { trekkerIds } = await issuedCards(agency, await makeCardGenerator(), route.id, { trekkers: [name] });
  await applyCardAction(agency, "return", trekkerIds[0], "Trek called off");

  await signInAs(page, taan.email);
  await page.goto(`/trekkers?trekkingArea=${route.id}`);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Returned");
  await expect(row.getByRole("link", { name, exact: true })).toHaveCount(0);
  expect((await page.request.get(`/trekkers/${trekkerIds[0]}`)).status()).toBe(403);
  await row.getByRole("link", { name: `Approve ${name}` }).click();
  await page.getByRole("dialog", { name: "Approve Return" }).getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Card status updated successfully")).toBeVisible(slow);
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: name })
      .getByRole("link", { name: `Approve ${name}` }),
  ).toHaveCount(0);

  // The board finds it on the Requests > TIMS Card Return tab.
  await page.context().clearCookies();
  await signInAs(page, "ntb@tims.test");
  await page.goto("/requests/card-returns?returnStatus=approved");
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Return approved");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("search on Enter, quick ranges and paging are plain GET requests", async ({ page }) => {
    const agency = await makeActiveUser("agency");
    const route = await makeRoute("NoJS Trek");
    const prefix = unique("Gyalbu");
    await makeRegistration(agency, route.id, { trekkers: Array.from({ length: 12 }, (_, i) => `${prefix} ${String(i).padStart(2, "0")}`) });
    await signInAs(page, agency.email);
    await page.goto("/trekkers?pageSize=10");
    const search = page.getByRole("main").getByRole("searchbox", { name: "Search" });
    await search.fill(prefix);
    await search.press("Enter");
    await expect(page).toHaveURL(new RegExp(`username=${encodeURIComponent(prefix).replace(/%20/g, "\\+")}`));
    await expect(page).toHaveURL(/pageSize=10/);
    await expect(page.getByText("Showing 1-10 of 12")).toBeVisible();
    await page.getByRole("link", { name: "Page 2" }).click();
    await expect(page.getByText("Showing 11-12 of 12")).toBeVisible();
    await page.getByRole("link", { name: "Last 7 days" }).click();
    await expect(page).toHaveURL(/startDate=\d{4}-\d{2}-\d{2}&endDate=\d{4}-\d{2}-\d{2}/);
    await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "true");
    await expect(page.getByText("Showing 1-10 of 12")).toBeVisible();
  });
});

test("with JavaScript a running export shows its progress and can be cancelled", async ({ page }) => {
  await signInAs(page, "ntb@tims.test");
  await page.goto("/trekkers");
  await hydrated(page);
  // React has taken over the Export link (until then a click is a plain download).
  await page.waitForFunction(() => {
    const link = [...document.querySelectorAll("a")].find((a) => a.textContent === "Export");
    return !!link && Object.keys(link).some((k) => k.startsWith("__reactProps"));
  });
  // The export's answer is held back a few seconds, so it is still running while we look.
  await page.route("**/trekkers/export**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    await route.continue().catch(() => {});
  });
  let downloads = 0;
  page.on("download", () => downloads++);
  await page.getByRole("link", { name: "Export" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Exporting… 0 (of [\d,]+ )?rows/ })).toBeVisible();
  await expect(page.getByRole("status").locator("progress")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Exporting" })).toHaveCount(0);
  await page.waitForTimeout(9_000);
  expect(downloads).toBe(0);
});

test("the account view's Registered Trekker tab lists the agency's trekkers; rows open the card", async ({ page }) => {
  const agency = await makeActiveUser("agency");
  const route = await makeRoute("Account Trek");
  const name = unique("Hari Account");
  const { regId } = await makeRegistration(agency, route.id, { trekkers: [name] });
  const [trekkerId] = await trekkerIdsOf(regId);
  await signInAs(page, "taan@tims.test");
  await page.goto(`/users/trekking-agency/${agency.id}`);
  await page.getByRole("link", { name: "Registered Trekker" }).click();
  await expect(page).toHaveURL(new RegExp(`/users/trekking-agency/${agency.id}/trekkers$`));
  await expect(page.getByRole("row").filter({ hasText: name }).getByRole("link", { name, exact: true })).toHaveAttribute("href", `/tims-cards/${trekkerId}`);
  await expect(page.getByRole("columnheader", { name: "Actions" })).toHaveCount(0);
});
