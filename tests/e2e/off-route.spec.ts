// A card for another trekking area at a checkpost (issue 26, item 4), as staff meet it on /scan,
// with JavaScript on and off: a warning naming the card's area and nothing recorded; Record
// keeps an off-route check-in, marked on the trekker's trail and in Scanned Trekkers; Refuse
// keeps a refused scan.
import { expect, test } from "@playwright/test";
import { routeCheckpoints } from "@modules/trek-routes/index.server";
import { makeCheckpostAt, makeTrail, trailCards } from "../factories/checkins";
import { makeRoute } from "../factories/registrations";
import { inDays } from "../factories/dates";
import { signInAs } from "./support/auth-cookie";
import { hydrated } from "./support/session";

test.describe.configure({ timeout: 120_000 });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a card for another trekking area is shown with a warning; recorded off-route or refused", async ({ page }) => {
      const { route } = await makeTrail(0);
      const langtang = await makeRoute("Langtang Valley", { checkpoints: [{ name: "Dhunche Gate" }] });
      const [dhunche] = await routeCheckpoints(langtang.id);
      const checkpost = await makeCheckpostAt(langtang.id, dhunche.id);
      const [kept, turned] = await trailCards(route.id, { count: 2, entry: inDays(0), exit: inDays(5) });
      await signInAs(page, checkpost.email);

      const typed = async (card: { cardNumber: number; passport: string }) => {
        await page.goto("/scan");
        if (javaScriptEnabled) await hydrated(page);
        await page.getByLabel("Card Number").fill(String(card.cardNumber));
        await page.getByLabel("Passport Number").fill(card.passport);
        await page.getByRole("button", { name: "Check card" }).click();
      };

      await typed(kept);
      const warning = page.getByTestId("scan-off-route");
      // The first answer after the submit: a scan on a loaded CI machine has taken more than the default 7 s.
      await expect(warning).toContainText("card for another trekking area", { timeout: 30_000 });
      await expect(warning).toContainText(route.name);
      await warning.getByRole("button", { name: "Record off-route check-in" }).click();
      await expect(page).toHaveURL(`/scanned-trekker/${kept.regId}/${kept.trekkerId}`);
      await expect(page.getByText(`Recorded as an off-route check-in (the card is for ${route.name}).`)).toBeVisible();
      await expect(page.getByTestId("trail")).toContainText("Dhunche Gate (off route)");

      await typed(turned);
      await page.getByTestId("scan-off-route").getByRole("button", { name: "Refuse card" }).click();
      const refused = page.getByTestId("scan-refused");
      await expect(refused).toContainText(`Refused at this checkpoint: the card is for ${route.name}.`);

      await page.goto("/trekkers/scanned");
      await expect(page.getByRole("row").filter({ hasText: kept.fullName })).toContainText("Check in (off route)");
      await expect(page.getByRole("row").filter({ hasText: turned.fullName })).toContainText("Refused");
    });
  });
}
