import { expect, test } from "@playwright/test";
import { paidBill } from "../factories/payments";
import { makeRegistration, makeRoute } from "../factories/registrations";
import { makeRoleUser } from "../factories/users";
import { signInAs } from "./support/auth-cookie";
import { uniqueEmail } from "./support/data";
import { makeActiveUser } from "./support/roles";
import { cardsOf } from "./support/paid";

// Issue 17, item 5: the board views the app as another user; a banner says so on every page;
// payments (and passwords, e-mails, deletions) are refused; every change is audited with both
// users; the banner's link returns.

for (const javaScriptEnabled of [true, false]) {
  test(`the board views the app as an agency and returns (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    const route = await makeRoute(`Switch Trek ${javaScriptEnabled ? "js" : "nojs"}`);
    const orgName = `Switched Treks ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
    const agency = await makeRoleUser("agency", {
      email: uniqueEmail("switch-agency"),
      organizationName: orgName,
      countryId: 524,
      isApproved: true,
      isVerified: true,
      isDocumentUploaded: true,
    });
    const { invoiceNumber } = await paidBill(route.id, { payer: agency, count: 1 });
    const { regId: unpaidRegId } = await makeRegistration(agency, route.id, { trekkers: ["Unpaid Trekker"] });
    const board = await makeActiveUser("ntb");
    await signInAs(page, board.email);

    await page.goto("/switch-user");
    await page.getByLabel("Name, organisation or e-mail").fill(agency.email);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByRole("button", { name: `View as ${orgName}` }).click();
    const banner = page.getByTestId("switch-banner");
    await expect(banner).toContainText(`Viewing as ${orgName}`);

    // What the agency sees: its own bill, on its own billing list.
    await page.goto("/billing");
    await expect(banner).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: invoiceNumber })).toHaveCount(1);

    // Paying in the agency's name is refused, and the refusal is audited.
    const pay = await page.request.post(`/new-register/${unpaidRegId}/payment`, { form: { intent: "voucher" } });
    expect(pay.status()).toBe(403);
    expect(await pay.text()).toContain("Not allowed while viewing as another user");
    // In the page too, naming the board account that is really signed in (issue 26).
    const [unpaidCard] = await cardsOf(unpaidRegId);
    await page.goto(`/cards/${unpaidCard.trekkerId}/delete`);
    await page.getByLabel("Reason").fill("Removed while switched.");
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("error-403")).toContainText(`Not allowed while viewing as another user. You are signed in as `);
    await expect(page.getByTestId("error-403")).toContainText(`(${board.email})`);
    // An allowed change goes through and is audited.
    const read = await page.request.post("/notifications", { form: { intent: "mark-all" }, maxRedirects: 0 });
    expect(read.status()).toBe(302);

    await page.goto("/trekkers");
    await banner.getByRole("button", { name: "Return to my account" }).click();
    await expect(page.getByText("You are back in your own account.")).toBeVisible();
    await expect(page.getByTestId("switch-banner")).toHaveCount(0);

    const audit = page.getByRole("row");
    await expect(
      audit
        .filter({ hasText: orgName })
        .filter({ hasText: "refused" })
        .filter({ hasText: `/new-register/${unpaidRegId}/payment` }),
    ).toHaveCount(1);
    await expect(audit.filter({ hasText: orgName }).filter({ hasText: "POST" }).filter({ hasText: "/notifications" })).toHaveCount(1);
    await expect(audit.filter({ hasText: orgName }).filter({ has: page.getByRole("cell", { name: "switch", exact: true }) })).toHaveCount(1);
    await expect(audit.filter({ hasText: orgName }).filter({ has: page.getByRole("cell", { name: "return", exact: true }) })).toHaveCount(1);
    await context.close();
  });
}

test("only the board may switch, and never into another board account", async ({ page }) => {
  const agency = await makeActiveUser("agency");
  await signInAs(page, agency.email);
  expect((await page.goto("/switch-user"))?.status()).toBe(403);
  expect((await page.request.post("/switch-user", { form: { userId: "1" } })).status()).toBe(403);

  const board = await makeActiveUser("ntb");
  const other = await makeRoleUser("ntb", { email: uniqueEmail("other-board") });
  await page.context().clearCookies();
  await signInAs(page, board.email);
  await page.goto("/switch-user");
  const answer = await page.request.post("/switch-user", { form: { userId: String(other.id) } });
  expect(answer.url()).toMatch(/\/switch-user$/);
  await page.goto("/dashboard");
  await expect(page.getByTestId("switch-banner")).toHaveCount(0);
});
