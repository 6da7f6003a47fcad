// Issue 25, item 3: a registration whose entry date has passed is not paid: the payment page says
// "Trek Entry Date can not be earlier than today" with a link to change the dates, and its actions
// refuse a hand-made POST; once the dates are changed it is paid as usual. An unpaid trek of a past
// season is closed by the daily sweep (Expired), which the trekker list shows, filters and exports.
import fs from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { sweepCards } from "@modules/cards/index.server";
import { PaymentAttempt } from "@modules/payments/index.server";
import { addTrekker, createRegistration } from "@modules/registration/index.server";
import { makeRoleUser } from "../factories/users";
import { makeUser, uniqueEmail } from "./support/data";
import { person, statusOf } from "./support/paid";
import { dayFromToday, makeRoute } from "./support/registration";
import { signInAs } from "./support/auth-cookie";
import { parseCsv } from "./support/routes-csv";
import { hydrated } from "./support/session";

const PAST = "Trek Entry Date can not be earlier than today";
const PHOTO = "trekker-photos/2026-11/00000000000000000000000000000000.jpg";
const slow = { timeout: 20_000 };

/** A registration of `owner` from `entry` to `exit` (YYYY-MM-DD), made through the module as the wizard would have. */
async function registration(owner: { id: number; userType: number }, entry: string, exit: string, names: string[]) {
  const route = await makeRoute("Past Trek");
  const viewer = { id: owner.id, userType: owner.userType, grants: [] as string[] };
  const trek = { routeId: route.id, entryDate: entry, exitDate: exit, entryPoint: "Besisahar", exitPoint: "Jomsom" };
  const regId = await createRegistration(viewer, trek, person(names[0]), PHOTO);
  for (const name of names.slice(1)) await addTrekker(regId, viewer, person(name), PHOTO);
  return { regId, route };
}

async function expectRefusal(page: Page) {
  const notice = page.getByTestId("past-trek");
  await expect(notice).toContainText(PAST, slow);
  await expect(notice.getByRole("link", { name: "Change the trek dates" })).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  test(`a trek whose entry date has passed is not paid; its dates are changed and it is (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    const user = await makeUser({ userType: 1 });
    const { regId } = await registration({ id: user.id, userType: 1 }, dayFromToday(-1), dayFromToday(6), ["Past Walker", "Late Walker"]);
    await signInAs(page, user.email);

    // The review page says why there is no Next.
    await page.goto(`/new-register/${regId}`);
    await expectRefusal(page);
    await expect(page.getByRole("link", { name: "Next" })).toHaveCount(0);

    // The payment page: the refusal and the way on, no method offered.
    await page.goto(`/new-register/${regId}/payment`);
    await hydrated(page);
    await expectRefusal(page);
    await expect(page.getByRole("button", { name: /^Pay with/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Submit Voucher" })).toHaveCount(0);
    for (const tab of ["qr", "voucher"]) {
      await page.goto(`/new-register/${regId}/payment?tab=${tab}`);
      await expectRefusal(page);
      await expect(page.getByRole("button", { name: /Show QR code|Submit Voucher/ })).toHaveCount(0);
    }
    // Forms posted by hand (a page left open since yesterday) are refused by the server.
    const posts: Record<string, string>[] = [{ intent: "pay", gateway: "esewa" }, { intent: "qr", gateway: "fonepay" }, { intent: "voucher" }];
    for (const multipart of posts) {
      const answer = await page.request.post(`/new-register/${regId}/payment`, { multipart, maxRedirects: 0 });
      expect(answer.status(), JSON.stringify(multipart)).toBeGreaterThanOrEqual(400);
      expect(await answer.text()).toContain(PAST);
    }
    expect(await PaymentAttempt.count({ where: { registrationId: regId } })).toBe(0);
    expect(await statusOf(regId)).toBe("Payment Pending");

    // The link opens the trek editor; new dates make the trek payable again.
    await page.getByTestId("past-trek").getByRole("link", { name: "Change the trek dates" }).click();
    await expect(page).toHaveURL(new RegExp(`/new-register/${regId}\\?edit=trek$`));
    await page.getByLabel("Trek Entry Date").fill(dayFromToday(2));
    await page.getByLabel("Trek Exit Date").fill(dayFromToday(9));
    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByText("Trek Details Successfully Updated")).toBeVisible(slow);
    await expect(page.getByTestId("past-trek")).toHaveCount(0);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(new RegExp(`/new-register/${regId}/payment$`));
    await hydrated(page);
    await expect(page.getByRole("button", { name: "Pay with eSewa" })).toBeVisible();
    await expect(page.getByTestId("past-trek")).toHaveCount(0);
    await context.close();
  });
}

test("the board's Generate Card refuses a trek whose entry date has passed, with the way to change its dates", async ({ page }) => {
  const agency = await makeRoleUser("agency", {
    email: uniqueEmail("past-agency"),
    organizationName: `Past Treks ${Date.now()}`,
    countryId: 524,
    isApproved: true,
    isVerified: true,
    isDocumentUploaded: true,
  });
  const { regId } = await registration(agency, dayFromToday(-3), dayFromToday(4), ["Generated Walker"]);
  const board = await makeRoleUser("ntb", { email: uniqueEmail("past-board"), grants: ["generateCard"] });
  await signInAs(page, board.email);
  await page.goto(`/cards/generate/${regId}`);
  await expectRefusal(page);
  await expect(page.getByRole("button", { name: "Generate Card" })).toHaveCount(0);
  const answer = await page.request.post(`/cards/generate/${regId}`, { form: {}, maxRedirects: 0 });
  expect(answer.status()).toBe(409);
  expect(await answer.text()).toContain(PAST);
  expect(await statusOf(regId)).toBe("Payment Pending");
  await page.getByTestId("past-trek").getByRole("link", { name: "Change the trek dates" }).click();
  await expect(page).toHaveURL(new RegExp(`/new-register/${regId}\\?edit=trek$`));
  await expect(page.getByLabel("Trek Entry Date")).toBeVisible();
});

test("an unpaid trek of a past season is Expired: the trekker list shows, filters and exports it, and it is not paid", async ({ page }) => {
  const agency = await makeRoleUser("agency", {
    email: uniqueEmail("expired-agency"),
    organizationName: `Expired Treks ${Date.now()}`,
    countryId: 524,
    isApproved: true,
    isVerified: true,
    isDocumentUploaded: true,
  });
  const name = `Season Walker ${Date.now().toString(36)}`;
  const { regId, route } = await registration(agency, "2001-03-01", "2001-03-10", [name]);
  // The daily sweep of a day just after that season touches only treks that ended before it.
  expect((await sweepCards({ today: "2001-03-11" })).expired).toBeGreaterThanOrEqual(1);
  expect(await statusOf(regId)).toBe("Expired");

  await signInAs(page, agency.email);
  await page.goto(`/trekkers?trekkingArea=${route.id}`);
  await hydrated(page);
  await expect(page.getByLabel("Card Status").locator("option", { hasText: "Expired" })).toHaveCount(1);
  await page.goto(`/trekkers?trekkingArea=${route.id}&cardStatus=Expired`);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Expired", slow);
  await expect(row.getByRole("link", { name: `Pay ${name}` })).toHaveCount(0);
  await page.goto(`/trekkers?trekkingArea=${route.id}&cardStatus=Payment+Pending`);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);

  await page.goto(`/trekkers?trekkingArea=${route.id}&cardStatus=Expired`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export" }).click();
  const rows = parseCsv(await fs.readFile((await (await download).path())!, "utf8"));
  const statusColumn = rows[0].indexOf("Card Status");
  expect(
    rows
      .slice(1)
      .filter((r) => r[1] === name)
      .map((r) => r[statusColumn]),
  ).toEqual(["Expired"]);

  await page.goto(`/new-register/${regId}/payment`);
  await expect(page.getByTestId("not-payable")).toHaveText("This registration is Expired; there is nothing to pay.");
});
