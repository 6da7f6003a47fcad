import { expect, test, type Page } from "@playwright/test";
import {
  expectToast,
  fillOrganization,
  fillPasswords,
  followMailedLink,
  NEW_PASSWORD,
  PASSWORD_RULE_MESSAGE,
  pngBuffer,
  organization,
} from "./support/accounts";
import { makeUser, uniqueEmail } from "./support/data";
import { fillLogin, hydrated } from "./support/session";
import { signInAs } from "./support/auth-cookie";
import { linkIn, waitForEmail } from "./support/outbox";

async function openRegister(page: Page, type: "Organization" | "Individual") {
  await page.goto("/register");
  await hydrated(page);
  await page.getByRole("link", { name: type, exact: true }).click();
  await expect(page.getByRole("button", { name: "Register" })).toBeVisible();
  await hydrated(page);
}

test.describe("registration", () => {
  test("an organisation registers, resends, verifies through the e-mail and signs in to onboarding", async ({ page }) => {
    const email = uniqueEmail("org");
    await openRegister(page, "Organization");
    await expect(page.getByLabel("Country")).toHaveValue("Nepal");
    await fillOrganization(page, organization(email));
    await page.getByRole("button", { name: "Register" }).click();

    await expect(page).toHaveURL(`/register-success?email=${encodeURIComponent(email)}`);
    await expectToast(page, "User Successfully Register");
    await expect(page.getByText(email)).toBeVisible();
    for (const name of ["Open Gmail", "Open Outlook", "Open Yahoo Mail"]) await expect(page.getByRole("link", { name })).toBeVisible();
    await expect(page.getByText(/check your spam or junk folder/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");

    await page.getByRole("button", { name: "Resend Email" }).click();
    await expectToast(page, "Email Resend successfully");
    await followMailedLink(page, email, /Verify/, "/verify-email", 2);
    await expect(page).toHaveURL("/login");
    await expectToast(page, "Email Verified successfully");
    await fillLogin(page, email, "Summit#Trek1");
    await expect(page).toHaveURL("/upload-documents");
  });

  test("an individual registers with a country, verifies and signs in", async ({ page }) => {
    const email = uniqueEmail("fit");
    await openRegister(page, "Individual");
    await page.getByLabel("Full Name").fill("Lena Vogel");
    await page.getByLabel("Country").selectOption({ label: "Austria" });
    await page.getByLabel("Email").fill(email);
    await fillPasswords(page, "Lena#Trek2026");
    await page.getByRole("button", { name: "Register" }).click();
    await expectToast(page, "User Successfully Register");

    // Not verified yet: the foundation's message.
    await page.goto("/login");
    await hydrated(page);
    await fillLogin(page, email, "Lena#Trek2026");
    await expect(page.getByText(/has not been verified yet/)).toBeVisible();

    await followMailedLink(page, email, /Verify/, "/verify-email");
    await expectToast(page, "Email Verified successfully");
    await fillLogin(page, email, "Lena#Trek2026");
    await expect(page).toHaveURL("/new-register");
  });

  test("the organisation form shows every validation message", async ({ page }) => {
    await openRegister(page, "Organization");
    await page.getByRole("button", { name: "Register" }).click();
    for (const text of [
      "Organization Name field is required",
      "PAN Number field is required",
      "Contact Person field is required",
      "Contact Number field is required",
      "Address field is required",
      "Email field is required",
      "Password field is required",
      "Confirm Password field is required",
    ]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await fillOrganization(page, {
      ...organization("not-an-email"),
      organizationName: "Treks <4 U>",
      panNumber: "12345",
      contactNo: "98012",
      password: "weak",
    });
    await page.getByLabel("Confirm Password").fill("different");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("Only text allowed")).toBeVisible();
    await expect(page.getByText("Please enter 9 digit number")).toBeVisible();
    await expect(page.getByText("Please enter 10 digit number")).toBeVisible();
    await expect(page.getByText("Please enter a correct email address")).toBeVisible();
    await expect(page.getByText(PASSWORD_RULE_MESSAGE)).toBeVisible();
    await expect(page.getByText("Password don't match.")).toBeVisible();
  });

  test("the individual form needs a name of letters and a country; a taken e-mail gets the same success page and its owner an e-mail", async ({ page }) => {
    await openRegister(page, "Individual");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("Full Name field is required")).toBeVisible();
    await expect(page.getByText("Country field is required")).toBeVisible();
    await page.getByLabel("Full Name").fill("R2D2");
    await page.getByLabel("Country").selectOption({ label: "Japan" });
    await page.getByLabel("Email").fill("fit@tims.test");
    await fillPasswords(page, "Valid#Pass1");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("Only text allowed")).toBeVisible();
    await page.getByLabel("Full Name").fill("Yuki Tanaka");
    await fillPasswords(page, "Valid#Pass1");
    await page.getByRole("button", { name: "Register" }).click();
    // No existence oracle (docs/decisions.md): the page answers as for a new address.
    await expect(page).toHaveURL(`/register-success?email=${encodeURIComponent("fit@tims.test")}`);
    await expectToast(page, "User Successfully Register");
    await expect(page.getByText("This email is already registered.")).toHaveCount(0);
    const notice = await waitForEmail("fit@tims.test", /Someone tried to register/);
    expect(linkIn(notice, "/forgot-password")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/forgot-password$/);
  });

  test("a document page: the form checks each field when it is left, by the server with the schema's texts", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (r) => void (r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname)));
    await openRegister(page, "Organization");
    // No React: the document script and its chunks only (ADR 0043).
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => !s.startsWith("/page-script/"))).toEqual([]);
    await page.getByLabel("PAN Number").fill("12345");
    await page.getByLabel("PAN Number").blur();
    await expect(page.getByText("Please enter 9 digit number")).toBeVisible();
    await expect(page.getByLabel("PAN Number")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("PAN Number").fill("123456789");
    await expect(page.getByText("Please enter 9 digit number")).toHaveCount(0);
    await page.getByLabel("Organization Name").focus();
    await page.getByLabel("Organization Name").blur();
    await expect(page.getByText("Organization Name field is required")).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill("weak");
    await page.getByLabel("Password", { exact: true }).blur();
    await expect(page.getByText(PASSWORD_RULE_MESSAGE)).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill("Valid#Pass1");
    await page.getByLabel("Confirm Password").fill("Valid#Pass2");
    await page.getByLabel("Confirm Password").blur();
    await expect(page.getByText("Password don't match.")).toBeVisible();
    await page.getByLabel("Confirm Password").fill("Valid#Pass1");
    await expect(page.getByText("Password don't match.")).toHaveCount(0);
  });

  test("the live checklist ticks each password rule as it is met", async ({ page }) => {
    await openRegister(page, "Individual");
    const checklist = page.getByTestId("password-checklist");
    await expect(checklist.locator("li")).toHaveCount(5);
    await expect(checklist.locator('li[data-met="true"]')).toHaveCount(0);
    await page.getByLabel("Password", { exact: true }).fill("abc");
    await expect(checklist.locator('li[data-met="true"]')).toHaveCount(1);
    await page.getByLabel("Password", { exact: true }).fill("Abcdefg1#");
    await expect(checklist.locator('li[data-met="true"]')).toHaveCount(5);
  });
});

test.describe("forgot and reset password", () => {
  test("a reset link from the e-mail sets a new password once", async ({ page }) => {
    const user = await makeUser();
    await page.goto("/forgot-password");
    await hydrated(page);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Email field is required")).toBeVisible();
    await page.getByLabel("Email").fill("nope");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Please enter a correct email address")).toBeVisible();
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page).toHaveURL(/\/check-mail\?email=/);
    await expectToast(page, "Link successfully sent");

    const link = await followMailedLink(page, user.email, /Reset/, "/create-new-password");
    await hydrated(page);
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("New Password field is required")).toBeVisible();
    await expect(page.getByText("Confirm Password field is required")).toBeVisible();
    await fillPasswords(page, "weakpass", "weakpass", "New Password");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText(PASSWORD_RULE_MESSAGE)).toBeVisible();
    // A document page (ADR 0043): the document script only, no React.
    await expect(page.locator("script[src]")).toHaveCount(1);
    await expect(page.locator("script[src]")).toHaveAttribute("src", /^\/page-script\/document\./);
    await page.getByLabel("New Password", { exact: true }).fill("Abcdefg1");
    await expect(page.getByTestId("password-checklist").locator('li[data-met="true"]')).toHaveCount(4);
    await fillPasswords(page, NEW_PASSWORD, "Other#Pass99", "New Password");
    await page.getByLabel("Confirm Password").blur();
    await expect(page.getByText("Password don't match.")).toBeVisible();
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Password don't match.")).toBeVisible();
    await fillPasswords(page, NEW_PASSWORD, NEW_PASSWORD, "New Password");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page).toHaveURL("/success-password-change");
    await expectToast(page, "Password changed successfully");
    await expect(page.getByRole("heading", { name: "Password Changed Successfully" })).toBeVisible();

    // The same link again: it died with the old password.
    await page.goto(link);
    await expect(page.getByText("Invalid token! please refresh and try again")).toBeVisible();
    await page.goto("/login");
    await fillLogin(page, user.email, user.password);
    await expect(page.getByText("Invalid email or password.")).toBeVisible();
    await fillLogin(page, user.email, NEW_PASSWORD);
    await expect(page).toHaveURL("/new-register");
  });

  test("an unknown address gets the same answer and no e-mail", async ({ page }) => {
    const email = uniqueEmail("nobody");
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page).toHaveURL(`/check-mail?email=${encodeURIComponent(email)}`);
    await expectToast(page, "Link successfully sent");
    await expect(page.getByRole("heading", { name: "Check your mail" })).toBeVisible();
  });

  test("a link without its token or user id says so", async ({ page }) => {
    await page.goto("/create-new-password?verify=12");
    await expect(page.getByText("Invalid token! please refresh and try again")).toBeVisible();
    await page.goto("/create-new-password?token=abc.def");
    await expect(page.getByText("Invalid User Id! please refresh and try again")).toBeVisible();
    await expect(page.getByRole("button", { name: "Change Password" })).toHaveCount(0);
  });
});

test.describe("account settings", () => {
  test("the e-mail changes only once the link sent to the new address is followed", async ({ page }) => {
    const user = await makeUser();
    const next = uniqueEmail("moved");
    await signInAs(page, user.email);
    await page.goto("/account-settings");
    await hydrated(page);
    await page.getByRole("link", { name: "Change Email" }).click();
    const dialog = page.getByRole("dialog", { name: "Change E-mail Address" });
    await dialog.getByRole("button", { name: "Send Link" }).click();
    await expect(dialog.getByText("New Email field is required")).toBeVisible();
    await expect(dialog.getByText("Confirm Email field is required")).toBeVisible();
    await dialog.getByLabel("New Email").fill(next);
    await dialog.getByLabel("Confirm Email").fill(uniqueEmail("typo"));
    await dialog.getByRole("button", { name: "Send Link" }).click();
    await expect(dialog.getByText("Email don't match.")).toBeVisible();
    await dialog.getByLabel("Confirm Email").fill(next);
    await dialog.getByRole("button", { name: "Send Link" }).click();
    await expect(page).toHaveURL("/account-settings");
    await expect(page.getByText(`We have sent a confirmation link to ${next}`, { exact: false })).toBeVisible();
    await expect(page.getByRole("main").getByText(user.email)).toBeVisible();

    await followMailedLink(page, next, /Confirm your new/, "/verify-changed-email");
    await expect(page.getByRole("heading", { name: "Email changed Successfully!" })).toBeVisible();
    await expect(page.getByText("We just verified and changed your email successfully.")).toBeVisible();
    await page.getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login/);
    await fillLogin(page, user.email, user.password);
    await expect(page.getByText("Invalid email or password.")).toBeVisible();
    await fillLogin(page, next, user.password);
    await expect(page).toHaveURL("/new-register");
  });

  test("name and password change with their messages; the password change ends other sessions", async ({ page, browser }) => {
    const user = await makeUser();
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInAs(otherPage, user.email);
    await signInAs(page, user.email);

    await page.goto("/account-settings/name");
    await hydrated(page);
    const nameDialog = page.getByRole("dialog", { name: "Change Account Name" });
    await nameDialog.getByLabel("Full Name").fill("");
    await nameDialog.getByRole("button", { name: "Save" }).click();
    await expect(nameDialog.getByText("Full Name field is required")).toBeVisible();
    await nameDialog.getByLabel("Full Name").fill("Trekker 2");
    await nameDialog.getByRole("button", { name: "Save" }).click();
    await expect(nameDialog.getByText("Only text allowed")).toBeVisible();
    await nameDialog.getByLabel("Full Name").fill("Renamed Trekker");
    await nameDialog.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Account Info successfully updated");
    await expect(page.getByRole("main").getByText("Renamed Trekker").first()).toBeVisible();

    await page.getByRole("link", { name: "Change Password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change Password" });
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await expect(dialog.getByText("Current Password field is required")).toBeVisible();
    await expect(dialog.getByText("New Password field is required")).toBeVisible();
    await dialog.getByLabel("Current Password").fill("Wrong#Pass1");
    await dialog.getByLabel("New Password").fill(NEW_PASSWORD);
    await dialog.getByLabel("Confirm Password").fill(NEW_PASSWORD);
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await expect(dialog.getByText("Current password is incorrect")).toBeVisible();
    await dialog.getByLabel("Current Password").fill(user.password);
    await dialog.getByLabel("New Password").fill(NEW_PASSWORD);
    await dialog.getByLabel("Confirm Password").fill(NEW_PASSWORD);
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await expectToast(page, "Password Changed Successfully");

    // This session goes on; the other one has ended.
    await page.reload();
    await expect(page).toHaveURL("/account-settings");
    await otherPage.goto("/account-settings");
    await expect(otherPage).toHaveURL(/\/login/);
    await other.close();
  });

  test("a profile photo is checked by content and shown once uploaded", async ({ page }) => {
    const user = await makeUser();
    await signInAs(page, user.email);
    await page.goto("/account-settings/photo");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Change Profile Photo" });
    await dialog
      .getByLabel("Profile Photo")
      .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("just text, not an image ".repeat(100)) });
    await dialog.getByRole("button", { name: "Upload" }).click();
    await expect(dialog.getByText("Only .jpg and .png extensions allowed")).toBeVisible();
    await dialog.getByLabel("Profile Photo").setInputFiles({ name: "tiny.png", mimeType: "image/png", buffer: pngBuffer(200) });
    await dialog.getByRole("button", { name: "Upload" }).click();
    await expect(dialog.getByText("The file size should be at least 1Kb.")).toBeVisible();
    await dialog.getByLabel("Profile Photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: pngBuffer() });
    await dialog.getByRole("button", { name: "Upload" }).click();
    await expectToast(page, "Profile photo successfully updated");
    const img = page.getByRole("main").getByRole("img", { name: "Profile" });
    const src = await img.getAttribute("src");
    expect(src).toMatch(new RegExp(`^/profile-photo/${user.id}\\?v=`));
    await expect(page.getByRole("banner").locator(`img[src="${src}"]`)).toBeVisible();
    const response = await page.request.get(src!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    // Another trekker may not fetch it.
    const stranger = await makeUser();
    await page.context().clearCookies();
    await signInAs(page, stranger.email);
    expect((await page.request.get(src!)).status()).toBe(404);
  });
});
