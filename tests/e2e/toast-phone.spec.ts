// Issue 26, item 8: on a 390 px phone the scan's toast never covers the page's buttons ("Scan
// next" above all): there it sits in the page's flow, and stays until dismissed.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { makeTrail, trailCards } from "../factories/checkins";
import { inDays } from "../factories/dates";
import { signInAs } from "./support/auth-cookie";
import { hydrated } from "./support/session";

test.use({ viewport: { width: 390, height: 844 } });

/** Whether a click at the centre of `target` would reach it (nothing drawn over it). */
async function reachable(page: Page, target: Locator): Promise<boolean> {
  const box = (await target.boundingBox())!;
  const handle = await target.elementHandle();
  return page.evaluate(
    ([x, y, el]) => {
      const hit = document.elementFromPoint(x as number, y as number);
      return !!hit && (hit === el || (el as Element).contains(hit));
    },
    [box.x + box.width / 2, box.y + box.height / 2, handle] as const,
  );
}

for (const javaScriptEnabled of [true, false]) {
  test(`the scan toast leaves "Scan next" free at 390 px (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const { route, checkpost } = await makeTrail(0);
    const [card] = await trailCards(route.id, { entry: inDays(0), exit: inDays(5) });
    await signInAs(page, checkpost.email);
    const scan = async () => {
      await page.goto("/scan");
      if (javaScriptEnabled) await hydrated(page);
      await page.getByLabel("Card Number").fill(String(card.cardNumber));
      await page.getByLabel("Passport Number").fill(card.passport);
      await page.getByRole("button", { name: "Check card" }).click();
      await expect(page).toHaveURL(`/scanned-trekker/${card.regId}/${card.trekkerId}`);
    };
    await scan();
    // The same card again: the longest message a scan gives ("Already recorded here at …").
    await scan();
    const toast = page.getByRole("region", { name: "Messages" });
    await expect(toast).toContainText("nothing new was recorded");
    const scanNext = page.getByRole("link", { name: "Scan next" });
    await expect(scanNext).toBeVisible();
    expect(await reachable(page, scanNext)).toBe(true);
    const [t, s] = [(await toast.boundingBox())!, (await scanNext.boundingBox())!];
    const overlaps = t.x < s.x + s.width && s.x < t.x + t.width && t.y < s.y + s.height && s.y < t.y + t.height;
    expect(overlaps).toBe(false);
    await scanNext.click();
    await expect(page).toHaveURL("/scan");
    await context.close();
  });
}
