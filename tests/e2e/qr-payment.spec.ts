import { expect, test, type Page } from "@playwright/test";
import { payQrOnSimulator } from "./support/gateway-sim";
import { cardsOf, unpaidRegistration } from "./support/paid";
import { hydrated } from "./support/session";
import { signInAs } from "./support/auth-cookie";

// NEPALPAY QR: the QR stays on the page until it expires; with JS the page checks the payment by
// itself and moves on; without JS "Check again" asks once and keeps the QR while it is unpaid.

async function showQr(page: Page, regId: number, js = true): Promise<string> {
  await page.goto(`/new-register/${regId}/payment?tab=qr`);
  if (js) await hydrated(page);
  await page.getByRole("button", { name: "Show QR code" }).click();
  await expect(page.getByTestId("payment-qr")).toBeVisible();
  await expect(page.getByTestId("qr-expires")).toHaveText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  return (await page.getByTestId("qr-prn").textContent())!.trim();
}

test.describe("with JavaScript", () => {
  test("Check again before paying keeps the QR; paying on the phone moves the page on by itself", async ({ page, context }) => {
    const { user, regId } = await unpaidRegistration();
    await signInAs(page, user.email, { land: true });
    const prn = await showQr(page, regId);
    await expect(page.getByTestId("qr-waiting")).toBeVisible();

    await page.getByRole("button", { name: "Check again" }).click();
    await expect(page.getByText("The payment has not arrived yet. Please try again in a moment.")).toBeVisible();
    await expect(page.getByTestId("payment-qr")).toBeVisible();
    await expect(page.getByTestId("qr-prn")).toHaveText(prn);
    // A reload shows the same QR again.
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId("qr-prn")).toHaveText(prn);

    await payQrOnSimulator(await context.newPage(), prn, "success");
    // Nobody presses anything: the page's own check finds the payment.
    await expect(page.getByTestId("payment-success")).toBeVisible({ timeout: 20_000 });
    expect((await cardsOf(regId)).every((c) => Number.isInteger(c.cardNumber))).toBe(true);
  });

  test("a failed QR payment moves the page to the failure panel", async ({ page, context }) => {
    const { user, regId } = await unpaidRegistration();
    await signInAs(page, user.email, { land: true });
    const prn = await showQr(page, regId);
    await payQrOnSimulator(await context.newPage(), prn, "failure");
    await expect(page.getByTestId("payment-failure")).toBeVisible({ timeout: 20_000 });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Check again keeps the unpaid QR and finds the payment once it is made", async ({ page, browser }) => {
    const { user, regId } = await unpaidRegistration();
    await signInAs(page, user.email, { land: true });
    const prn = await showQr(page, regId, false);
    await page.getByRole("button", { name: "Check again" }).click();
    await expect(page.getByText("The payment has not arrived yet. Please try again in a moment.")).toBeVisible();
    await expect(page.getByTestId("payment-qr")).toBeVisible();
    await expect(page.getByTestId("qr-prn")).toHaveText(prn);

    const phone = await (await browser.newContext()).newPage();
    await payQrOnSimulator(phone, prn, "success");
    await page.getByRole("button", { name: "Check again" }).click();
    await expect(page.getByTestId("payment-success")).toBeVisible();
    expect((await cardsOf(regId)).every((c) => Number.isInteger(c.cardNumber))).toBe(true);
  });
});
