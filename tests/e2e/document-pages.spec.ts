import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./support/auth-cookie";
import { hydrated } from "./support/session";
import { unpaidRegistration } from "./support/paid";
import { dayFromToday } from "./support/registration";

// Document pages (ADR 0043): server-rendered HTML with the one document script, no React,
// however they are reached: directly, or by a link or a redirect from an app page.

const DOCUMENT_SCRIPT = /^\/page-script\/document\.[A-Za-z0-9_-]+\.js$/;

// Read once the document has loaded and its script has run: after a link's click the URL changes
// when the new document commits, before its body (and the script at its end) has been parsed.
const servedAsDocument = async (page: Page) => {
  await page.waitForLoadState("load");
  await hydrated(page);
  return {
    react: await page.evaluate(() => "__remixContext" in window),
    scripts: await page.locator("script[src]").evaluateAll((all) => all.map((s) => new URL((s as HTMLScriptElement).src).pathname)),
  };
};

test("Add User opened directly: a document, checked by the server as fields are left, Escape closes it", async ({ page }) => {
  await signInAs(page, "ntb@tims.test");
  await page.goto("/users/add");
  const first = await servedAsDocument(page);
  expect(first.react).toBe(false);
  expect(first.scripts).toHaveLength(1);
  expect(first.scripts[0]).toMatch(DOCUMENT_SCRIPT);
  const panel = page.getByRole("dialog", { name: "Add User" });
  await expect(panel).toBeFocused();

  const fullName = page.getByLabel("Full Name");
  await fullName.fill("R2D2");
  await fullName.blur();
  await expect(page.locator("#add-user-fullName-error")).toHaveText("Only text allowed");
  await expect(fullName).toHaveAttribute("aria-invalid", "true");
  // Corrected as it is typed, the message goes (the server's schema accepts any script's letters).
  await fullName.fill("José O'Brien");
  await expect(page.locator("#add-user-fullName-error")).toHaveCount(0);
  await expect(fullName).not.toHaveAttribute("aria-invalid", "true");
  // A cross-field rule comes from the same schema.
  await page.getByLabel("Password", { exact: true }).fill("Trek@2026");
  await expect(page.getByTestId("password-checklist").locator("li[data-met=true]")).toHaveCount(5);
  const confirm = page.getByLabel("Confirm Password");
  await confirm.fill("Trek@2027");
  await confirm.blur();
  await expect(page.locator(`#${await confirm.getAttribute("id")}-error`)).toContainText(/match/i);
  // Fields not yet left show nothing.
  await expect(page.locator("#add-user-email-error")).toHaveCount(0);

  // The checkpost fields follow the user type, and the checkpost list the route (declared in the markup).
  const place = page.getByRole("group", { name: "Checkpost (for checkpost users)" });
  await expect(place).toBeHidden();
  await panel.getByLabel("User Type").selectOption({ label: "Checkpost" });
  await expect(place).toBeVisible();
  await expect(panel.getByLabel("Checkpost").locator("option")).toHaveCount(1);
  await panel.getByLabel("Route").selectOption({ label: "Annapurna Circuit" });
  expect(await panel.getByLabel("Checkpost").locator("option").count()).toBeGreaterThan(1);
  await expect(panel.getByLabel("Checkpost").locator("optgroup")).toHaveCount(0);

  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/users$/);
  expect((await servedAsDocument(page)).react).toBe(true);
  // From the hydrated list the same route is loaded as a document again: one way, however reached.
  await page.getByRole("link", { name: "Add User" }).click();
  await expect(page.getByRole("dialog", { name: "Add User" })).toBeVisible();
  const again = await servedAsDocument(page);
  expect(again.react).toBe(false);
  expect(again.scripts).toEqual([expect.stringMatching(DOCUMENT_SCRIPT)]);
});

test("a registration as read from its e-mail and its editors are documents with the one document script", async ({ page }) => {
  const { user, regId } = await unpaidRegistration();
  await signInAs(page, user.email);
  await page.goto(`/new-register/${regId}`);
  expect((await servedAsDocument(page)).react).toBe(false);
  await expect(page.getByRole("heading", { name: new RegExp(`Registration #${regId}`) })).toBeVisible();
  await page.getByRole("link", { name: "Add Trekker" }).click();
  await expect(page).toHaveURL(/edit=add/);
  const editor = await servedAsDocument(page);
  expect(editor.react).toBe(false);
  expect(editor.scripts).toEqual([expect.stringMatching(DOCUMENT_SCRIPT)]);
});

test("the trek and trekker editors as documents: points follow the route, dates wait, the server checks, the diplomat notice", async ({ page }) => {
  const { user, regId } = await unpaidRegistration();
  await signInAs(page, user.email);
  await page.goto(`/new-register/${regId}`);
  await page.getByRole("link", { name: "Edit", exact: true }).first().click();
  await expect(page).toHaveURL(/edit=trek$/);
  expect((await servedAsDocument(page)).react).toBe(false);
  // Only the chosen route's points (without JavaScript every route's, in groups).
  const entryPoint = page.getByLabel("Entry Point");
  await expect(entryPoint.locator("optgroup")).toHaveCount(0);
  await expect(entryPoint).toHaveValue("Besisahar");
  const entry = page.getByLabel("Trek Entry Date");
  const exit = page.getByLabel("Trek Exit Date");
  await entry.fill("");
  await expect(exit).toBeDisabled();
  await entry.fill(dayFromToday(10));
  await exit.fill(dayFromToday(5));
  await exit.blur();
  await expect(page.getByText("Trek Exit Date can not be less than Entry Date")).toBeVisible();
  await exit.fill(dayFromToday(15));
  await expect(page.getByText("Trek Exit Date can not be less than Entry Date")).toHaveCount(0);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("Trek Details Successfully Updated")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/new-register/${regId}$`));

  await page.locator("section").filter({ hasText: "Trekker 1:" }).last().getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(/edit=trekker-\d+$/);
  expect((await servedAsDocument(page)).react).toBe(false);
  await expect(page.getByRole("img", { name: "Current photo" })).toBeVisible();
  await page.getByLabel("Nationality").selectOption({ label: "India" });
  await expect(page.getByLabel("Visa Number")).toBeHidden();
  await expect(page.getByLabel("Passport Number / Aadhaar number")).toBeVisible();
  await page.getByLabel("Trekker Type").selectOption({ label: "Diplomat" });
  const notice = page.getByRole("alertdialog", { name: "Diplomat" });
  await expect(notice).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(notice).toBeHidden();
  await expect(page.getByLabel("Trekker Type")).toHaveValue("");
  await page.getByLabel("Trekker Type").selectOption({ label: "Diplomat" });
  await expect(notice).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(notice).toBeHidden();
});

test("the blur check answers signed-in users and known schemas, and anyone the sign-in and sign-up forms'", async ({ page, request }) => {
  const anonymous = await request.post("/form-check/users.addUserSchema", { form: { fullName: "R2D2" }, maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  const signUp = await request.post("/form-check/users.registerSchema", { form: { userType: "1", fullName: "R2D2", email: "x" }, maxRedirects: 0 });
  expect(signUp.status()).toBe(200);
  expect((await signUp.json()).errors.fullName).toEqual(["Only text allowed"]);
  await signInAs(page, "ntb@tims.test");
  const known = await page.request.post("/form-check/users.addUserSchema", { form: { fullName: "R2D2" } });
  expect((await known.json()).errors.fullName).toEqual(["Only text allowed"]);
  expect((await page.request.post("/form-check/users.nothing", { form: {} })).status()).toBe(404);
});

// The issue's "usable on slow 3G within 1.5x of its JavaScript-off time (the HTML works before the
// scripts arrive)": with JavaScript on and the app's scripts held back, a hydrated page already
// navigates by its links and submits its forms as plain HTML.
test("with JavaScript on, a hydrated page works before its scripts arrive", async ({ page }) => {
  await signInAs(page, "ntb@tims.test");
  const held: (() => void)[] = [];
  await page.route(/\/build(-[\w-]+)?\/.*\.js$/, (route) => new Promise<void>((release) => held.push(() => void route.continue().then(release, release))));
  await page.goto("/users", { waitUntil: "commit" });
  await expect(page.getByRole("main").getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as any).__remixRouter?.state?.initialized ?? false)).toBe(false);
  // A link: the tab of agencies.
  await page.getByRole("navigation", { name: "User types" }).getByRole("link").nth(1).click();
  await expect(page).toHaveURL(/\/users\?tab=/);
  // A form: the header's quick search posts as a plain GET.
  await page.setViewportSize({ width: 1280, height: 800 });
  const search = page.getByRole("search", { name: "Quick search" }).getByRole("searchbox");
  await search.fill("ntb@tims.test");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=ntb%40tims\.test/);
  await expect(page.getByRole("main")).toContainText("ntb@tims.test");
  expect(held.length).toBeGreaterThan(0);
  for (const release of held) release();
});
