import { expect, test, type Page } from "@playwright/test";
import { decideOnSimulator, payQrOnSimulator } from "./support/gateway-sim";
import { makePng } from "./support/files";
import { waitForEmail } from "./support/outbox";
import { cardsOf, statusOf, unpaidRegistration } from "./support/paid";
import { hydrated } from "./support/session";
import { signInAs } from "./support/auth-cookie";

const GATEWAYS = [
  ["esewa", "eSewa"],
  ["connectips", "connectIPS"],
  ["khalti", "Khalti"],
  ["fonepay", "FonePay"],
  ["card", "Card"],
] as const;

async function openPayment(page: Page, regId: number) {
  await page.goto(`/new-register/${regId}/payment`);
  await hydrated(page);
  await expect(page.getByTestId("total")).toHaveText("NRs. 4,000");
  await expect(page.getByText("Please wait 10-15 minutes between payments.")).toBeVisible();
}

for (const [, label] of GATEWAYS) {
  test(`pays through the ${label} simulator and issues cards`, async ({ page }) => {
    const { user, regId } = await unpaidRegistration();
    await signInAs(page, user.email, { land: true });
    await openPayment(page, regId);
    await page.getByRole("button", { name: `Pay with ${label}` }).click();
    await decideOnSimulator(page, "success");
    await expect(page.getByTestId("payment-success")).toBeVisible();
    await expect(page.getByText("Your payment has been successful. Enjoy the Trek.")).toBeVisible();
    const cards = await cardsOf(regId);
    expect(cards.every((c) => Number.isInteger(c.cardNumber))).toBe(true);
    await expect(page.getByTestId("card-numbers")).toContainText(String(cards[0].cardNumber));
    expect(await statusOf(regId)).toBe("Upcoming");
    // Replaying the return issues nothing new.
    await page.reload();
    await expect(page.getByTestId("payment-success")).toBeVisible();
    expect(await cardsOf(regId)).toEqual(cards);
  });
}

test("a failed and a declined payment show their panels and allow Try again", async ({ page }) => {
  const { user, regId } = await unpaidRegistration();
  await signInAs(page, user.email, { land: true });
  await openPayment(page, regId);
  await page.getByRole("button", { name: "Pay with eSewa" }).click();
  await decideOnSimulator(page, "failure");
  await expect(page.getByTestId("payment-failure")).toBeVisible();
  await expect(page.getByText("We aren't able to process your payment.")).toBeVisible();
  await page.getByText("Transaction Failed").click();
  await expect(page.getByText("Wrong OTP.")).toBeVisible();
  expect(await statusOf(regId)).toBe("Payment Failure");
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page).toHaveURL(`/new-register/${regId}/payment`);
  await hydrated(page);
  await page.getByRole("button", { name: "Pay with connectIPS" }).click();
  await decideOnSimulator(page, "decline");
  await expect(page.getByTestId("payment-declined")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment Declined" })).toBeVisible();
  expect((await cardsOf(regId)).every((c) => c.cardNumber === null)).toBe(true);
  await page.getByRole("link", { name: "Try again" }).click();
  await hydrated(page);
  await page.getByRole("button", { name: "Pay with Khalti" }).click();
  await decideOnSimulator(page, "success");
  await expect(page.getByTestId("payment-success")).toBeVisible();
});

test("a forged success URL and a tampered answer change nothing", async ({ page }) => {
  const { user, regId } = await unpaidRegistration();
  await signInAs(page, user.email);
  const forged = Buffer.from(
    JSON.stringify({
      transaction_code: "X",
      status: "COMPLETE",
      total_amount: "4000.0",
      transaction_uuid: `R${regId}-000000000000`,
      product_code: "EPAYTEST",
      signed_field_names: "transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names",
      signature: "forged",
    }),
  ).toString("base64");
  await page.goto(`/new-register/${regId}/esewa/success?isPayment=1&regId=${regId}&data=${forged}`);
  await expect(page.getByTestId("payment-failure")).toBeVisible();
  await openPayment(page, regId);
  await page.getByRole("button", { name: "Pay with FonePay" }).click();
  await decideOnSimulator(page, "tampered");
  await expect(page.getByTestId("payment-failure")).toBeVisible();
  expect((await cardsOf(regId)).every((c) => c.cardNumber === null)).toBe(true);
  expect(await statusOf(regId)).not.toBe("Upcoming");
});

test("NEPALPAY QR: the payer scans, pays on the phone and checks", async ({ page, context }) => {
  const { user, regId } = await unpaidRegistration();
  await signInAs(page, user.email, { land: true });
  await openPayment(page, regId);
  await page.getByRole("link", { name: "NEPALPAY QR" }).click();
  await page.getByRole("button", { name: "Show QR code" }).click();
  await expect(page.getByTestId("payment-qr")).toBeVisible();
  const prn = (await page.getByTestId("qr-prn").textContent())!.trim();
  await payQrOnSimulator(await context.newPage(), prn, "success");
  // The page may already have found the payment by itself; otherwise the payer asks.
  await page
    .getByRole("button", { name: "Check again" })
    .click({ timeout: 3_000 })
    .catch(() => {});
  await expect(page.getByTestId("payment-success")).toBeVisible();
  expect((await cardsOf(regId)).every((c) => Number.isInteger(c.cardNumber))).toBe(true);
});

test("a voucher is uploaded, rejected, re-uploaded and approved", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { user, regId, route } = await unpaidRegistration();
  await signInAs(page, user.email, { land: true });
  await openPayment(page, regId);
  await page.getByRole("link", { name: "Cash/Voucher Deposit" }).click();
  await expect(page.getByRole("button", { name: "Submit Voucher" })).toHaveCount(0);
  await page.getByLabel("Voucher").setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not an image at all ".repeat(100)) });
  await page.getByRole("button", { name: "Submit Voucher" }).click();
  await expect(page.getByText("Only .jpg, .png and pdf extensions allowed")).toBeVisible();
  await page.getByRole("link", { name: "Cash/Voucher Deposit" }).click();
  await page.getByLabel("Voucher").setInputFiles({ name: "voucher.png", mimeType: "image/png", buffer: makePng(60, 40) });
  await page.getByRole("button", { name: "Submit Voucher" }).click();
  await expect(page.getByText(/verified within 1 or 2 business days/).first()).toBeVisible();
  expect(await statusOf(regId)).toBe("Pending");

  const board = await (await browser.newContext()).newPage();
  await signInAs(board, "ntb@tims.test");
  await board.goto("/requests/vouchers?status=Pending");
  await board.getByRole("row").filter({ hasText: route.name }).getByRole("link").first().click();
  await expect(board.getByRole("dialog", { name: "Voucher" })).toBeVisible();
  await expect(board.getByRole("dialog").getByText("Jonas Keller")).toBeVisible();
  // Blank remarks pass the browser's own check but not the server's.
  await board.getByLabel("Remarks").fill("   ");
  await board.getByRole("button", { name: "Reject" }).click();
  await expect(board.getByText("Remarks field is required")).toBeVisible();
  await board.getByLabel("Remarks").fill("The deposit slip is not readable.");
  await board.getByRole("button", { name: "Reject" }).click();
  await expect(board.getByText("Voucher updated successfully")).toBeVisible();
  // A decision closes the panel (spec 2 §4).
  await expect(board.getByRole("dialog", { name: "Voucher" })).toHaveCount(0);
  expect(await statusOf(regId)).toBe("Rejected");
  await waitForEmail(user.email, /rejected/);

  await page.goto(`/new-register/${regId}/payment?tab=voucher`);
  await hydrated(page);
  await page.getByLabel("Voucher").setInputFiles({ name: "voucher2.png", mimeType: "image/png", buffer: makePng(60, 40) });
  await page.getByRole("button", { name: "Submit Voucher" }).click();
  await expect(page.getByText(/verified within 1 or 2 business days/).first()).toBeVisible();

  await board.goto("/requests/vouchers?status=Pending");
  await board.getByRole("row").filter({ hasText: route.name }).getByRole("link").first().click();
  await board.getByLabel("Voucher Ref No").fill("NIC-4471");
  await board.getByRole("button", { name: "Approve" }).click();
  await expect(board.getByText("Voucher updated successfully")).toBeVisible();
  await expect(board.getByRole("dialog", { name: "Voucher" })).toHaveCount(0);
  expect((await cardsOf(regId)).every((c) => Number.isInteger(c.cardNumber))).toBe(true);
  await waitForEmail(user.email, /approved/);
});

test("the voucher tab is for the board only", async ({ page }) => {
  await signInAs(page, "taan@tims.test");
  expect((await page.goto("/requests/vouchers"))?.status()).toBe(403);
});
