import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectToast, fillPasswords, NEW_PASSWORD } from "./support/accounts";
import { listRouteChoices } from "@modules/trek-routes/index.server";
import { makeUser, uniqueEmail } from "./support/data";
import { fillLogin, hydrated, signIn } from "./support/session";
import { signInAs } from "./support/auth-cookie";

const PASSWORD = "Check#Post26";

/** Opens the account whose e-mail is `email` from the given tab of the users list. */
async function openFromList(page: Page, tab: string, email: string) {
  await page.goto(`/users?tab=${tab}`);
  await hydrated(page);
  const search = page.getByRole("main").getByRole("searchbox", { name: "Search" });
  await search.fill(email);
  await search.press("Enter");
  await expect(page).toHaveURL(/username=/);
  const table = page.getByRole("table");
  await expect(table.getByText(email)).toBeVisible();
  await table.getByRole("row").filter({ hasText: email }).getByRole("link").first().click();
}

async function trySignIn(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await hydrated(page);
  await fillLogin(page, email, password);
  return page;
}

test.describe("users list", () => {
  test("the board sees four tabs; rows open the account view of their kind", async ({ page }) => {
    await signInAs(page, "ntb@tims.test", { land: true });
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Users" }).click();
    await expect(page).toHaveURL("/users");
    const tabs = page.getByRole("navigation", { name: "User types" });
    for (const name of ["NTB", "TAAN", "Trek Agency", "Checkpost"]) await expect(tabs.getByRole("link", { name, exact: true })).toBeVisible();
    // Other tests add board users in parallel, newest first: find the demo one by search.
    await expect(page.getByRole("table").getByRole("row").nth(1)).toBeVisible();
    await page.goto("/users?tab=ntb&username=ntb%40tims.test");
    await expect(page.getByRole("table").getByText("ntb@tims.test")).toBeVisible();

    await openFromList(page, "agency", "agency@tims.test");
    await expect(page).toHaveURL(/\/users\/trekking-agency\/\d+$/);
    await expect(page.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
    for (const label of ["Organization Name", "PAN Number", "Contact Address", "Registration Date", "Contact Number", "Contact Person"]) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByText("301234567")).toBeVisible();

    await openFromList(page, "agency", "fit@tims.test");
    await expect(page).toHaveURL(/\/users\/fit\/\d+$/);
    await expect(page.getByText("Germany")).toBeVisible();
    await page.getByRole("link", { name: "TIMS Card" }).click();
    await expect(page).toHaveURL(/\/users\/fit\/\d+\/tims-cards$/);
    await expect(page.getByText("No Data Found For This Table")).toBeVisible();
  });

  test("search on Enter, the status filter and the empty text", async ({ page }) => {
    const user = await makeUser({ userType: 6, fullName: "Pasang Filter", status: "Disabled", email: uniqueEmail("filter") });
    await signInAs(page, "ntb@tims.test");
    await page.goto("/users?tab=taan&status=Active&username=" + encodeURIComponent(user.email));
    await expect(page.getByText("No Data Found For This Table")).toBeVisible();
    await page.getByRole("main").getByLabel("Status").selectOption("Disabled");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("table").getByText(user.email)).toBeVisible();
    await expect(page.getByText(/Showing 1-1 of 1/)).toBeVisible();
  });

  test("a wrong kind in the URL leads to the right view", async ({ page }) => {
    const trekker = await makeUser();
    await signInAs(page, "ntb@tims.test");
    await page.goto(`/users/${trekker.id}`);
    await expect(page).toHaveURL(`/users/fit/${trekker.id}`);
    expect((await page.goto("/users/fit/999999999"))?.status()).toBe(404);
  });
});

test.describe("who may administer users", () => {
  test("TAAN sees the list without the NTB tab and cannot change anyone", async ({ page }) => {
    const board = await makeUser({ userType: 4, fullName: "Hidden Board" });
    const checkpost = await makeUser({ userType: 5, fullName: "Taan View Post" });
    await signInAs(page, "taan@tims.test");
    await page.goto("/users");
    const tabs = page.getByRole("navigation", { name: "User types" });
    await expect(tabs.getByRole("link", { name: "TAAN" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "NTB" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Add User" })).toHaveCount(0);
    expect((await page.goto("/users?tab=ntb"))?.status()).toBe(403);
    expect((await page.goto("/users/add"))?.status()).toBe(403);
    expect((await page.goto(`/users/${board.id}`))?.status()).toBe(403);

    await page.goto(`/users/checkpost/${checkpost.id}`);
    await expect(page.getByRole("heading", { name: "Taan View Post" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Change/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Disable" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Delete", exact: true })).toHaveCount(0);
    for (const [path, form] of [
      ["disable", { remarks: "Not allowed to do this" }],
      ["delete", {}],
      ["enable", {}],
      ["name", { fullName: "Hacked Name" }],
    ] as const) {
      const response = await page.request.post(`/users/checkpost/${checkpost.id}/${path}`, { form });
      expect(response.status(), path).toBe(403);
    }
    const added = await page.request.post("/users/add", {
      form: { userType: "6", fullName: "Sneaky", email: uniqueEmail("sneaky"), password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(added.status()).toBe(403);
  });

  for (const email of ["fit@tims.test", "agency@tims.test", "checkpost@tims.test"]) {
    test(`${email} gets 403 on user administration`, async ({ page }) => {
      await signInAs(page, email);
      expect((await page.goto("/users"))?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: "Unauthorized" })).toBeVisible();
      expect((await page.goto("/users/add"))?.status()).toBe(403);
    });
  }

  test("the board cannot disable or delete itself, even by a hand-made POST", async ({ page }) => {
    const me = await makeUser({ userType: 4, fullName: "Self Board" });
    await signInAs(page, me.email);
    await page.goto(`/users/${me.id}`);
    await expect(page.getByText("This is your own account.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Disable" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Delete", exact: true })).toHaveCount(0);
    for (const [path, form] of [
      ["disable", { remarks: "Trying to lock myself out" }],
      ["delete", {}],
      ["enable", {}],
      ["password", { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }],
    ] as const) {
      const response = await page.request.post(`/users/${me.id}/${path}`, { form });
      expect(response.status(), path).toBe(403);
    }
    // Still active and signed in.
    await page.goto("/users?tab=ntb&username=" + encodeURIComponent(me.email));
    await expect(page.getByRole("row").filter({ hasText: me.email }).getByText("Active")).toBeVisible();
  });
});

test.describe("the board administers a checkpost user", () => {
  test("add (every validation message), disable, enable; a checkpost is never deleted", async ({ page, browser }) => {
    // Two browsers, every validation message, four modals: long on a busy two-core machine.
    test.slow();
    const email = uniqueEmail("post");
    await signInAs(page, "ntb@tims.test");
    await page.goto("/users?tab=checkpost");
    await hydrated(page);
    await page.getByRole("link", { name: "Add User" }).click();
    await expect(page).toHaveURL("/users/add?tab=checkpost");
    const panel = page.getByRole("dialog", { name: "Add User" });
    await panel.getByRole("button", { name: "Add User" }).click();
    for (const text of ["User Type", "Full Name", "Email", "Password", "Confirm Password"]) {
      await expect(panel.getByText(`${text} field is required`, { exact: true })).toBeVisible();
    }
    await panel.getByLabel("User Type").selectOption({ label: "Checkpost" });
    await panel.getByRole("button", { name: "Add User" }).click();
    for (const text of ["Province", "Local Government Name", "Ward No", "Route", "Checkpost"]) {
      await expect(panel.getByText(`${text} field is required`, { exact: true })).toBeVisible();
    }
    await panel.getByLabel("Full Name").fill("Post 9");
    await panel.getByLabel("Email").fill("bad@");
    await panel.getByLabel("Password", { exact: true }).fill("short");
    await panel.getByLabel("Confirm Password").fill("other");
    await panel.getByRole("button", { name: "Add User" }).click();
    await expect(panel.getByText("Only text allowed")).toBeVisible();
    await expect(panel.getByText("Please enter a correct email address")).toBeVisible();
    await expect(panel.getByText("Password don't match.")).toBeVisible();

    await panel.getByLabel("Full Name").fill("Dharapani Post");
    await panel.getByLabel("Email").fill(email);
    await fillPasswords(page, PASSWORD);
    await panel.getByLabel("Province").selectOption({ label: "Gandaki" });
    await panel.getByLabel("Local Government Name").fill("Nashong Rural Municipality");
    await panel.getByLabel("Ward No").fill("2");
    // The checkpost choices follow the route, in the browser.
    await panel.getByLabel("Route").selectOption({ label: "Everest Base Camp" });
    await expect(panel.getByLabel("Checkpost").locator("option", { hasText: "Namche Bazaar" })).toHaveCount(1);
    await panel.getByLabel("Route").selectOption({ label: "Annapurna Circuit" });
    await expect(panel.getByLabel("Checkpost").locator("option", { hasText: "Namche Bazaar" })).toHaveCount(0);
    await panel.getByLabel("Checkpost").selectOption({ label: "Dharapani" });
    await panel.getByRole("button", { name: "Add User" }).click();
    await expectToast(page, "User Added Successfully");
    await expect(page).toHaveURL("/users?tab=checkpost");

    const post = await trySignIn(browser, email, PASSWORD);
    await expect(post).toHaveURL("/new-register");

    await openFromList(page, "checkpost", email);
    await expect(page).toHaveURL(/\/users\/checkpost\/\d+$/);
    const base = new URL(page.url()).pathname;
    await expect(page.getByText("Annapurna Circuit")).toBeVisible();
    await expect(page.getByText("Dharapani", { exact: true })).toBeVisible();

    await page.getByRole("link", { name: "Disable" }).click();
    const disable = page.getByRole("dialog", { name: "Disable User" });
    await disable.getByRole("button", { name: "Disable" }).click();
    await expect(disable.getByText("Reason field is required")).toBeVisible();
    await disable.getByLabel("Reason").fill("Checkpost closed for the season");
    await disable.getByRole("button", { name: "Disable" }).click();
    await expectToast(page, "User Disabled Successfully");
    await expect(page.getByText("Disabled: Checkpost closed for the season")).toBeVisible();

    // The open session has ended, and signing in again is refused.
    await post.goto("/account-settings");
    await expect(post).toHaveURL(/\/login/);
    await fillLogin(post, email, PASSWORD);
    await expect(post.getByText("Your account has been disabled. Please contact the Nepal Tourism Board.")).toBeVisible();

    await page.getByRole("button", { name: "Enable" }).click();
    await expectToast(page, "User Enabled Successfully");
    await post.goto("/login");
    await fillLogin(post, email, PASSWORD);
    await expect(post).toHaveURL("/new-register");

    // A checkpost user is never deleted (spec 2 §2 hides the action): the page and a hand-made POST are refused.
    await page.goto(base);
    await expect(page.getByRole("link", { name: "Disable" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Delete", exact: true })).toHaveCount(0);
    expect((await page.request.get(`${base}/delete`)).status()).toBe(403);
    expect((await page.request.post(`${base}/delete`, { form: {} })).status()).toBe(403);
    await page.goto(`/users?tab=checkpost&username=${encodeURIComponent(email)}`);
    await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(1);
    await post.context().close();
  });

  test("changes name, e-mail, password and checkpost information from the account view", async ({ page }) => {
    const user = await makeUser({ userType: 5, fullName: "Old Post Name" });
    const next = uniqueEmail("post-moved");
    await signInAs(page, "ntb@tims.test");
    await page.goto(`/users/checkpost/${user.id}`);
    await hydrated(page);

    await page.getByRole("link", { name: "Change Account Details" }).click();
    const name = page.getByRole("dialog", { name: "Change Account Name" });
    await name.getByLabel("Full Name").fill("New Post Name");
    await name.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Account Info successfully updated");

    await page.getByRole("link", { name: "Change Email" }).click();
    const mail = page.getByRole("dialog", { name: "Change E-mail Address" });
    await mail.getByLabel("New Email").fill(next);
    await mail.getByLabel("Confirm Email").fill(uniqueEmail("typo"));
    await mail.getByRole("button", { name: "Save" }).click();
    await expect(mail.getByText("Email don't match.")).toBeVisible();
    await mail.getByLabel("Confirm Email").fill(next);
    await mail.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Email successfully updated");
    await expect(page.getByText(next).first()).toBeVisible();

    await page.getByRole("link", { name: "Change Password" }).click();
    const password = page.getByRole("dialog", { name: "Change Password" });
    await password.getByLabel("New Password").fill(NEW_PASSWORD);
    await password.getByLabel("Confirm Password").fill(NEW_PASSWORD);
    await password.getByRole("button", { name: "Change Password" }).click();
    await expectToast(page, "Password Changed Successfully");

    await page.getByRole("link", { name: "Update Checkpost Information" }).click();
    const info = page.getByRole("dialog", { name: "Update Checkpost Information" });
    await info.getByRole("button", { name: "Update" }).click();
    for (const text of ["Province", "Local Government Name", "Ward No", "Route", "Checkpost"]) {
      await expect(info.getByText(`${text} field is required`, { exact: true })).toBeVisible();
    }
    await info.getByLabel("Province").selectOption({ label: "Koshi" });
    await info.getByLabel("Local Government Name").fill("Khumbu Pasang Lhamu");
    await info.getByLabel("Ward No").fill("5");
    await info.getByLabel("Route").selectOption({ label: "Everest Base Camp" });
    await info.getByLabel("Checkpost").selectOption({ label: "Monjo" });
    await info.getByRole("button", { name: "Update" }).click();
    await expectToast(page, "Checkpost successfully updated");
    await expect(page.getByText("Monjo", { exact: true })).toBeVisible();
    await expect(page.getByText("Koshi", { exact: true })).toBeVisible();

    await page.context().clearCookies();
    await signIn(page, next, NEW_PASSWORD);
    await expect(page).toHaveURL("/new-register");
  });

  test("the server refuses a checkpost that is not on the chosen route", async ({ page }) => {
    // Other tests add routes without checkpoints in parallel: pick two that have some.
    const [first, second] = (await listRouteChoices()).filter((route) => route.checkpoints.length > 0);
    await signInAs(page, "ntb@tims.test");
    const response = await page.request.post("/users/add", {
      form: {
        intent: "add",
        userType: "5",
        fullName: "Wrong Place",
        email: uniqueEmail("wrong-place"),
        password: PASSWORD,
        confirmPassword: PASSWORD,
        provinceId: "4",
        localGovernmentInfo: "Somewhere",
        wardNo: "3",
        routeId: String(second.id),
        checkpointId: String(first.checkpoints[0].id),
      },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Please choose a checkpost of the selected route");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the board adds a checkpost user, loading the route's checkpoints with a button", async ({ page }) => {
    const email = uniqueEmail("nojs-post");
    await signInAs(page, "ntb@tims.test");
    await page.goto("/users?tab=checkpost");
    await page.getByRole("link", { name: "Add User" }).click();
    await expect(page).toHaveURL("/users/add?tab=checkpost");
    const panel = page.getByRole("dialog", { name: "Add User" });
    await panel.getByRole("button", { name: "Add User" }).click();
    await expect(page.getByText("User Type field is required")).toBeVisible();

    await panel.getByLabel("User Type").selectOption({ label: "Checkpost" });
    await panel.getByLabel("Full Name").fill("Manang Post");
    await panel.getByLabel("Email").fill(email);
    await panel.getByLabel("Province").selectOption({ label: "Gandaki" });
    await panel.getByLabel("Local Government Name").fill("Manang Ngisyang");
    await panel.getByLabel("Ward No").fill("4");
    await panel.getByLabel("Route").selectOption({ label: "Annapurna Circuit" });
    // Without JavaScript the checkpost list holds every route's checkpoints, in a group per route.
    await expect(panel.getByLabel("Checkpost").locator("optgroup[label='Annapurna Circuit'] option", { hasText: "Manang" })).toHaveCount(1);
    await panel.getByLabel("Checkpost").selectOption({ label: "Manang" });
    await panel.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await panel.getByLabel("Confirm Password").fill(PASSWORD);
    await panel.getByRole("button", { name: "Add User" }).click();
    await expect(page).toHaveURL("/users?tab=checkpost");
    await expect(page.getByText("User Added Successfully")).toBeVisible();

    await page.goto(`/users?tab=checkpost&username=${encodeURIComponent(email)}`);
    await expect(page.getByRole("row").filter({ hasText: email }).getByText("Manang", { exact: true })).toBeVisible();
  });
});
