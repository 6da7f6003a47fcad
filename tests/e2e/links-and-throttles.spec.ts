// Issue 13, items 1, 3 and 4, replayed against the built server as an attacker would send them:
// a forged Host header, a spoofed X-Forwarded-For, and the pages' answers once a limit is reached.
// (The limits themselves, on both stores and both databases: tests/security, modules/users/throttles.db.test.ts.)
import http from "node:http";
import { expect, test } from "@playwright/test";
import { makeUser, uniqueEmail } from "./support/data";
import { linkIn, waitForEmail } from "./support/outbox";
import { fillLogin, hydrated } from "./support/session";

/** A raw POST, so the Host header is what we say (a browser or fetch would not let us). */
function rawPost(baseURL: string, path: string, form: Record<string, string>, headers: Record<string, string>): Promise<number> {
  const { hostname, port } = new URL(baseURL);
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        path,
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), ...headers },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test("a forgot-password POST with Host: evil.example mails a link on the server's own origin", async ({ baseURL }) => {
  const user = await makeUser();
  const status = await rawPost(baseURL!, "/forgot-password", { email: user.email }, { Host: "evil.example", "X-Forwarded-Host": "evil.example" });
  expect(status).toBe(302);
  const link = linkIn(await waitForEmail(user.email, /Reset/), "/create-new-password");
  expect(new URL(link).origin).toBe(new URL(baseURL!).origin);
  expect(link).not.toContain("evil.example");
});

test("wrong passwords make the next try wait, whatever X-Forwarded-For a client sends, and the page says how long", async ({ page, request }) => {
  const user = await makeUser();
  await page.goto("/login");
  await hydrated(page);
  // Twelve wrong passwords, each "from" another address: 5 are free, then the waits double, and
  // every try counts, so after the twelfth the next must wait 2^7 s (a slow machine cannot outrun it).
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const response = await request.post("/login", {
      form: { intent: "login", email: user.email, password: `Wrong#${i}`, redirectTo: "" },
      headers: { "X-Forwarded-For": `203.0.113.${i}` },
      maxRedirects: 0,
    });
    statuses.push(response.status());
  }
  expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
  expect(statuses).toContain(429);
  const spoofed = await request.post("/login", {
    form: { intent: "login", email: user.email, password: user.password, redirectTo: "" },
    headers: { "X-Forwarded-For": "198.51.100.77" },
    maxRedirects: 0,
  });
  expect(spoofed.status()).toBe(429);
  // The right password in the browser is refused too (before the password is looked at), with the wait.
  await fillLogin(page, user.email, user.password);
  await expect(page.getByText(/Too many failed sign-in attempts\. Please wait \d+ (seconds?|minutes?) and try again\./)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("a sixth reset e-mail for one address within the hour is refused with a clear message", async ({ page, request }) => {
  const email = uniqueEmail("flood");
  for (let i = 0; i < 5; i++) {
    const response = await request.post("/forgot-password", { form: { email }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
  }
  await page.goto("/forgot-password");
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText(/Too many e-mails have been requested\. Please wait \d+ minutes and try again\./)).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password/);
});
