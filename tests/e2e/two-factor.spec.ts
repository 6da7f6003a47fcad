// Issue 13, item 10: two-factor sign-in in a browser. Without JavaScript (plain forms only): set
// it up from Account Settings (scan = read the key off the page), then sign in with the password
// and, on the second page, the app's code; a recovery code works once. With JavaScript, both
// pages pass axe (axe runs as a script in the page).
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { signInAs } from "./support/auth-cookie";
import { makeActiveUser } from "./support/roles";

const code = (secret: string, offsetSeconds = 0) =>
  new TOTP({
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).setLegacyMode().withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return result.violations.filter((v) => ["serious", "moderate", "critical"].includes(v.impact ?? "")).map((v) => `${v.id}: ${v.help}`);
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

// Several page loads and sign-ins each: on the shared 2-core machine these need more than a minute.
test.describe.configure({ timeout: 240_000 });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a board account sets up two-factor sign-in and then signs in with a code, or a recovery code once", async ({ page }) => {
    const board = await makeActiveUser("ntb");
    await signInAs(page, board);
    await page.goto("/account-settings");
    await page.getByRole("link", { name: "Set up Two-factor sign-in" }).click();
    await expect(page).toHaveURL(/\/account-settings\/two-factor$/);
    await expect(
      page.getByRole("img", {
        name: "QR code to scan with your authenticator app",
      }),
    ).toBeVisible();
    const secret = (await page.getByTestId("two-factor-key").innerText()).replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await page.getByLabel("Authentication code").fill("000000" === code(secret) ? "111111" : "000000");
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByText("That code is not right")).toBeVisible();
    // The key stays the one the app scanned.
    expect((await page.getByTestId("two-factor-key").innerText()).replace(/\s/g, "")).toBe(secret);
    await page.getByLabel("Authentication code").fill(code(secret));
    await page.getByRole("button", { name: "Turn on" }).click();
    // allInnerTexts does not wait: the codes page must have arrived first.
    await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
    const codes = (await page.getByTestId("recovery-codes").locator("li").allInnerTexts()).map((c) => c.trim());
    expect(codes).toHaveLength(10);

    // Signing in now takes the password, then the code on its own page.
    await passwordStep(page, board.email, board.password);
    await expect(page).toHaveURL(/\/login\/two-factor$/);
    await page.getByLabel("Authentication code").fill("123-456");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That code is not right")).toBeVisible();
    await page.getByLabel("Authentication code").fill(code(secret, 30));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // A recovery code signs in once; the second time it is refused.
    await passwordStep(page, board.email, board.password);
    await page.getByLabel("Authentication code").fill(codes[0]);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await passwordStep(page, board.email, board.password);
    await page.getByLabel("Authentication code").fill(codes[0]);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That code is not right")).toBeVisible();
    await expect(page).toHaveURL(/\/login\/two-factor$/);
  });

  test("the code page without a password step sends back to sign in", async ({ page }) => {
    await page.goto("/login/two-factor");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Your sign-in has expired")).toBeVisible();
  });
});

test("the set-up page and the code page pass axe", async ({ page }) => {
  const taan = await makeActiveUser("taan");
  await signInAs(page, taan);
  await page.goto("/account-settings/two-factor");
  await expect(
    page.getByRole("img", {
      name: "QR code to scan with your authenticator app",
    }),
  ).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  const secret = (await page.getByTestId("two-factor-key").innerText()).replace(/\s/g, "");
  await page.getByLabel("Authentication code").fill(code(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes")).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await passwordStep(page, taan.email, taan.password);
  await expect(page).toHaveURL(/\/login\/two-factor$/);
  expect(await axeProblems(page)).toEqual([]);
});
