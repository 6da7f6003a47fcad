import { describe, expect, it } from "vitest";
import { configurationProblems } from "./startup.server";

// Start-up refuses a deployment configuration that lacks a required setting, one line per problem
// naming the variable, instead of a 500 on every request later.

const DEPLOYMENT = {
  DATABASE_URL: "mysql://tims@db:3306/tims",
  REDIS_URL: "redis://redis:6379",
  APP_URL: "https://tims.example.np",
  SESSION_SECRET: "a-long-random-secret",
  QR_SIGNING_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\\n...\\n-----END PRIVATE KEY-----",
};

describe("configurationProblems", () => {
  it("the embedded mode (nothing set) needs nothing", () => {
    expect(configurationProblems({})).toEqual([]);
  });

  it("a complete deployment without gateways starts (the gateways are simply not offered)", () => {
    expect(configurationProblems(DEPLOYMENT)).toEqual([]);
  });

  it("a deployment missing SESSION_SECRET names it", () => {
    const { SESSION_SECRET: _, ...env } = DEPLOYMENT;
    const problems = configurationProblems(env);
    expect(problems).toEqual(["Missing setting: SESSION_SECRET"]);
  });

  it("a gateway configured halfway names what it lacks", () => {
    const problems = configurationProblems({ ...DEPLOYMENT, KHALTI_SECRET_KEY: "live_secret_key_123" });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("KHALTI_API_BASE");
    expect(problems[0]).toContain("khalti");
    expect(problems[0]).not.toContain("KHALTI_SECRET_KEY");
  });

  it("every missing setting gets its own line", () => {
    const problems = configurationProblems({ DATABASE_URL: "mysql://root@127.0.0.1:3306/test", ESEWA_SECRET: "s" });
    expect(problems).toEqual(
      expect.arrayContaining([
        "Missing setting: REDIS_URL",
        "Missing setting: APP_URL",
        "Missing setting: SESSION_SECRET",
        "Missing setting: QR_SIGNING_PRIVATE_KEY",
      ]),
    );
    expect(problems.find((p) => p.includes("(esewa)"))).toContain("ESEWA_BASE");
  });
});
