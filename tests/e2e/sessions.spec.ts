// Server-side sessions in the browser: a cookie copied before sign-out no longer works after it,
// and Account Settings lists the account's sessions and signs the others out.
import { expect, test } from "@playwright/test";
import { makeUser } from "./support/data";
import { signInAs } from "./support/auth-cookie";
import { hydrated } from "./support/session";

test("a session cookie copied before sign-out gets the sign-in page after it", async ({ page, browser }) => {
  const user = await makeUser({ userType: 6, fullName: "Copied Cookie" });
  await signInAs(page, user.email);
  await page.goto("/account-settings");
  await expect(page.getByTestId("session-row")).toHaveCount(1);
  const copied = (await page.context().cookies()).filter((c) => c.name === "__tims_session");
  expect(copied).toHaveLength(1);

  await hydrated(page);
  await page.locator("summary").filter({ hasText: "Copied Cookie" }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByText("User Successfully Logout")).toBeVisible();

  // Someone who kept the cookie (another browser, a stolen copy) presents it again.
  const thief = await browser.newContext();
  try {
    await thief.addCookies(copied);
    const other = await thief.newPage();
    await other.goto("/account-settings");
    await expect(other).toHaveURL("/login?redirectTo=%2Faccount-settings");
  } finally {
    await thief.close();
  }
});

test("Account Settings lists the sessions; Sign out other sessions ends them and keeps this one", async ({ page, browser }) => {
  const user = await makeUser({ userType: 1, fullName: "Two Devices" });
  await signInAs(page, user.email);
  const phone = await browser.newContext();
  try {
    await signInAs(phone, user.email);
    const phonePage = await phone.newPage();
    await phonePage.goto("/account-settings");
    await expect(phonePage.getByTestId("session-row")).toHaveCount(2);

    await page.goto("/account-settings");
    await hydrated(page);
    const rows = page.getByTestId("session-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "This device" })).toHaveCount(1);
    await expect(rows.first()).toContainText("Chrome on Windows");
    await expect(rows.first()).toContainText(/Last seen \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);

    await page.getByRole("link", { name: "Sign out other sessions" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign out other sessions" });
    await expect(dialog).toContainText("This device stays signed in.");
    await dialog.getByRole("button", { name: "Sign out other sessions" }).click();
    await expect(page.getByText("Signed out of 1 other session")).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("This device");
    await expect(page.getByRole("link", { name: "Sign out other sessions" })).toHaveCount(0);

    await phonePage.goto("/account-settings");
    await expect(phonePage).toHaveURL("/login?redirectTo=%2Faccount-settings");
    await page.reload();
    await expect(page).toHaveURL("/account-settings");
    await expect(rows).toHaveCount(1);
  } finally {
    await phone.close();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Sign out other sessions is a plain confirmed form", async ({ page, browser }) => {
    const user = await makeUser({ userType: 1, fullName: "No Script" });
    await signInAs(page, user.email);
    const other = await browser.newContext();
    try {
      await signInAs(other, user.email);
      await page.goto("/account-settings/sessions");
      await page.getByRole("dialog").getByRole("button", { name: "Sign out other sessions" }).click();
      await expect(page).toHaveURL("/account-settings");
      await expect(page.getByText("Signed out of 1 other session")).toBeVisible();
      const otherPage = await other.newPage();
      await otherPage.goto("/account-settings");
      await expect(otherPage).toHaveURL("/login?redirectTo=%2Faccount-settings");
    } finally {
      await other.close();
    }
  });
});
