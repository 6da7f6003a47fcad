import { expect, test, type Page } from "@playwright/test";
import { refundDue } from "../factories/payments";
import { makeRoute } from "../factories/registrations";
import { makeRoleUser } from "../factories/users";
import { formatNrs } from "@modules/registration";
import { signInAs } from "./support/auth-cookie";
import { uniqueEmail } from "./support/data";
import { makeActiveUser } from "./support/roles";

// Issue 13, item 11: a payment captured after a trekker was added bought nothing; the board sees
// it as a refund due and marks it refunded with the reference, once.

async function setUp(label: string) {
  const route = await makeRoute(`Refund Trek ${label}`);
  const fullName = `Payer ${label} ${Date.now()}`;
  const payer = await makeRoleUser("fit", { email: uniqueEmail("refund-payer"), fullName, countryId: 524 });
  const refund = await refundDue(route.id, { payer });
  return { payer: { ...payer, fullName }, refund };
}

const rowOf = (page: Page, payerName: string) => page.getByRole("row").filter({ hasText: payerName });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the board sees the refund due and marks it refunded with its reference", async ({ page }) => {
      const { payer, refund } = await setUp(javaScriptEnabled ? "js" : "nojs");
      const board = await makeActiveUser("ntb");
      await signInAs(page, board.email);
      await page.goto("/dashboard");
      await page.getByRole("link", { name: "Refunds", exact: true }).first().click();
      await expect(page).toHaveURL(/\/refunds$/);

      const row = rowOf(page, payer.fullName);
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(`#${refund.regId}`);
      await expect(row).toContainText(formatNrs(refund.amount));
      await expect(row).toContainText("eSewa");
      await expect(row).toContainText("Trekker added or changed after payment started");

      await row.getByRole("link", { name: /Mark refunded/ }).click();
      const dialog = page.getByRole("dialog", { name: "Mark refunded" });
      await expect(dialog).toContainText(`been paid back to ${payer.fullName}?`);
      await expect(dialog.getByTestId("refund-status")).toHaveText("Refund due");
      // The reference is required.
      await dialog.getByRole("button", { name: "Mark refunded" }).click();
      await expect(dialog.getByText("Refund Reference field is required")).toBeVisible();
      await dialog.getByLabel("Refund Reference").fill("ESEWA-RF-20261124-7");
      await dialog.getByRole("button", { name: "Mark refunded" }).click();

      await expect(page.getByText("The payment is marked refunded.")).toBeVisible();
      await expect(page).toHaveURL(/\/refunds$/);
      await expect(rowOf(page, payer.fullName)).toHaveCount(0);
      await page.getByRole("link", { name: "Refunded", exact: true }).click();
      await expect(rowOf(page, payer.fullName)).toContainText("ESEWA-RF-20261124-7");

      // Opening it again shows it done, with no form to mark it twice.
      await page.goto(`/refunds/${refund.refundId}`);
      await expect(page.getByTestId("refund-status")).toHaveText("Refunded");
      await expect(page.getByRole("button", { name: "Mark refunded" })).toHaveCount(0);
    });
  });
}

test("a second marking (another cashier's stale page) is refused and keeps the first reference", async ({ page, browser }) => {
  const { payer, refund } = await setUp("twice");
  const board = await makeActiveUser("ntb");
  await signInAs(page, board.email);
  await page.goto(`/refunds/${refund.refundId}`);
  const other = await browser.newPage();
  await signInAs(other, board.email);
  await other.goto(`/refunds/${refund.refundId}`);

  await page.getByLabel("Refund Reference").fill("FIRST-REF");
  await page.getByRole("button", { name: "Mark refunded" }).click();
  await expect(page.getByText("The payment is marked refunded.")).toBeVisible();

  await other.getByLabel("Refund Reference").fill("SECOND-REF");
  await other.getByRole("button", { name: "Mark refunded" }).click();
  await expect(other.getByText("This payment has already been marked refunded.")).toBeVisible();
  await other.close();

  await page.goto("/refunds?status=refunded");
  await expect(rowOf(page, payer.fullName)).toContainText("FIRST-REF");
});

test("only the board has the page", async ({ page }) => {
  const taan = await makeActiveUser("taan");
  await signInAs(page, taan.email);
  const res = await page.goto("/refunds");
  expect(res!.status()).toBe(403);
  await expect(page.getByRole("link", { name: "Refunds", exact: true })).toHaveCount(0);
});
