// Issue 26 item 2: with the SMTP server down an e-mail waits in the jobs table and is tried
// again until the server answers, then goes out once; a recipient the server refuses (5xx)
// fails at once instead of being retried for a day. The SMTP server is a port nothing listens
// on, then a small sink started on that port (tests/setup/smtp-sink.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, until } from "../tests/setup/ports";
import { startSmtpSink, type SmtpSink } from "../tests/setup/smtp-sink";

const port = await freePort();
// config is read once at import: set before the imports below.
process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;

const { prepareTestDatabase } = await import("../tests/setup/test-db");
const { sendEmail, emailJobs, EMAIL_ATTEMPTS } = await import("./jobs.server");
const { createInlineQueue } = await import("../jobs/queue.server");
const { JobRow } = await import("../jobs/job-store.server");

let sink: SmtpSink | null = null;
let runner: ReturnType<typeof createInlineQueue> | null = null;

beforeAll(async () => {
  await prepareTestDatabase();
}, 60_000);

afterAll(async () => {
  await runner?.close();
  await sink?.close();
});

describe("SMTP down, then up", () => {
  it("the e-mail waits and is retried while nothing answers, and goes out once the server is back", async () => {
    await sendEmail({ to: "walker@example.com", subject: "Reset while SMTP is down", html: "<p>Reset</p>", text: "Reset" });
    const row = (await JobRow.findOne({ where: { name: "email.send" }, order: [["id", "DESC"]] }))!;
    expect(row.maxAttempts).toBe(EMAIL_ATTEMPTS);
    expect(EMAIL_ATTEMPTS).toBeGreaterThanOrEqual(20);

    // The drainer as the web process runs it, with short waits between tries for the test.
    runner = createInlineQueue(emailJobs, { backoffMs: 50, pollMs: 50 });
    runner.start();
    expect(await until(async () => ((await row.reload()).attempts ?? 0) >= 3, 15_000)).toBe(true);
    expect(row.status).not.toBe("failed");
    expect(row.lastError).toMatch(/ECONNREFUSED|ECONNECTION|connect/i);

    sink = await startSmtpSink(port, { refuse: (to) => to.startsWith("nobody@") });
    expect(await until(async () => (await row.reload()).status === "done", 20_000)).toBe(true);
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0].to).toEqual(["walker@example.com"]);
    expect(sink.messages[0].data).toContain("Reset while SMTP is down");
  }, 60_000);

  it("a recipient the server refuses (550) fails at once, not after a day of tries", async () => {
    expect(sink).not.toBeNull();
    await sendEmail({ to: "nobody@example.com", subject: "Refused for good", html: "<p>x</p>" });
    const row = (await JobRow.findOne({ where: { name: "email.send" }, order: [["id", "DESC"]] }))!;
    expect(await until(async () => (await row.reload()).status === "failed", 15_000)).toBe(true);
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain("550");
    expect(sink!.messages).toHaveLength(1);
  }, 30_000);
});
