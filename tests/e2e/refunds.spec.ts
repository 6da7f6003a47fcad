import { expect, test, type Browser, type Page } from "@playwright/test";
import { refundDue } from "../factories/payments";
import { decideOnSimulator } from "./support/gateway-sim";
import { makePng } from "./support/files";
import { emailsTo, waitForEmail } from "./support/outbox";
import { cardsOf, unpaidRegistration } from "./support/paid";
import { hydrated } from "./support/session";
import { makeRoute } from "../factories/registrations";
import { makeRoleUser } from "../factories/users";
import { formatNrs } from "@modules/registration";
import { signInAs } from "./support/auth-cookie";
import { uniqueEmail } from "./support/data";
import { makeActiveUser } from "./support/roles";

// Issue 13, item 11: a payment captured after a trekker was added bought nothing; the board sees
// it as a refund due and marks it refunded with the reference, once.
// Issue 25, 3b: money taken twice is told, not hidden: the payer's result page, e-mail and billing
// say it is owed back; a voucher for a paid registration cannot be approved.

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

/** The payment step of a registration, with JS ready when it is on. */
async function openPayment(page: Page, regId: number, tab = "") {
  await page.goto(`/new-register/${regId}/payment${tab ? `?tab=${tab}` : ""}`);
  await hydrated(page);
  await expect(page.getByTestId("total")).toHaveText("NRs. 4,000");
}

/** Presses "Pay with …" and reaches the provider's (simulator) page; without JS the payer presses Continue. */
async function goToProvider(page: Page, label: string, javaScriptEnabled: boolean) {
  await page.getByRole("button", { name: `Pay with ${label}` }).click();
  const onSimulator = page.getByRole("heading", { level: 1, name: /\(simulator\)/ });
  if (!javaScriptEnabled) {
    const proceed = page.getByTestId("gateway-form").getByRole("button", { name: "Continue" });
    await expect(proceed.or(onSimulator)).toBeVisible();
    if (await proceed.isVisible()) await proceed.click();
  }
  await expect(onSimulator).toBeVisible();
}

async function boardPage(browser: Browser, javaScriptEnabled: boolean, fullName: string) {
  const board = await makeRoleUser("ntb", { email: uniqueEmail("refund-cashier"), fullName, countryId: 524 });
  const page = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await signInAs(page, board.email);
  return page;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`paid twice, with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("eSewa in one tab and Khalti in another: the second ends on the refund panel, the payer is e-mailed, billing shows it due, then refunded with its reference", async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      const { user, regId } = await unpaidRegistration();
      await signInAs(page, user.email, { land: true });
      const other = await page.context().newPage();
      // Both tabs reach their provider before either pays.
      await openPayment(page, regId);
      await goToProvider(page, "eSewa", javaScriptEnabled);
      await openPayment(other, regId);
      await goToProvider(other, "Khalti", javaScriptEnabled);

      await decideOnSimulator(page, "success");
      await expect(page.getByTestId("payment-success")).toBeVisible();
      const cards = await cardsOf(regId);

      await decideOnSimulator(other, "success");
      const panel = other.getByTestId("payment-refund-due");
      await expect(panel).toBeVisible();
      await expect(panel.getByRole("heading", { name: "Registration Already Paid" })).toBeVisible();
      await expect(panel).toContainText(`Registration #${regId} had already been paid by another payment, so this Khalti payment bought nothing.`);
      await expect(panel.getByTestId("refund-due-amount")).toHaveText("The amount of NRs. 4,000 will be refunded to you.");
      await expect(panel).toContainText("No cards and no receipt were issued for this payment.");
      await expect(other.getByText("Payment Successful")).toHaveCount(0);
      await expect(other.getByText(/Enjoy the Trek/)).toHaveCount(0);
      // A reload (the provider's return replayed) says the same, and issues nothing.
      await other.reload();
      await expect(other.getByTestId("payment-refund-due")).toBeVisible();
      expect(await cardsOf(regId)).toEqual(cards);

      // The e-mail, through the outbox like every payment e-mail.
      const notice = await waitForEmail(user.email, /will be refunded/);
      expect(notice.subject).toBe("Your payment of NRs. 4,000 will be refunded");
      expect(notice.text).toContain(`your Khalti payment of NRs. 4,000`);
      expect(notice.text).toContain(`for registration #${regId}`);
      expect(notice.text).toContain("That registration had already been paid by another payment (eSewa, receipt");
      expect(notice.text).toContain("no cards and no receipt were issued for it");
      // One sale, one receipt: the first payment's.
      await waitForEmail(user.email, /payment receipt/);
      expect(await emailsTo(user.email, /payment receipt/)).toHaveLength(1);

      // The payer's billing: the notice on Bills, the row on Refunds.
      await other.goto("/billing");
      await expect(other.getByTestId("refunds-due-notice")).toContainText("NRs. 4,000 is owed back to you (refund due)");
      await other.getByRole("navigation", { name: "Billing" }).getByRole("link", { name: "Refunds" }).click();
      await expect(other).toHaveURL(/\/billing\/refunds$/);
      const mine = other.getByRole("row").filter({ hasText: `#${regId}` });
      await expect(mine).toHaveCount(1);
      await expect(mine).toContainText("Khalti");
      await expect(mine).toContainText("NRs. 4,000");
      await expect(mine).toContainText("Registration already paid");
      await expect(mine.getByTestId("refund-status")).toHaveText("Refund due");
      await expect(mine).toContainText("Not yet refunded");

      // The board's billing shows it too, and the board marks it refunded.
      const board = await boardPage(browser, javaScriptEnabled, `Cashier ${javaScriptEnabled ? "Js" : "Plain"}`);
      await board.goto("/billing/refunds");
      const due = board.getByRole("row").filter({ hasText: `#${regId}` });
      await expect(due.getByTestId("refund-status")).toHaveText("Refund due");
      await due.getByRole("link", { name: /Mark refunded/ }).click();
      const dialog = board.getByRole("dialog", { name: "Mark refunded" });
      await dialog.getByLabel("Refund Reference").fill(`KHL-RF-${regId}`);
      await dialog.getByRole("button", { name: "Mark refunded" }).click();
      await expect(board.getByText("The payment is marked refunded.")).toBeVisible();
      await board.goto("/billing/refunds");
      const done = board.getByRole("row").filter({ hasText: `#${regId}` });
      await expect(done.getByTestId("refund-status")).toHaveText("Refunded");
      await expect(done.getByTestId("refund-reference")).toContainText(`KHL-RF-${regId}`);
      await expect(done.getByTestId("refund-reference")).toContainText(`by Cashier ${javaScriptEnabled ? "Js" : "Plain"}`);
      await board.context().close();

      // The payer sees it refunded, with the reference, and is e-mailed the reference.
      await other.goto("/billing/refunds");
      const refunded = other.getByRole("row").filter({ hasText: `#${regId}` });
      await expect(refunded.getByTestId("refund-status")).toHaveText("Refunded");
      await expect(refunded.getByTestId("refund-reference")).toContainText(`KHL-RF-${regId}`);
      await other.goto("/billing");
      await expect(other.getByTestId("refunds-due-notice")).toHaveCount(0);
      const paidBack = await waitForEmail(user.email, /has been refunded/);
      expect(paidBack.text).toContain(`Refund reference: KHL-RF-${regId}`);
    });

    test("a voucher for a registration paid online: the panel says it is paid and offers reject or refund due; an approval posted anyway is refused", async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      const { user, regId, route } = await unpaidRegistration();
      await signInAs(page, user.email, { land: true });
      // eSewa opened in one tab; a deposit voucher uploaded in another while it is open; eSewa then goes through.
      await openPayment(page, regId);
      await goToProvider(page, "eSewa", javaScriptEnabled);
      const other = await page.context().newPage();
      await openPayment(other, regId, "voucher");
      await other.getByLabel("Voucher").setInputFiles({ name: "voucher.png", mimeType: "image/png", buffer: makePng(60, 40) });
      await other.getByRole("button", { name: "Submit Voucher" }).click();
      await expect(other.getByText(/verified within 1 or 2 business days/).first()).toBeVisible();
      await decideOnSimulator(page, "success");
      await expect(page.getByTestId("payment-success")).toBeVisible();

      const board = await boardPage(browser, javaScriptEnabled, "Voucher Cashier");
      await board.goto("/requests/vouchers?status=Pending");
      await board.getByRole("row").filter({ hasText: route.name }).getByRole("link").first().click();
      const panel = board.getByRole("dialog", { name: "Voucher" });
      await expect(panel).toBeVisible();
      const blocked = panel.getByTestId("voucher-blocked");
      await expect(blocked.getByRole("heading", { name: "Registration already paid" })).toBeVisible();
      await expect(blocked).toContainText(`Registration #${regId} is already paid (receipt`);
      await expect(blocked).toContainText("Paid by eSewa");
      await expect(panel.getByRole("button", { name: "Approve" })).toHaveCount(0);
      await expect(panel.getByRole("button", { name: "Reject" })).toBeVisible();
      await expect(panel.getByRole("button", { name: "Mark refund due" })).toBeVisible();

      // An approval posted anyway (a stale page, a hand-made request) is refused with the reason.
      const voucherUrl = new URL(board.url()).pathname;
      const refused = await board.request.post(voucherUrl, { form: { intent: "approve", refNo: "" }, maxRedirects: 0 });
      expect(refused.status()).toBe(409);
      expect(await refused.text()).toContain("This voucher cannot be approved as its payment: reject it, or mark its amount refund due.");

      await panel.getByRole("button", { name: "Mark refund due" }).click();
      await expect(board.getByText("The voucher's amount is marked refund due; the payer has been told.")).toBeVisible();
      await expect(board.getByText("Voucher updated successfully")).toHaveCount(0);
      await board.goto("/requests/vouchers?status=Refund%20due");
      await expect(board.getByRole("row").filter({ hasText: route.name })).toContainText("Refund due");
      await board.context().close();

      // The payer hears what happened: not "cards issued by the voucher", but the deposit owed back.
      const notice = await waitForEmail(user.email, /will be refunded/);
      expect(notice.text).toContain("your bank deposit voucher V-");
      expect(notice.text).toContain("That registration had already been paid by another payment (eSewa, receipt");
      expect(await emailsTo(user.email, /voucher is approved/)).toHaveLength(0);
      await other.goto("/billing/refunds");
      const row = other.getByRole("row").filter({ hasText: `#${regId}` });
      await expect(row).toContainText("Bank voucher");
      await expect(row.getByTestId("refund-status")).toHaveText("Refund due");
    });
  });
}
