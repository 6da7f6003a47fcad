import { expect, test, type Page } from "@playwright/test";
import { makeUser } from "./support/data";
import { signIn } from "./support/session";

// Nested error boundaries: a 4xx inside a page keeps the layout; one inside a side panel or a
// modal stays in the dialog, with the page it was opened from still behind it.

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });

test.describe("error boundaries keep the layout", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, "ntb@tims.test");
  });

  for (const path of ["/route/abc", "/requests/abc", "/requests/1e3", "/users/fit/abc"]) {
    test(`a non-numeric id (${path}) is a 404 inside the layout`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId("error-404")).toBeVisible();
      await expect(page.getByText("Page Not Found")).toBeVisible();
      await expect(sidebar(page)).toBeVisible();
    });
  }

  test("a side panel whose id does not exist shows the 404 in the panel, the list stays behind", async ({ page }) => {
    const response = await page.goto("/requests/vouchers/999999");
    expect(response?.status()).toBe(404);
    const panel = page.getByRole("dialog");
    await expect(panel.getByTestId("error-404")).toBeVisible();
    await expect(panel.getByText("Page Not Found")).toBeVisible();
    // The voucher list (its filters and tabs) is rendered behind the panel.
    await expect(page.getByRole("search", { name: "Filters" }).getByRole("button", { name: "Search" })).toBeAttached();
    await expect(page.getByRole("link", { name: "Voucher" }).first()).toBeAttached();
    await expect(sidebar(page)).toBeVisible();
    await panel.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/requests\/vouchers$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a modal refused for its account shows the error in the modal over the account view", async ({ page }) => {
    const trekker = await makeUser({ fullName: "Boundary Trekker" });
    // Checkpost details exist only for checkpost accounts: for a trekker the modal's loader is a 404.
    const response = await page.goto(`/users/fit/${trekker.id}/checkpost-info`);
    expect(response?.status()).toBe(404);
    const modal = page.getByRole("dialog");
    await expect(modal.getByTestId("error-404")).toBeVisible();
    await expect(page.getByText("Boundary Trekker").first()).toBeAttached();
    await expect(sidebar(page)).toBeVisible();
  });

  test("a non-numeric id inside a modal URL is a 404, never NaN passed on", async ({ page }) => {
    const response = await page.goto("/users/fit/abc/delete");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("error-404").first()).toBeVisible();
    await expect(sidebar(page)).toBeVisible();
  });
});
