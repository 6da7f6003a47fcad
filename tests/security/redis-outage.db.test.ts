// Issue 26 item 2: with Redis down, sign-in and forgot-password answer as usual (they answered
// 500), the throttles count in the database meanwhile, and the e-mail job waits in the jobs table
// and goes out once Redis is back. A real redis-server of the test's own is stopped and started
// again (never the machine's shared one), with a Bull worker running all along.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../setup/ports";
import { startOwnRedis } from "../setup/redis-server";

const redis = await startOwnRedis();
// Read once, when config is first imported: everything below is imported after this.
process.env.REDIS_URL = redis.url;
process.env.LOGIN_MAX_FAILURES = "4";
process.env.MAIL_LIMIT_PER_ADDRESS = "1000";

const { prepareTestDatabase } = await import("../setup/test-db");
const { makeUser, TEST_PASSWORD } = await import("../factories/users");
const { action: loginAction } = await import("~/routes/login");
const { action: forgotAction } = await import("~/routes/forgot-password");
const { createBullQueue, closeQueue } = await import("../../jobs/queue.server");
const { JobRow } = await import("../../jobs/job-store.server");
const { emailJobs } = await import("../../emails/jobs.server");
const { listOutbox } = await import("../../emails/outbox.server");
const { config } = await import("@lib/config.server");
const { counterRedis } = await import("@lib/rate-limit.server");

let worker: ReturnType<typeof createBullQueue>;

beforeAll(async () => {
  await prepareTestDatabase();
  // The worker as `npm run worker` runs it (short polls so the test need not wait long).
  worker = createBullQueue({ redisUrl: redis.url, prefix: config.queuePrefix, handlers: emailJobs, pollMs: 200, relayLeaseMs: 3000 });
  worker.process(2, []);
}, 60_000);

afterAll(async () => {
  await worker?.close().catch(() => undefined);
  await closeQueue().catch(() => undefined);
  counterRedis(redis.url).disconnect();
  await redis.stop();
});

const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

async function signIn(email: string, password: string, address: string): Promise<{ status: number; text: string }> {
  const request = new Request("http://tims.test/login", form({ email, password }));
  const result = (await loginAction({ request, params: {}, context: { clientAddress: address } } as never)) as unknown;
  if (result instanceof Response) return { status: result.status, text: "" };
  const { data, init } = result as { data: unknown; init: ResponseInit | null };
  return { status: init?.status ?? 200, text: JSON.stringify(data) };
}

async function forgot(email: string, address: string): Promise<number> {
  const request = new Request("http://tims.test/forgot-password", form({ email }));
  const result = (await forgotAction({ request, params: {}, context: { clientAddress: address } } as never)) as unknown;
  return result instanceof Response ? result.status : ((result as { init: ResponseInit | null }).init?.status ?? 200);
}

const mailsTo = async (email: string) => (await listOutbox()).filter((m) => m.to === email).length;

describe("Redis stopped, then started again", () => {
  it("sign-in, forgot-password and the throttles work through the outage; the e-mail waits in the database and goes out after", async () => {
    const user = await makeUser();
    // Up: as ever.
    expect((await signIn(user.email, TEST_PASSWORD, "192.0.2.10")).status).toBe(302);
    expect(await forgot(user.email, "192.0.2.10")).toBe(302);
    expect(await until(async () => (await mailsTo(user.email)) === 1, 15_000)).toBe(true);

    await redis.stop();

    // Down: the right password signs in, a wrong one is told so; neither is a 500.
    expect((await signIn(user.email, TEST_PASSWORD, "192.0.2.11")).status).toBe(302);
    const wrong = await signIn(user.email, "Wrong@2026", "192.0.2.11");
    expect(wrong.status).toBe(400);
    // The per-address throttle still holds, counted in the database: 4 failures, then 429.
    for (let i = 0; i < 3; i++) expect((await signIn(`nobody${i}@example.com`, "Wrong@2026", "192.0.2.11")).status).toBe(400);
    const refused = await signIn(user.email, TEST_PASSWORD, "192.0.2.11");
    expect(refused.status).toBe(429);
    expect(refused.text).toContain("Too many failed sign-in attempts");

    // Forgot-password answers as usual; its e-mail is a row in the jobs table, not yet sent.
    const started = Date.now();
    expect(await forgot(user.email, "192.0.2.12")).toBe(302);
    expect(Date.now() - started).toBeLessThan(5_000);
    const waiting = async () => JobRow.count({ where: { name: "email.send", status: ["queued", "relayed"] } });
    expect(await waiting()).toBe(1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await mailsTo(user.email)).toBe(1);

    await redis.start();

    // Back: the worker's relay hands the waiting row over and the e-mail goes out, once.
    expect(await until(async () => (await mailsTo(user.email)) === 2, 30_000)).toBe(true);
    expect(await until(async () => (await waiting()) === 0, 5_000)).toBe(true);
    // And sign-in counts in Redis again.
    expect((await signIn(user.email, TEST_PASSWORD, "192.0.2.13")).status).toBe(302);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await mailsTo(user.email)).toBe(2);
  }, 90_000);
});
