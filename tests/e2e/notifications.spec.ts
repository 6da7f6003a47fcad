import { expect, test } from "@playwright/test";
import { issuedCards, makeCardGenerator } from "../factories/cards";
import { paidBill } from "../factories/payments";
import { makeRoute } from "../factories/registrations";
import { makeRoleUser } from "../factories/users";
import { applyCardAction } from "@modules/cards/index.server";
import { notify } from "@modules/notifications/index.server";
import { signInAs } from "./support/auth-cookie";
import { uniqueEmail } from "./support/data";
import { makeActiveUser } from "./support/roles";
import { hydrated } from "./support/session";

// Issue 17, items 2–3: the bell's count, the list (unread and read), opening one, Mark all read,
// the inbox's filters; the board has no bell.

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an agency sees the count, opens a notification at its subject and marks all read", async ({ page }) => {
      const route = await makeRoute(`Notice Trek ${javaScriptEnabled ? "js" : "nojs"}`);
      const agency = await makeRoleUser("agency", {
        email: uniqueEmail("notice-agency"),
        organizationName: "Bell Treks",
        countryId: 524,
        isApproved: true,
        isVerified: true,
        isDocumentUploaded: true,
      });
      const board = await makeActiveUser("ntb");
      const { regId } = await paidBill(route.id, { payer: agency, count: 1 });
      const { trekkerIds } = await issuedCards(agency, await makeCardGenerator(), route.id);
      await applyCardAction(board, "cancel", trekkerIds[0], "Permit revoked by the board");

      await signInAs(page, agency.email);
      await page.goto("/dashboard");
      await expect(page.getByTestId("bell-count")).toHaveText("2");
      await page.getByRole("link", { name: "Notifications, 2 unread" }).click();
      await expect(page).toHaveURL(/\/notifications$/);
      const unread = page.getByRole("list", { name: "Unread notifications", exact: true });
      await expect(unread.getByTestId("notification")).toHaveCount(2);
      await unread.getByRole("button", { name: /TIMS card issued for Notice Trek/ }).click();
      await expect(page).toHaveURL(new RegExp(`/new-register/${regId}$`));
      await expect(page.getByTestId("bell-count")).toHaveText("1");

      await page.goto("/notifications");
      await expect(page.getByRole("list", { name: "Read notifications", exact: true }).getByTestId("notification")).toHaveCount(1);
      await page.getByRole("button", { name: "Mark all read" }).click();
      await expect(page.getByText("All notifications marked as read")).toBeVisible();
      await expect(page.getByTestId("bell-count")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Mark all read" })).toHaveCount(0);

      // The inbox: the same events with their bodies, by category.
      await page.goto("/inbox");
      await expect(page.getByTestId("notification")).toHaveCount(2);
      await expect(page.getByText("Remarks: Permit revoked by the board")).toBeVisible();
      await page.getByRole("link", { name: "Users", exact: true }).click();
      await expect(page.getByText("No notifications found")).toBeVisible();
      await page.getByRole("link", { name: "TIMS Cards", exact: true }).click();
      await expect(page.getByTestId("notification")).toHaveCount(2);
    });
  });
}

test("the bell updates by itself with JavaScript, and someone else's notification cannot be opened", async ({ page }) => {
  const fit = await makeRoleUser("fit", { email: uniqueEmail("notice-fit"), countryId: 524 });
  const other = await makeRoleUser("fit", { email: uniqueEmail("notice-other"), countryId: 524 });
  await signInAs(page, fit.email);
  await page.clock.install();
  await page.goto("/trekking-history");
  await expect(page.getByTestId("bell-count")).toHaveCount(0);
  await notify({ kind: "cards-issued", to: [fit.id], title: "Raised while the page was open", body: "b", link: "/trekking-history" });
  // The bell's 30 s timer starts once the page has hydrated, which a loaded machine may finish
  // after the first jump of the clock: jump again until the timer has asked.
  await hydrated(page);
  await expect(async () => {
    await page.clock.fastForward(31_000);
    await expect(page.getByTestId("bell-count")).toHaveText("1", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  await notify({ kind: "cards-issued", to: [other.id], title: "Not yours", body: "b", link: "/" });
  await page.goto("/notifications");
  await expect(page.getByText("Not yours")).toHaveCount(0);
  const theirs = await page.request.post("/notifications", { form: { intent: "open", id: "999999" } });
  expect(theirs.status()).toBe(404);
});

test("the board has no bell and no notifications page", async ({ page }) => {
  const board = await makeActiveUser("ntb");
  await signInAs(page, board.email);
  await page.goto("/dashboard");
  await expect(page.getByRole("link", { name: /^Notifications/ })).toHaveCount(0);
  const response = await page.goto("/notifications");
  expect(response?.status()).toBe(403);
});
