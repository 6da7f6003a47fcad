import { expect, type Page } from "@playwright/test";

/**
 * Driving the payment provider simulators (modules/payments/simulators) from Playwright. The
 * payment step sends the browser to a simulator page (/sim/<provider>/session/<id>) whose buttons
 * carry name="decision" and these values; each label also contains its value's word.
 */
export type { SimDecision } from "@modules/payments";
import type { SimDecision } from "@modules/payments";

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
  // The payer closes the window: the provider's page is the last thing they see.
  if (decision === "abandon") return void (await expect(page.getByRole("status")).toContainText("closed the window"));
  // The card gateway's result page posts itself; without JavaScript it shows Continue instead
  // (only then), so whichever comes first tells which browser this is: no timer to race.
  const cont = page.getByRole("button", { name: "Continue" });
  const quietly = (p: Promise<unknown>) => p.catch(() => {});
  await Promise.race([quietly(page.waitForURL(leftSimulator, { waitUntil: "commit" })), quietly(cont.waitFor({ state: "visible" }))]);
  if (!leftSimulator(new URL(page.url()))) {
    await cont.click();
    await page.waitForURL(leftSimulator, { waitUntil: "commit" });
  }
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
