import { expect, test } from "@playwright/test";
import { makeUser, uniqueEmail } from "./support/data";
import { linkIn, waitForEmail } from "./support/outbox";
import { fillLogin, hydrated, signIn } from "./support/session";

const LANDINGS = [
  ["ntb@tims.test", "/dashboard"],
  ["taan@tims.test", "/dashboard"],
  ["agency@tims.test", "/new-register"],
  ["agency.new@tims.test", "/upload-documents"],
  ["fit@tims.test", "/new-register"],
  ["checkpost@tims.test", "/new-register"],
] as const;

test.describe("sign in and landing pages", () => {
  for (const [email, landing] of LANDINGS) {
    test(`${email} lands on ${landing}`, async ({ page }) => {
      await signIn(page, email);
      await expect(page).toHaveURL(landing);
      // Signed in, /login and / both lead back to the landing page.
      await page.goto("/login");
      await expect(page).toHaveURL(landing);
      await page.goto("/");
      await expect(page).toHaveURL(landing);
    });
  }

  test("a wrong password shows the server's message and keeps the e-mail", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    await fillLogin(page, "fit@tims.test", "Wrong@2026");
    await expect(page.getByText("Invalid email or password.")).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel("Email")).toHaveValue("fit@tims.test");
  });

  test("required fields and e-mail format are checked", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Email field is required")).toBeVisible();
    await expect(page.getByText("Password field is required")).toBeVisible();
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Please enter a correct email address")).toBeVisible();
  });

  test("the login page loads no React, only the document script, and checks fields by the server when they are left", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).focus();
    await expect(page.getByText("Please enter a correct email address")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Email").fill("fit@tims.test");
    await expect(page.getByText("Please enter a correct email address")).toHaveCount(0);
    await page.getByLabel("Password", { exact: true }).focus();
    await page.getByLabel("Email").focus();
    await expect(page.getByText("Password field is required")).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => !s.startsWith("/page-script/"))).toEqual([]);
  });

  test("the login page carries its links and the browser note", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByRole("link", { name: "Register Now" })).toHaveAttribute("href", "/register");
    await expect(page.getByRole("link", { name: "Self Check in" })).toHaveAttribute("href", "/location");
    await expect(page.getByText(/Google Chrome or Microsoft Edge/)).toBeVisible();
    await expect(page.getByLabel("Remember me")).toBeVisible();
  });

  test("an anonymous visit to a private page goes to /login and back after sign-in", async ({ page }) => {
    await page.goto("/account-settings");
    await expect(page).toHaveURL("/login?redirectTo=%2Faccount-settings");
    await hydrated(page);
    await fillLogin(page, "fit@tims.test");
    await expect(page).toHaveURL("/account-settings");
    await expect(page.getByRole("main").getByText("fit@tims.test")).toBeVisible();
  });

  test("a disabled account cannot sign in", async ({ page }) => {
    const user = await makeUser({ status: "Disabled" });
    await page.goto("/login");
    await hydrated(page);
    await fillLogin(page, user.email, user.password);
    await expect(page.getByText("Your account has been disabled. Please contact the Nepal Tourism Board.")).toBeVisible();
  });

  test("an unverified account is told so, can resend the e-mail and verify through its link", async ({ page }) => {
    const user = await makeUser({ emailVerified: false, email: uniqueEmail("unverified") });
    await page.goto("/login");
    await hydrated(page);
    await fillLogin(page, user.email, user.password);
    await expect(page.getByText(/We are sorry to inform you that your email has not been verified yet/)).toBeVisible();
    await page.getByRole("button", { name: "Resend verification email" }).click();
    await expect(page.getByText("Email Resend successfully")).toBeVisible();
    const mail = await waitForEmail(user.email, /Verify/);
    const link = new URL(linkIn(mail, "/verify-email"));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page).toHaveURL("/login");
    await expect(page.getByText("Email Verified successfully")).toBeVisible();
    await fillLogin(page, user.email, user.password);
    await expect(page).toHaveURL("/new-register");
  });

  test("a tampered verification link verifies nothing", async ({ page }) => {
    const user = await makeUser({ emailVerified: false });
    await page.goto(`/verify-email?token=forged.token&verify=${user.id}`);
    await expect(page.getByText("This verification link is not valid. Sign in to get a new one.")).toBeVisible();
    await fillLogin(page, user.email, user.password);
    await expect(page.getByText(/has not been verified yet/)).toBeVisible();
  });
});

test.describe("guards, layout and errors", () => {
  test("a role that may not see a page gets the 403 page", async ({ page }) => {
    await signIn(page, "fit@tims.test");
    const response = await page.goto("/upload-documents");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Unauthorized" })).toBeVisible();
  });

  test("/dashboard sends a role without it to its own landing page", async ({ page }) => {
    await signIn(page, "checkpost@tims.test");
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/new-register");
  });

  test("an agency still onboarding is kept on its onboarding pages", async ({ page }) => {
    await signIn(page, "agency.new@tims.test");
    await page.goto("/new-register");
    await expect(page).toHaveURL("/upload-documents");
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);
    await expect(page.getByTestId("page-title")).toHaveCount(0);
  });

  test("the sidebar shows what the role may open; the bell is hidden for the board", async ({ page }) => {
    await signIn(page, "ntb@tims.test");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Register Trek" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Notifications" })).toHaveCount(0);
    await expect(page.getByTestId("page-title")).toHaveText("Dashboard");

    await page.context().clearCookies();
    await signIn(page, "fit@tims.test");
    await expect(nav.getByRole("link", { name: "Register Trek" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Notifications" })).toBeVisible();
  });

  test("the page title falls back to the last path segment in upper case", async ({ page }) => {
    await signIn(page, "fit@tims.test");
    await page.goto("/search?q=x");
    await expect(page.getByTestId("page-title")).toHaveText("Search");
    await page.goto("/notifications");
    await expect(page.getByText("No notifications found")).toBeVisible();
  });

  test("sign out ends the session", async ({ page }) => {
    await signIn(page, "taan@tims.test");
    await page.locator("summary").filter({ hasText: "TAAN Officer" }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/login");
    await expect(page.getByText("User Successfully Logout")).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard/);
  });

  test("an unknown page shows the 404 page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  });

  test("the small-screen sidebar slides in from the menu button", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page, "ntb@tims.test");
    const link = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Dashboard" });
    await expect(link).not.toBeInViewport();
    await page.getByTitle("Open menu").click();
    await expect(link).toBeInViewport();
  });
});

test.describe("session expiry", () => {
  test("an idle session expires with the spec's message", async ({ page }) => {
    // This server instance runs with a 3-second idle timeout.
    const base = `http://127.0.0.1:${Number(process.env.E2E_PORT || 3100) + 1}`;
    await page.goto(`${base}/login`);
    await hydrated(page);
    await fillLogin(page, "fit@tims.test");
    await expect(page).toHaveURL(`${base}/new-register`);
    await page.waitForTimeout(4_000);
    await page.goto(`${base}/account-settings`);
    await expect(page).toHaveURL(`${base}/login?redirectTo=%2Faccount-settings`);
    await expect(page.getByText("Your login session has expired. Please login again to continue.")).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sign-in, its errors and sign-out work as plain forms", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Email field is required")).toBeVisible();
    await fillLogin(page, "ntb@tims.test", "Wrong@2026");
    await expect(page.getByText("Invalid email or password.")).toBeVisible();
    await fillLogin(page, "ntb@tims.test");
    await expect(page).toHaveURL("/dashboard");
    await page.locator("summary").filter({ hasText: "Board Administrator" }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/login");
    await expect(page.getByText("User Successfully Logout")).toBeVisible();
  });
});
