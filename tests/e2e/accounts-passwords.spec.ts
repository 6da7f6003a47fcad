// Password changes by a grant holder (/change-user-password) and the account forms without JavaScript
// (split from accounts.spec.ts).
import { expect, test } from "@playwright/test";
import { expectToast, fillOrganization, organization, fillPasswords, followMailedLink, NEW_PASSWORD } from "./support/accounts";
import { makeUser, uniqueEmail } from "./support/data";
import { fillLogin, hydrated, signIn } from "./support/session";
import { signInAs } from "./support/auth-cookie";

test.describe("change user password (grant holders)", () => {
  test("the board account with the grant sets another user's password by username", async ({ page }) => {
    const user = await makeUser();
    await signInAs(page, "ntb@tims.test", { land: true });
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Reset Password" }).click();
    await expect(page).toHaveURL("/change-user-password");
    await hydrated(page);
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Username field is required")).toBeVisible();
    await expect(page.getByText("New Password field is required")).toBeVisible();
    await page.getByLabel("Username").fill(uniqueEmail("ghost"));
    await fillPasswords(page, NEW_PASSWORD, NEW_PASSWORD, "New Password");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("No user with this username")).toBeVisible();
    await page.getByLabel("Username").fill(user.email);
    await fillPasswords(page, NEW_PASSWORD, NEW_PASSWORD, "New Password");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expectToast(page, "Password changed successfully");

    await page.context().clearCookies();
    await signIn(page, user.email, NEW_PASSWORD);
    await expect(page).toHaveURL("/new-register");
  });

  test("roles without the grant get 403", async ({ page }) => {
    await signInAs(page, "taan@tims.test");
    expect((await page.goto("/change-user-password"))?.status()).toBe(403);
    const posted = await page.request.post("/change-user-password", {
      form: { username: "fit@tims.test", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(posted.status()).toBe(403);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("register an organisation and verify it as plain forms", async ({ page }) => {
    const email = uniqueEmail("nojs-org");
    await page.goto("/register?type=organization");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("Organization Name field is required")).toBeVisible();
    // The checklist is there, rendered by the server.
    await expect(page.getByTestId("password-checklist").locator("li")).toHaveCount(5);
    await fillOrganization(page, organization(email));
    await page.getByLabel("Confirm Password").fill("Mismatch#1");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("Password don't match.")).toBeVisible();
    await expect(page.getByLabel("Organization Name")).toHaveValue("Summit Treks");
    await fillPasswords(page, "Summit#Trek1");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page).toHaveURL(/\/register-success/);
    await expect(page.getByText("User Successfully Register")).toBeVisible();
    await page.getByRole("button", { name: "Resend Email" }).click();
    await expect(page.getByText("Email Resend successfully")).toBeVisible();
    await followMailedLink(page, email, /Verify/, "/verify-email", 2);
    await expect(page.getByText("Email Verified successfully")).toBeVisible();
  });

  test("forgot and reset a password as plain forms", async ({ page }) => {
    const user = await makeUser();
    await page.goto("/forgot-password");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Email field is required")).toBeVisible();
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Link successfully sent")).toBeVisible();
    await followMailedLink(page, user.email, /Reset/, "/create-new-password");
    await fillPasswords(page, NEW_PASSWORD, "Nope#Nope1", "New Password");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Password don't match.")).toBeVisible();
    await fillPasswords(page, NEW_PASSWORD, NEW_PASSWORD, "New Password");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page).toHaveURL("/success-password-change");
    await page.getByRole("link", { name: "Login" }).click();
    await fillLogin(page, user.email, NEW_PASSWORD);
    await expect(page).toHaveURL("/new-register");
  });

  test("change one's own password as a plain form", async ({ page }) => {
    const user = await makeUser();
    await signInAs(page, user.email);
    await page.goto("/account-settings");
    await page.getByRole("link", { name: "Change Password" }).click();
    await expect(page).toHaveURL("/account-settings/password");
    await page.getByLabel("Current Password").fill(user.password);
    await page.getByLabel("New Password").fill(NEW_PASSWORD);
    await page.getByLabel("Confirm Password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page).toHaveURL("/account-settings");
    await expect(page.getByText("Password Changed Successfully")).toBeVisible();
    await page.context().clearCookies();
    await signIn(page, user.email, NEW_PASSWORD);
  });

  test("set another user's password by username as a plain form", async ({ page }) => {
    const user = await makeUser();
    await signInAs(page, "ntb@tims.test");
    await page.goto("/change-user-password");
    await page.getByLabel("Username").fill(user.email);
    await fillPasswords(page, NEW_PASSWORD, "Nope#Nope1", "New Password");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Password don't match.")).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveValue(user.email);
    await fillPasswords(page, NEW_PASSWORD, NEW_PASSWORD, "New Password");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Password changed successfully")).toBeVisible();
    await page.context().clearCookies();
    await signIn(page, user.email, NEW_PASSWORD);
  });
});
