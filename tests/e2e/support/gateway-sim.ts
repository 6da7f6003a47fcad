import { expect, type Page } from "@playwright/test";

/**
 * Driving the payment provider simulators (modules/payments/simulators) from Playwright. The
 * payment step sends the browser to a simulator page (/sim/<provider>/session/<id>) whose buttons
 * carry name="decision" and these values; each label also contains its value's word.
 */
export type SimDecision = "success" | "failure" | "decline" | "delayed" | "tampered";

const onSimulatorPage = /\/sim\/[a-z-]+\/session\/[^/]+$/;
const leftSimulator = (url: URL) => !url.pathname.startsWith("/sim/");

/**
 * On the provider's page: checks it is a simulator page, presses `decision` and follows the
 * provider back to our result URL. The card gateway's result page posts itself with JavaScript;
 * without JavaScript this presses its Continue button.
 */
export async function decideOnSimulator(page: Page, decision: SimDecision, options: { pendingLookups?: number } = {}): Promise<void> {
  await page.waitForURL(onSimulatorPage);
  await expect(page.getByRole("heading", { level: 1, name: /\(simulator\)/ })).toBeVisible();
  if (options.pendingLookups !== undefined) {
    await page.getByText("Test options").click();
    await page.locator('input[name="pendingLookups"]').fill(String(options.pendingLookups));
  }
  await page.locator(`button[name="decision"][value="${decision}"]`).click();
  await page.waitForURL(leftSimulator, { timeout: 2_000, waitUntil: "commit" }).catch(async () => {
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(leftSimulator, { waitUntil: "commit" });
  });
}

/**
 * Pays a NEPALPAY QR (FonePay dynamic QR) by its PRN, as the payer's phone would. Use a second
 * page (`await page.context().newPage()`): the merchant page learns the result on its next status check.
 */
export async function payQrOnSimulator(phone: Page, prn: string, decision: "success" | "failure" | "delayed" = "success"): Promise<void> {
  await phone.goto(`/sim/fonepay-qr/session/${encodeURIComponent(prn)}`);
  await phone.locator(`button[name="decision"][value="${decision}"]`).click();
  await expect(phone.getByRole("status")).toContainText("Finished");
}
