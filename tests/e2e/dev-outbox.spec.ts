// The embedded mode's outbox (README "Demo accounts"): the list at /dev/outbox and one e-mail
// opened from it, as sent (a reset link asked for on /forgot-password), on a phone's width.
import { expect, test } from "@playwright/test";
import { makeUser } from "./support/data";
import { waitForEmail } from "./support/outbox";

test.use({ viewport: { width: 390, height: 844 } });

test("an e-mail opens from the outbox list, its subject a link within a phone's width", async ({ page }) => {
  const user = await makeUser();
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Link successfully sent")).toBeVisible();
  const mail = await waitForEmail(user.email, /Reset/);

  await page.goto("/dev/outbox");
  const row = page.getByRole("row").filter({ hasText: user.email });
  const subject = row.getByRole("link", { name: mail.subject! });
  await expect(subject).toBeInViewport();
  await subject.click();
  await expect(page).toHaveURL(/\/dev\/outbox\/[^/]+$/);
  await expect(page.getByRole("table")).toHaveCount(0);
  await expect(page.locator("dl")).toContainText(user.email);
  await expect(page.locator("dl")).toContainText(mail.subject!);
  await expect(page.frameLocator('iframe[title="E-mail HTML"]').getByText(/reset/i).first()).toBeVisible();
  await page.getByRole("link", { name: "← Outbox" }).click();
  await expect(page).toHaveURL("/dev/outbox");
});
