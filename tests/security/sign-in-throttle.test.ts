// Issue 13, item 3, replayed against the login action with the default limits: before, 10 wrong
// passwords locked the account for everyone (even the right password got 429), and without
// TRUST_PROXY one address could fail on 25 accounts unrefused. The address is what our server
// puts in the load context (scripts/serve.mjs); the counters are in the database here.
import { beforeAll, describe, expect, it } from "vitest";
import { config } from "@lib/config.server";
import { prepareTestDatabase } from "../setup/test-db";
import { makeUser, uniqueEmail } from "../factories/users";
import { action as login } from "../../app/routes/login";
import { formPost, post } from "./support";

const PASSWORD = "Valid#Pass1";
const signInForm = (email: string, password: string) => formPost("http://localhost/login", { intent: "login", email, password, redirectTo: "" });
const messageOf = (body: unknown) => JSON.stringify(body);

beforeAll(async () => {
  await prepareTestDatabase();
});

describe("sign-in throttling by account and address", () => {
  it("uses the defaults: 20 failures per address per 15 minutes, 5 free failures per account and address", () => {
    expect(config.loginMaxFailures).toBe(20);
    expect(config.loginWindowSeconds).toBe(900);
    expect(config.loginFreeFailures).toBe(5);
  });

  it("refuses spraying: 25 e-mails × 1 failure from one address, the 21st on refused, a right password from it too", async () => {
    const owner = await makeUser({ password: PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await post(login, signInForm(uniqueEmail(`spray${i}`), "Spring2026!"), "198.51.100.7")).status);
    expect(statuses).toEqual([...Array(20).fill(400), ...Array(5).fill(429)]);
    expect((await post(login, signInForm(owner.email, PASSWORD), "198.51.100.7")).status).toBe(429);
    const elsewhere = await post(login, signInForm(owner.email, PASSWORD), "198.51.100.8");
    expect(elsewhere.status).toBe(302);
  });

  it("an attacker failing 10 times on the victim's account from A does not stop the victim from B", async () => {
    const victim = await makeUser({ password: PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await post(login, signInForm(victim.email, `guess-${i}`), "203.0.113.50")).status);
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(400));
    expect(statuses.slice(5)).toEqual(Array(5).fill(429));
    const attackerWithPassword = await post(login, signInForm(victim.email, PASSWORD), "203.0.113.50");
    expect(attackerWithPassword.status).toBe(429);
    expect(messageOf(attackerWithPassword.body)).toMatch(/Too many failed sign-in attempts\. Please wait \d+ (seconds|minutes?) and try again\./);
    const victimAtHome = await post(login, signInForm(victim.email.toUpperCase(), PASSWORD), "192.0.2.80");
    expect(victimAtHome.status).toBe(302);
  });

  it("a right password clears the account's failures from that address", async () => {
    const user = await makeUser({ password: PASSWORD });
    for (let i = 0; i < 4; i++) expect((await post(login, signInForm(user.email, "wrong"), "203.0.113.60")).status).toBe(400);
    expect((await post(login, signInForm(user.email, PASSWORD), "203.0.113.60")).status).toBe(302);
    for (let i = 0; i < 5; i++) expect((await post(login, signInForm(user.email, "wrong"), "203.0.113.60")).status).toBe(400);
  });
});
