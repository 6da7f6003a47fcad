import { expect, test, type Page } from "@playwright/test";
import { makeUser, uniqueEmail } from "./support/data";
import { dayFromToday, expectTotal, fillTrek, fillTrekker, makeRoute, yearsAgo } from "./support/registration";
import { hydrated } from "./support/session";
import { createRoute } from "@modules/trek-routes/index.server";
import { signInAs } from "./support/auth-cookie";

async function startTrek(page: Page, routeName: string, first: Parameters<typeof fillTrekker>[1]) {
  await page.goto("/new-register");
  await hydrated(page);
  await fillTrek(page, routeName);
  await fillTrekker(page, first);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Trek detail added successfully.")).toBeVisible();
  await expect(page).toHaveURL(/\/new-register\/\d+$/);
  return Number(page.url().split("/").pop());
}

async function addTrekker(page: Page, t: Parameters<typeof fillTrekker>[1]) {
  await page.getByRole("link", { name: "Add Trekker" }).click();
  await fillTrekker(page, t);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("Trekker added successfully.")).toBeVisible();
}

test("a free trekker registers two trekkers, edits, adds and removes rows, and comes back by Revisit", async ({ page }) => {
  test.setTimeout(120_000);
  const route = await makeRoute();
  const fit = await makeUser({ userType: 1 });
  await signInAs(page, fit.email, { land: true });
  const regId = await startTrek(page, route.name, { fullName: "Anna Keller" });
  await expectTotal(page, "NRs. 2,000");
  await addTrekker(page, { fullName: "Lena Keller", type: "Child", dob: yearsAgo(6) });
  await expectTotal(page, "NRs. 2,000");
  await addTrekker(page, { fullName: "Ravi Sharma", nationality: "India", passport: "123412341234" });
  await expectTotal(page, "NRs. 3,000");

  const ravi = page.locator("section").filter({ hasText: "Ravi Sharma" }).last();
  await ravi.getByRole("link", { name: "Remove" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Trekker removed successfully.")).toBeVisible();
  await expectTotal(page, "NRs. 2,000");
  await expect(page.getByText("Ravi Sharma")).toHaveCount(0);

  const anna = page.locator("section").filter({ hasText: "Trekker 1: Anna Keller" }).last();
  await anna.getByRole("link", { name: "Edit", exact: true }).click();
  await page.getByLabel("Full Name").fill("Anna Maria Keller");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("User Details Successfully Updated")).toBeVisible();
  await expect(page.getByText("Trekker 1: Anna Maria Keller")).toBeVisible();

  await page.locator("section").filter({ hasText: "Trekker 1: Anna Maria Keller" }).last().getByRole("link", { name: "Edit Insurance" }).click();
  await page.getByLabel("Insurance Company").fill("Himalaya Insurance");
  await page.getByLabel("Policy Number").fill("HI-778");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("Insurance Details Successfully Updated")).toBeVisible();
  await expect(page.getByText(/Himalaya Insurance · HI-778/)).toBeVisible();

  await page.getByRole("link", { name: "Edit", exact: true }).first().click();
  await page.getByLabel("Trek Exit Date").fill(dayFromToday(25));
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("Trek Details Successfully Updated")).toBeVisible();

  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(`/new-register/${regId}/payment`);
  await expectTotal(page, "NRs. 2,000");

  await page.goto("/trekking-history");
  const rows = page.getByRole("row").filter({ hasText: route.name });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("Payment Pending");
  await rows.first().getByRole("link", { name: "Revisit" }).click();
  await expect(page).toHaveURL(`/new-register/${regId}`);
  await expect(page.getByText("Trekker 2: Lena Keller")).toBeVisible();
});

test("an agency registers with guide details and pays the SAARC and child rates", async ({ page }) => {
  test.setTimeout(90_000);
  const route = await makeRoute();
  await signInAs(page, "agency@tims.test");
  await page.goto("/new-register");
  await hydrated(page);
  await fillTrek(page, route.name);
  await fillTrekker(page, { fullName: "Ravi Sharma", nationality: "India", passport: "123412341234" });
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Guide Name field is required")).toBeVisible();
  await expect(page.getByText("Guide Contact field is required")).toBeVisible();
  await fillTrekker(page, { fullName: "Ravi Sharma", nationality: "India", passport: "123412341234", guide: true });
  await page.getByLabel("Guide Contact").fill("98510");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Please enter 10 digit number")).toBeVisible();
  await page.getByLabel("Guide Contact").fill("9851012345");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Trek detail added successfully.")).toBeVisible();
  await expectTotal(page, "NRs. 1,000");
  await addTrekker(page, { fullName: "Asha Sharma", type: "Child", nationality: "India", dob: yearsAgo(4), guide: true });
  await expectTotal(page, "NRs. 1,000");
});

test("each validation message appears for its bad input; a diplomat is refused", async ({ page }) => {
  test.setTimeout(90_000);
  const route = await makeRoute();
  const fit = await makeUser({ userType: 1 });
  await signInAs(page, fit.email);
  await page.goto("/new-register");
  await hydrated(page);
  await page.getByRole("button", { name: "Next" }).click();
  for (const text of [
    "Trekking Area field is required",
    "Full Name field is required",
    "Nationality field is required",
    "City field is required",
    "Gender field is required",
    "Date of Birth field is required",
    "Passport Number field is required",
    "Policy Type field is required",
  ]) {
    await expect(page.getByText(text)).toBeVisible();
  }
  // Nepal is not offered to free trekkers.
  await expect(page.getByLabel("Nationality").locator("option", { hasText: /^Nepal$/ })).toHaveCount(0);

  await page.getByLabel("Trekker Type").selectOption({ label: "Diplomat" });
  await expect(page.getByRole("alertdialog")).toContainText("For Diplomat please visit Nepal Tourism Board");
  await page.getByRole("alertdialog").getByText("OK").click();
  await expect(page.getByRole("alertdialog")).toBeHidden();
  await expect(page.getByLabel("Trekker Type")).toHaveValue("");
  // A click on the backdrop closes it too (spec: Escape or backdrop); a click inside does not.
  await page.getByLabel("Trekker Type").selectOption({ label: "Diplomat" });
  await page.getByRole("alertdialog").getByText("For Diplomat please visit Nepal Tourism Board").click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(page.getByRole("alertdialog")).toBeHidden();

  await fillTrek(page, route.name);
  await page.getByLabel("Trek Exit Date").fill(dayFromToday(5));
  await fillTrekker(page, { fullName: "Tom 2", dob: dayFromToday(3), email: "tom@" });
  await page.getByLabel("Nationality").selectOption({ label: "India" });
  await expect(page.getByLabel("Passport Number / Aadhaar number")).toBeVisible();
  await expect(page.getByLabel("Visa Number")).toBeHidden();
  await page.getByLabel("Nationality").selectOption({ label: "Germany" });
  await page.getByLabel("Visa Issue Date").fill(dayFromToday(-5));
  await page.getByLabel("Visa Expiry Date").fill(dayFromToday(-30));
  await page.getByRole("button", { name: "Next" }).click();
  for (const text of [
    "Trek Exit Date can not be less than Entry Date",
    "Only text allowed",
    "Date of birth can not be greater than today Date",
    "Please enter a correct email address",
    "Visa Expiry Date can not be less than Visa Issue Date",
  ]) {
    await expect(page.getByText(text)).toBeVisible();
  }
  await page.getByLabel("Full Name").fill("Tom Berg");
  await page.getByLabel("Date of Birth").fill(yearsAgo(8));
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Please select type Child for age below 10 years.")).toBeVisible();
  await page.getByLabel("Trekker Type").selectOption({ label: "Child" });
  await page.getByLabel("Date of Birth").fill(yearsAgo(12));
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Child's date of birth can not be greater than 9 years of age")).toBeVisible();
});

test("an agency awaiting approval can not open the wizard", async ({ page }) => {
  const agency = await makeUser({ userType: 2, email: uniqueEmail("pending"), organizationName: "Pending Co", isDocumentUploaded: true, isVerified: null });
  await signInAs(page, agency.email);
  await page.goto("/new-register");
  await expect(page).toHaveURL("/upload-documents-status/sent");
});

test("one user can not open or change another user's registration", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const route = await makeRoute();
  const owner = await makeUser({ userType: 1 });
  await signInAs(page, owner.email, { land: true });
  const regId = await startTrek(page, route.name, { fullName: "Owner Person" });

  const intruder = await makeUser({ userType: 1 });
  const other = await (await browser.newContext()).newPage();
  await signInAs(other, intruder.email);
  expect((await other.goto(`/new-register/${regId}`))?.status()).toBe(404);
  expect((await other.goto(`/new-register/${regId}/payment`))?.status()).toBe(404);
  const post = await other.request.post(`/new-register/${regId}`, { multipart: { intent: "insurance", trekkerId: "1", policyType: "Hacked" } });
  expect(post.status()).toBe(404);
  await page.reload();
  await expect(page.getByText("Hacked")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("a free trekker registers and edits through plain forms", async ({ page }) => {
    test.setTimeout(90_000);
    const route = await makeRoute();
    const fit = await makeUser({ userType: 1 });
    await signInAs(page, fit.email);
    await page.goto("/new-register");
    await fillTrek(page, route.name);
    await fillTrekker(page, { fullName: "Nojs Walker" });
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Trek detail added successfully.")).toBeVisible();
    await expectTotal(page, "NRs. 2,000");
    await page.getByRole("link", { name: "Edit Insurance" }).click();
    await page.getByLabel("Policy Type").fill("");
    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByText("Policy Type field is required")).toBeVisible();
    await page.getByLabel("Policy Type").fill("Rescue only");
    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByText("Insurance Details Successfully Updated")).toBeVisible();
  });

  test("the first step reports every problem at once: the route's points with the form's own", async ({ page }) => {
    const route = await makeRoute();
    // Without JavaScript the entry points of every route are offered, grouped by route.
    const elsewhere = `Namche Gate ${Date.now()}`;
    await createRoute({
      name: `Other ${elsewhere}`,
      provinceId: 1,
      startPoint: "Lukla",
      endPoint: "Gorak Shep",
      checkpoints: [{ name: elsewhere }],
      description: "<p>Other</p>",
    });
    const fit = await makeUser({ userType: 1 });
    await signInAs(page, fit.email);
    await page.goto("/new-register");
    await fillTrek(page, route.name);
    await page.getByLabel("Trek Exit Date").fill(dayFromToday(5));
    await page.getByLabel("Entry Point").selectOption(elsewhere);
    await fillTrekker(page, { fullName: "Nojs Two" });
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Trek Exit Date can not be less than Entry Date")).toBeVisible();
    await expect(page.locator("#" + (await page.getByLabel("Entry Point").getAttribute("aria-describedby")))).toHaveText(
      "Choose a point on the selected trekking route",
    );
  });
});
