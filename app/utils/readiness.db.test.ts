// Issue 31, item 1: each readiness check fails when its dependency does, and SIGTERM's "shutting
// down" answers before any check runs. Redis is a redis-server of the test's own, stopped here.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { Sequelize } from "sequelize";
import { afterAll, describe, expect, it } from "vitest";
import { createReadiness } from "@lib/observability/health.server";
import { freePort } from "../../tests/setup/ports";
import { startOwnRedis } from "../../tests/setup/redis-server";
import { databaseCheck, filesCheck, redisCheck } from "./readiness.server";

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanup) await c().catch(() => undefined);
});

describe("readiness", () => {
  it("fails the database check on a database nobody answers, names it, and answers 503's status", async () => {
    const dead = new Sequelize(`mysql://tims:tims@127.0.0.1:${await freePort()}/tims`, { logging: false, pool: { max: 1, acquire: 2000 } });
    cleanup.push(() => dead.close());
    const ready = await createReadiness([databaseCheck(dead)]).check();
    expect(ready.status).toBe("not ready");
    expect(ready.checks).toEqual([expect.objectContaining({ name: "database", ok: false, error: expect.stringMatching(/ECONNREFUSED|connect/i) })]);
  });

  it("passes the database and files checks when both are there, fails files on a directory it cannot write", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tims-readyz-"));
    const ok = await createReadiness([databaseCheck(), filesCheck(dir)]).check();
    expect(ok).toMatchObject({
      status: "ready",
      checks: [
        { name: "database", ok: true },
        { name: "files", ok: true },
      ],
    });
    // A file where the directory should be: nothing can be written under it (root ignores modes).
    const blocked = path.join(dir, "blocked");
    fs.writeFileSync(blocked, "");
    const bad = await createReadiness([filesCheck(path.join(blocked, "files"))]).check();
    expect(bad.checks[0]).toMatchObject({ name: "files", ok: false });
  });

  it("fails the Redis check while Redis is down and passes once it is back", async () => {
    const own = await startOwnRedis();
    const client = new Redis(own.url, { maxRetriesPerRequest: 1, commandTimeout: 1000 });
    client.on("error", () => undefined);
    cleanup.push(
      async () => client.disconnect(),
      () => own.stop(),
    );
    const probe = createReadiness([redisCheck(() => client)]);
    expect((await probe.check()).status).toBe("ready");
    await own.stop();
    expect((await probe.check()).checks[0]).toMatchObject({ name: "redis", ok: false });
    await own.start();
    await expect.poll(async () => (await probe.check()).status, { timeout: 10_000 }).toBe("ready");
  }, 30_000);

  it("answers shutting down, without running the checks, once shut down", async () => {
    let runs = 0;
    const probe = createReadiness([{ name: "counted", run: async () => void runs++ }]);
    await probe.check();
    probe.shutDown();
    expect(await probe.check()).toEqual({ status: "shutting down", checks: [] });
    expect(runs).toBe(1);
  });

  it("caches a slow check's result", async () => {
    let runs = 0;
    const probe = createReadiness([{ name: "slow", run: async () => void runs++, cacheMs: 60_000 }]);
    await probe.check();
    await probe.check();
    expect(runs).toBe(1);
  });
});
