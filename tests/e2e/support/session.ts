import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Trek@2026";

/** With JS on, clicks before hydration would be plain form posts; wait for Remix's router. */
export async function hydrated(page: Page): Promise<void> {
  // With JavaScript disabled the inline Remix context never runs: nothing to wait for.
  if (!(await page.evaluate(() => "__remixContext" in window).catch(() => false))) return;
  await page.waitForFunction(() => (window as any).__remixRouter?.state?.initialized === true);
}

export async function fillLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/login");
  await hydrated(page).catch(() => {});
  await fillLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}
