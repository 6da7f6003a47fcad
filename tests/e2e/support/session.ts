import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Trek@2026";

/** With JS on, clicks before hydration would be plain form posts; wait for Remix's router. */
/** Waits until the page runs: an app page hydrated, a document page's script done (ADR 0043). */
export async function hydrated(page: Page): Promise<void> {
  // A document page's script runs before the load event and marks the page at once ("pending",
  // then "true" once its on-demand parts are in place). With JavaScript disabled neither an app's
  // context nor that mark appears: nothing to wait for.
  await page.waitForLoadState("load").catch(() => {});
  const mode = await page
    .evaluate(() => ("__remixContext" in window ? "app" : document.documentElement.dataset.enhanced ? "document" : "none"))
    .catch(() => "none");
  if (mode === "none") return;
  if (mode === "app") await page.waitForFunction(() => (window as any).__remixRouter?.state?.initialized === true);
  else await page.waitForFunction(() => document.documentElement.dataset.enhanced === "true");
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
