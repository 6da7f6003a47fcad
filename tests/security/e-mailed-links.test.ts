// Issue 13, item 1: with APP_URL unset, `curl -H 'Host: evil.example' -d email=… /forgot-password`
// mailed http://evil.example/create-new-password?token=…. Links now come only from the configured
// origin: APP_URL, or in the embedded mode the server's own HOST and PORT (here 127.0.0.1:3999).
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  delete process.env.APP_URL;
  process.env.HOST = "127.0.0.1";
  process.env.PORT = "3999";
});

import { config, appUrlOf } from "@lib/config.server";
import { prepareTestDatabase } from "../setup/test-db";
import { makeUser, uniqueEmail } from "../factories/users";
import { action as forgotPassword } from "../../app/routes/forgot-password";
import { action as register } from "../../app/routes/register";
import { action as registerSuccess } from "../../app/routes/register-success";
import { action as login } from "../../app/routes/login";
import { formPost, linksIn, mailsTo, post } from "./support";

const CONFIGURED = "http://127.0.0.1:3999";
const EVIL = { Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https", Origin: "http://evil.example" };
const PASSWORD = "Valid#Pass1";

beforeAll(async () => {
  await prepareTestDatabase();
});

/** The links of the e-mails to `to` that lead into the app (not the template's own URLs). */
async function appLinks(to: string, pathPart: string): Promise<string[]> {
  const links = (await mailsTo(to)).flatMap(linksIn).filter((l) => l.includes(pathPart));
  expect(links.length, `a ${pathPart} link mailed to ${to}`).toBeGreaterThan(0);
  return links;
}

describe("links in e-mails come from the configured origin, never from the request's Host", () => {
  it("the embedded default is the server's own HOST and PORT; APP_URL wins when set", () => {
    expect(config.appUrl).toBe(CONFIGURED);
    expect(appUrlOf({ APP_URL: "https://tims.example.np/", HOST: "evil.example" })).toBe("https://tims.example.np");
    expect(appUrlOf({ PORT: "3000" })).toBe("http://localhost:3000");
    expect(appUrlOf({ HOST: "0.0.0.0", PORT: "8080" })).toBe("http://localhost:8080");
    expect(appUrlOf({ HOST: "::1", PORT: "8080" })).toBe("http://[::1]:8080");
    expect(() => appUrlOf({ APP_URL: "javascript:alert(1)" })).toThrow(/APP_URL/);
  });

  it("forgot-password posted with Host: evil.example mails a reset link on the configured origin", async () => {
    const user = await makeUser({ password: PASSWORD });
    const answer = await post(forgotPassword, formPost("http://evil.example/forgot-password", { email: user.email }, EVIL), "203.0.113.10");
    expect(answer.status).toBe(302);
    const links = await appLinks(user.email, "/create-new-password");
    for (const link of links) expect(link.startsWith(`${CONFIGURED}/create-new-password?token=`), link).toBe(true);
    expect(links.join(" ")).not.toContain("evil.example");
  });

  it("registration, and both ways of resending the verification, mail links on the configured origin", async () => {
    const email = uniqueEmail("links");
    const form = { userType: "1", fullName: "Anna Keller", countryId: "276", email, password: PASSWORD, confirmPassword: PASSWORD };
    expect((await post(register, formPost("http://evil.example/register?type=individual", form, EVIL), "203.0.113.11")).status).toBe(302);
    expect((await post(registerSuccess, formPost("http://evil.example/register-success", { email }, EVIL), "203.0.113.11")).status).toBe(302);
    expect((await post(login, formPost("http://evil.example/login", { intent: "resend", email }, EVIL), "203.0.113.11")).status).toBe(302);
    const links = await appLinks(email, "/verify-email");
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) expect(link.startsWith(`${CONFIGURED}/verify-email?token=`), link).toBe(true);
  });

  it("a registration with a taken address mails its owner links on the configured origin", async () => {
    const owner = await makeUser({ password: PASSWORD });
    const form = { userType: "1", fullName: "Eve Mallory", countryId: "276", email: owner.email, password: PASSWORD, confirmPassword: PASSWORD };
    expect((await post(register, formPost("http://evil.example/register?type=individual", form, EVIL), "203.0.113.12")).status).toBe(302);
    const links = [...(await appLinks(owner.email, "/login")), ...(await appLinks(owner.email, "/forgot-password"))];
    for (const link of links) expect(link.startsWith(`${CONFIGURED}/`), link).toBe(true);
  });
});

describe("no code builds a link from the request", () => {
  // Every link builder takes publicOrigin() (lib/origin.server.ts); reading the origin or Host of a
  // request anywhere in app/ or modules/ would bring the attack back.
  const roots = ["app", "modules", "lib", "emails", "jobs"];
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return walk(p);
      return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
    });
  const files = roots.flatMap((root) => walk(root));
  const forbidden = [/request\.url\)\.origin/, /\.headers\.get\(\s*["'](host|x-forwarded-host)["']\s*\)/i, /new URL\(request\.url\)\.host\b/];

  it("finds the source files", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it("no source file reads a request's origin or Host header", () => {
    const offenders = files.filter((f) => forbidden.some((re) => re.test(fs.readFileSync(f, "utf8"))));
    expect(offenders).toEqual([]);
  });
});
