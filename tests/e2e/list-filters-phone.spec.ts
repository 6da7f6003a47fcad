import { expect, test, type Page } from "@playwright/test";
import { makeTrail, trailCards } from "../factories/checkins";
import { inDays } from "../factories/dates";
import { signInAs } from "./support/auth-cookie";
import { hydrated } from "./support/session";

// Issue 26 item 10: on a 390 px phone the list kit's filters fold behind one "Filters" button
// (which says how many are set), so the list starts on the first screen; with JavaScript on and off.

test.use({ viewport: { width: 390, height: 844 } });

const firstRowTop = async (page: Page) => (await page.locator("table tbody tr").first().boundingBox())!.y;

for (const js of [true, false]) {
  test.describe(`JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("the board's /trekkers shows its first row on the first screen; the filters open from the button", async ({ page }) => {
      const { route } = await makeTrail();
      const [card] = await trailCards(route.id, { entry: inDays(3), exit: inDays(9) });
      await signInAs(page, "ntb@tims.test");
      await page.goto("/trekkers");
      await hydrated(page);

      const search = page.getByRole("searchbox", { name: "Search", exact: true });
      await expect(search).toBeHidden();
      const button = page.locator("summary").filter({ hasText: /^Filters/ });
      await expect(button).toBeVisible();
      expect(await firstRowTop(page)).toBeLessThan(844);

      await page.screenshot({ path: test.info().outputPath("folded.png") });
      await button.click();
      await expect(search).toBeVisible();
      await expect(page.getByLabel("Card Status")).toBeVisible();
      await page.screenshot({ path: test.info().outputPath("opened.png"), fullPage: true });
      await search.fill(String(card.cardNumber));
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`username=${card.cardNumber}`));

      // One filter set: the button says so, and the list (now the one card) still comes first.
      await expect(page.locator("table tbody tr")).toHaveCount(1);
      await expect(page.locator("table tbody")).toContainText(card.fullName);
      await expect(page.getByText("Filters (1 set)")).toBeVisible();
      expect(await firstRowTop(page)).toBeLessThan(844);

      // Wider than a phone the same page shows its filters open above the list, with no button.
      await page.setViewportSize({ width: 1280, height: 720 });
      await expect(search).toBeVisible();
      await expect(search).toHaveValue(String(card.cardNumber));
      await expect(page.getByLabel("Card Status")).toBeVisible();
      await expect(button).toBeHidden();
      await page.screenshot({ path: test.info().outputPath("desktop.png") });
    });

    test("a list opened with two filters set says so on its folded button", async ({ page }) => {
      await signInAs(page, "ntb@tims.test");
      await page.goto(`/trekkers?startDate=${inDays(-30)}&endDate=${inDays(0)}`);
      await expect(page.getByText("Filters (2 set)")).toBeVisible();
      expect(await firstRowTop(page)).toBeLessThan(844);
    });
  });
}
