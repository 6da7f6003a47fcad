// Issue 26 item 2: with the database down a page answers a clear 503 page (it answered a 500, or
// Remix's bare "Unexpected Server Error"), a browser sees it, and the API answers a JSON 503. The
// server is the built one, started here against a MariaDB address where nothing listens.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import { expect, test } from "@playwright/test";
import { freePort } from "../setup/ports";

const serverBuild = `./${process.env.BUILD_SLOT ? `build-${process.env.BUILD_SLOT}` : "build"}/index.js`;
const SECRET = "db-down-secret";

let child: ChildProcess;
let base = "";
let dataDir = "";
const output = { text: "" };

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tims-db-down-"));
  const [port, dbPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    OUTBOX_DIR: path.join(dataDir, "outbox"),
  };
  for (const name of ["REDIS_URL", "APP_URL", "QR_SIGNING_PRIVATE_KEY", "PAYMENT_SIMULATORS"]) delete env[name];
  // The embedded mode's settings, on a MariaDB that refuses every connection.
  Object.assign(env, { TIMS_MODE: "embedded", DATABASE_URL: `mysql://tims:tims@127.0.0.1:${dbPort}/tims`, SESSION_SECRET: SECRET });
  child = spawn(process.execPath, ["scripts/serve.mjs", serverBuild], { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (c) => (output.text += String(c)));
  child.stderr!.on("data", (c) => (output.text += String(c)));
  base = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      async () =>
        (await fetch(`${base}/login`)
          .then((r) => r.status)
          .catch(() => 0)) > 0,
      { timeout: 30_000, message: output.text },
    )
    .toBe(true);
});

test.afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A signed session cookie, as a signed-in browser sends it: reading its session needs the database. */
async function sessionCookie(): Promise<string> {
  return (await createCookie("__tims_session", { secrets: [SECRET] }).serialize("t".repeat(43))).split(";")[0];
}

function expectClear503(status: number, html: string) {
  expect(status, html.slice(0, 400)).toBe(503);
  expect(html).toContain("Service Unavailable");
  expect(html).toContain("cannot reach its database");
  // No stack, no driver's words.
  expect(html).not.toMatch(/ConnectionRefused|ECONNREFUSED|\n\s+at \S+ \(|Unexpected Server Error/);
}

test("a signed-in page, a sign-in and a browser all get the 503 page; the API a JSON 503", async ({ page, context }) => {
  const cookie = await sessionCookie();

  const signedIn = await fetch(`${base}/trekkers`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(signedIn.headers.get("Retry-After")).toBe("30");
  expectClear503(signedIn.status, await signedIn.text());

  // Signing in counts the attempt in the database first.
  const signIn = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ email: "someone@example.com", password: "Secret@2026" }),
  });
  expectClear503(signIn.status, await signIn.text());

  const api = await fetch(`${base}/api/v1/revoked`, { headers: { Authorization: `Bearer tims_${"x".repeat(43)}` } });
  expect(api.status).toBe(503);
  expect(api.headers.get("Retry-After")).toBe("30");
  expect(await api.json()).toMatchObject({ error: { status: 503, code: "unavailable" } });

  // A navigation in the hydrated app (a single-fetch data request) is sent to load the page as a document.
  const navigation = await fetch(`${base}/trekkers.data?status=Active`, { headers: { Cookie: cookie } });
  const encoded = await navigation.text();
  expect(navigation.status, encoded).toBe(202);
  expect(encoded).toContain("/trekkers?status=Active");
  expect(encoded).toContain("reload");

  const [name, value] = cookie.split("=");
  await context.addCookies([{ name, value, url: base }]);
  const response = await page.goto(`${base}/trekkers`);
  expect(response?.status()).toBe(503);
  await expect(page.getByRole("heading", { name: "Service Unavailable" })).toBeVisible();
  await expect(page.getByText("Nothing you saved before is lost")).toBeVisible();

  // The server kept running and logged one line per request, not a stack per loader.
  expect(child.exitCode).toBeNull();
  expect(output.text).toContain("the database is unavailable");
});
