import { expect, test } from "@playwright/test";
import { makeUser } from "./support/data";
import { dayFromToday, makeRoute, yearsAgo } from "./support/registration";
import { hydrated } from "./support/session";
import { signInAs } from "./support/auth-cookie";

// The wizard's first step checks each field when it is left (the same zod schema as the server,
// cross-field rules included), before Next is pressed; Visa Expiry waits for Issue Date (spec 1 §5).

test("leaving a field shows its error before Next; corrections clear it as typed", async ({ page }) => {
  const route = await makeRoute();
  const fit = await makeUser({ userType: 1 });
  await signInAs(page, fit.email);
  const scripts: string[] = [];
  page.on("request", (r) => void (r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname)));
  await page.goto("/new-register");
  await hydrated(page);
  // A document page (ADR 0043): the document script (and its chunks) does all of this, no React.
  expect(scripts).toContainEqual(expect.stringMatching(/^\/page-script\/document\.[A-Za-z0-9_-]+\.js$/));
  expect(scripts.filter((s) => !s.startsWith("/page-script/"))).toEqual([]);
  await page.getByLabel("Trekking Area").selectOption({ label: route.name });

  const exit = page.getByLabel("Trek Exit Date");
  await expect(exit).toBeDisabled();
  await page.getByLabel("Trek Entry Date").fill(dayFromToday(10));
  await exit.fill(dayFromToday(5));
  await exit.blur();
  await expect(page.getByText("Trek Exit Date can not be less than Entry Date")).toBeVisible();
  await exit.fill(dayFromToday(15));
  await expect(page.getByText("Trek Exit Date can not be less than Entry Date")).toHaveCount(0);

  // The child and age rules, when the date of birth is left.
  await page.getByLabel("Trekker Type").selectOption({ label: "Normal" });
  const dob = page.getByLabel("Date of Birth");
  await dob.fill(yearsAgo(8));
  await dob.blur();
  await expect(page.getByText("Please select type Child for age below 10 years.")).toBeVisible();
  // As a user does: into the select, pick, and out (selectOption alone never focuses it).
  await page.getByLabel("Trekker Type").focus();
  await page.getByLabel("Trekker Type").selectOption({ label: "Child" });
  await page.getByLabel("Trekker Type").blur();
  await expect(page.getByText("Please select type Child for age below 10 years.")).toHaveCount(0);

  // Visa Expiry is disabled until Issue Date has a value, and checked against it when left.
  await page.getByLabel("Nationality").selectOption({ label: "Germany" });
  const expiry = page.getByLabel("Visa Expiry Date");
  await expect(expiry).toBeDisabled();
  await page.getByLabel("Visa Issue Date").fill(dayFromToday(-5));
  await expect(expiry).toBeEnabled();
  await expiry.fill(dayFromToday(-30));
  await expiry.blur();
  await expect(page.getByText("Visa Expiry Date can not be less than Visa Issue Date")).toBeVisible();
  await page.getByLabel("Visa Issue Date").fill("");
  await expect(expiry).toBeDisabled();
  // Nothing was submitted.
  await expect(page).toHaveURL(/\/new-register$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Visa Expiry stays enabled and the server checks the dates", async ({ page }) => {
    const fit = await makeUser({ userType: 1 });
    await signInAs(page, fit.email);
    await page.goto("/new-register");
    await expect(page.getByLabel("Visa Expiry Date")).toBeEnabled();
    await expect(page.getByLabel("Trek Exit Date")).toBeEnabled();
  });
});
