// Issue 13, item 9: the headers of public and private pages, a cross-origin POST refused with 403,
// and no Content-Security-Policy violation on the pages that run JavaScript (sign-in, the wizard
// with its photo preview, the payment page with a gateway simulator and the NEPALPAY QR, a card).
import { expect, test, type APIResponse, type Page } from "@playwright/test";
import { makeUser } from "./support/data";
import { cardsOf, unpaidRegistration } from "./support/paid";
import { fillTrek, fillTrekker, makeRoute } from "./support/registration";
import { hydrated } from "./support/session";
import { requestAs, signInAs } from "./support/auth-cookie";

const EVIL = "https://evil.example";

function directives(csp: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (csp ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(" ")]),
  );
}

function expectBaseline(response: APIResponse) {
  const h = response.headers();
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["x-frame-options"]).toBe("DENY");
  expect(h["referrer-policy"]).toBe("same-origin");
  expect(h["permissions-policy"]).toMatch(/^camera=\(\), /);
  // The e2e servers run in the embedded mode over plain http: no HSTS there (unit-tested for deployments).
  expect(h["strict-transport-security"]).toBeUndefined();
}

test.describe("response headers", () => {
  test("a public page: a nonce policy its scripts carry, and no no-store", async ({ request }) => {
    const response = await request.get("/login");
    expect(response.status()).toBe(200);
    expectBaseline(response);
    const csp = directives(response.headers()["content-security-policy"]);
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp["script-src"])?.[1];
    expect(nonce).toBeTruthy();
    expect(csp["script-src"]).toBe(`'self' 'nonce-${nonce}'`);
    expect(csp["object-src"]).toBe("'none'");
    expect(csp["frame-ancestors"]).toBe("'none'");
    expect(response.headers()["cache-control"] ?? "").not.toContain("no-store");
    // Every script of the page (a document page: the document script alone, ADR 0043) carries this
    // response's nonce, and a second request gets another.
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    const again = directives((await request.get("/login")).headers()["content-security-policy"]);
    expect(again["script-src"]).not.toBe(csp["script-src"]);
  });

  test("a signed-in page and its data are no-store", async ({ baseURL }) => {
    const user = await makeUser({ userType: 1 });
    const api = await requestAs(baseURL!, user.email);
    try {
      const page = await api.get("/account-settings", { maxRedirects: 0 });
      expect(page.status()).toBe(200);
      expectBaseline(page);
      expect(page.headers()["cache-control"]).toBe("no-store");
      expect(page.headers()["content-security-policy"]).toContain("script-src 'self' 'nonce-");
      const data = await api.get("/account-settings.data", { maxRedirects: 0 });
      expect(data.status()).toBe(200);
      expect(data.headers()["cache-control"]).toBe("no-store");
    } finally {
      await api.dispose();
    }
  });

  test("static files carry the baseline headers too", async ({ request }) => {
    const response = await request.get("/favicon.ico");
    expect(response.status()).toBe(200);
    expectBaseline(response);
  });

  test("a cross-origin POST is refused with 403, a same-origin one goes through", async ({ baseURL }) => {
    const user = await makeUser({ userType: 1 });
    const api = await requestAs(baseURL!, user.email);
    try {
      for (const url of ["/account-settings/name", "/account-settings/name.data", "/logout", "/login"]) {
        const refused = await api.post(url, { form: { fullName: "Forged Name" }, headers: { Origin: EVIL }, maxRedirects: 0 });
        expect(refused.status(), url).toBe(403);
        expect(await refused.text()).toContain("Forbidden");
      }
      const nullOrigin = await api.post("/account-settings/name", { form: { fullName: "Forged Name" }, headers: { Origin: "null" }, maxRedirects: 0 });
      expect(nullOrigin.status()).toBe(403);
      // Still signed in and unchanged: the forged writes never ran.
      const settings = await api.get("/account-settings", { maxRedirects: 0 });
      expect(settings.status()).toBe(200);
      expect(await settings.text()).not.toContain("Forged Name");
      const own = await api.post("/account-settings/name", { form: { fullName: "Own Name" }, headers: { Origin: new URL(baseURL!).origin }, maxRedirects: 0 });
      expect(own.status()).toBe(302);
      expect(await (await api.get("/account-settings")).text()).toContain("Own Name");
    } finally {
      await api.dispose();
    }
  });

  test("a payment provider may post the payer back across sites", async ({ request }) => {
    const response = await request.post("/new-register/999999/card/success", {
      form: { decision: "ACCEPT", req_transaction_uuid: "R999999-000000000000" },
      headers: { Origin: "https://secureacceptance.cybersource.com" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    expect(response.headers()["location"]).toContain("stored=1");
  });
});

/** Collects the browser's Content-Security-Policy reports of every page the test opens. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  return violations;
}

test.describe("no Content-Security-Policy violations", () => {
  test("the watcher sees a violation when one happens", async ({ page }) => {
    const violations = watchCsp(page);
    await page.goto("/login");
    await hydrated(page);
    // An injected inline script without the nonce: what the policy exists to stop.
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  });

  test("sign-in page", async ({ page }) => {
    const violations = watchCsp(page);
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("Email").fill("not-an-address");
    await page.getByLabel("Password", { exact: true }).click();
    await expect(page.getByText("Please enter a correct email address")).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("the wizard with a photo preview", async ({ page }) => {
    const violations = watchCsp(page);
    const route = await makeRoute("CSP Trek");
    const fit = await makeUser({ userType: 1 });
    await signInAs(page, fit.email, { land: true });
    await page.goto("/new-register");
    await hydrated(page);
    await fillTrek(page, route.name);
    await fillTrekker(page, { fullName: "Anna Keller" });
    await expect(page.locator('img[src^="blob:"]').first()).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    // The photo is processed on the server: slow on a busy machine.
    await expect(page).toHaveURL(/\/new-register\/\d+$/, { timeout: 30_000 });
    await expect(page.getByText("Trek detail added successfully.")).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("payment through the card simulator, the QR tab, the issued card", async ({ page }) => {
    const violations = watchCsp(page);
    const { user, regId } = await unpaidRegistration();
    await signInAs(page, user.email, { land: true });
    await page.goto(`/new-register/${regId}/payment?tab=qr`);
    await hydrated(page);
    await page.getByRole("button", { name: "Show QR code" }).click();
    await expect(page.getByTestId("payment-qr")).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('img[src^="data:"]').first()).toBeVisible();

    await page.goto(`/new-register/${regId}/payment`);
    await hydrated(page);
    await page.getByRole("button", { name: "Pay with Card" }).click();
    // The simulator's result page posts itself back to us with its own script (no Continue press).
    await page.waitForURL(/\/sim\/card\/session\//);
    await page.locator('button[name="decision"][value="success"]').click();
    await expect(page.getByTestId("payment-success")).toBeVisible({ timeout: 30_000 });

    const [card] = await cardsOf(regId);
    await page.goto(`/tims-cards/${card.trekkerId}`);
    await expect(page.getByTestId("card-qr")).toBeVisible();
    expect(violations).toEqual([]);
  });
});
