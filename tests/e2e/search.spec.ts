// Issue 14 item 6: the header search. Enter opens the results page (a plain GET, so also without
// JavaScript); an agency finds its own trekkers and never another agency's; a result opens the
// trekker's panel; the board also finds accounts.
import { expect, test } from "@playwright/test";
import { makeRegistration, makeRoute } from "../factories/registrations";
import { signInAs } from "./support/auth-cookie";
import { makeActiveUser } from "./support/roles";

test.describe.configure({ timeout: 120_000 });

const letters = () =>
  Array.from(Date.now().toString(36) + Math.floor(Math.random() * 1e6).toString(36), (c) => String.fromCharCode(97 + (parseInt(c, 36) % 26))).join("");

for (const javaScriptEnabled of [false, true]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an agency finds its own trekker from the header, not another agency's, and opens the panel", async ({ page }) => {
      const [agency, other] = await Promise.all([makeActiveUser("agency"), makeActiveUser("agency")]);
      const route = await makeRoute("Search Trek");
      const family = `Sherpa${letters()}`;
      await makeRegistration(agency, route.id, { trekkers: [`Mingma ${family}`] });
      await makeRegistration(other, route.id, { trekkers: [`Mingma ${family} Other`] });

      await signInAs(page, agency.email);
      await page.goto("/trekkers");
      const box = page.getByRole("search", { name: "Quick search" }).getByRole("searchbox");
      await box.fill(`Mingma ${family}`);
      await box.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/search\\?q=Mingma`));
      const results = page.getByRole("region", { name: /Trekkers matching/ });
      await expect(results.getByRole("link", { name: `Mingma ${family}`, exact: true })).toBeVisible();
      await expect(results.getByText(`Mingma ${family} Other`)).toHaveCount(0);
      // An agency does not search accounts.
      await expect(page.getByRole("region", { name: /Users matching/ })).toHaveCount(0);
      await results.getByRole("link", { name: `Mingma ${family}`, exact: true }).click();
      await expect(page).toHaveURL(/\/trekkers\/\d+$/);
      await expect(page.getByRole("dialog").getByText(`Mingma ${family}`).first()).toBeVisible();
    });
  });
}

test("the board finds trekkers and accounts; nothing found says so", async ({ page }) => {
  const agency = await makeActiveUser("agency");
  await signInAs(page, "ntb@tims.test");
  await page.goto(`/search?q=${encodeURIComponent(agency.email)}`);
  await expect(page.getByRole("region", { name: /Users matching/ }).getByRole("link")).toHaveCount(1);
  await expect(page.getByRole("region", { name: /Trekkers matching/ }).getByText("No Data Found", { exact: true })).toBeVisible();
  await page.goto("/search");
  await expect(page.getByText(/press Enter/)).toBeVisible();
});

// Issue 28 item 2: any part of a name, case and accents aside, in the header search and in the
// Trekkers list's search; an agency's own trekkers only (another agency's Müller stays hidden).
test("'muller' finds Zoë O'Brien-Müller and Hans Müller from the header and in /trekkers", async ({ page }) => {
  const [agency, other] = await Promise.all([makeActiveUser("agency"), makeActiveUser("agency")]);
  const route = await makeRoute("Muller Trek");
  await makeRegistration(agency, route.id, { trekkers: ["Zoë O'Brien-Müller", "Hans Müller", "Sophie Martin"] });
  await makeRegistration(other, route.id, { trekkers: ["Greta Müller"] });

  await signInAs(page, agency.email);
  await page.goto("/trekkers");
  const box = page.getByRole("search", { name: "Quick search" }).getByRole("searchbox");
  await box.fill("muller");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=muller/);
  const results = page.getByRole("region", { name: /Trekkers matching/ });
  await expect(results.getByRole("link", { name: "Zoë O'Brien-Müller", exact: true })).toBeVisible();
  await expect(results.getByRole("link", { name: "Hans Müller", exact: true })).toBeVisible();
  await expect(results.getByText("Greta Müller")).toHaveCount(0);
  await expect(results.getByText("Sophie Martin")).toHaveCount(0);

  await page.goto("/trekkers");
  const search = page.getByRole("main").getByRole("searchbox", { name: "Search" });
  await search.fill("muller");
  await search.press("Enter");
  await expect(page).toHaveURL(/username=muller/);
  const table = page.getByRole("main").getByRole("table");
  await expect(table.getByText("Zoë O'Brien-Müller", { exact: true })).toBeVisible();
  await expect(table.getByText("Hans Müller", { exact: true })).toBeVisible();
  await expect(table.getByText("Greta Müller")).toHaveCount(0);
  await expect(table.getByText("Sophie Martin")).toHaveCount(0);

  await search.fill("brien");
  await search.press("Enter");
  await expect(table.getByText("Zoë O'Brien-Müller", { exact: true })).toBeVisible();
  await expect(table.getByText("Hans Müller", { exact: true })).toHaveCount(0);
});
