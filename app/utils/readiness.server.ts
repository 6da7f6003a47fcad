import fs from "node:fs/promises";
import path from "node:path";
import type { Sequelize } from "sequelize";
import type { Redis } from "ioredis";
import { config } from "@lib/config.server";
import { counterRedis } from "@lib/rate-limit.server";
import { createReadiness, type HealthCheck } from "@lib/observability/health.server";
import { sequelize } from "../../db/sequelize.server";
import { checkQueue } from "../../jobs/queue.server";
import { launchBrowser } from "../../jobs/pdf-renderer.server";

/** The database answers a statement (on the pool the app uses, so a full pool shows here too). */
export function databaseCheck(db: Sequelize = sequelize): HealthCheck {
  return { name: "database", run: async () => void (await db.query("SELECT 1")), timeoutMs: 3000 };
}

/** Redis answers PING (the throttle counters' connection: it fails within a second). */
export function redisCheck(redis: () => Redis = () => counterRedis(config.redisUrl)): HealthCheck {
  return {
    name: "redis",
    run: async () => {
      if ((await redis().ping()) !== "PONG") throw new Error("no PONG");
    },
  };
}

/** Uploads and PDFs can be written: a file is made and removed in the files directory. */
export function filesCheck(dir: string = config.filesDir): HealthCheck {
  return {
    name: "files",
    run: async () => {
      await fs.mkdir(dir, { recursive: true });
      const probe = path.join(dir, `.readyz-${process.pid}-${Date.now()}`);
      await fs.writeFile(probe, "ok");
      await fs.rm(probe);
    },
  };
}

export function queueCheck(): HealthCheck {
  return { name: "jobs", run: checkQueue, timeoutMs: 3000 };
}

/** Chromium starts (card and receipt PDFs need it). A launch takes about a second: checked every 5 minutes. */
export function chromiumCheck(): HealthCheck {
  return {
    name: "chromium",
    run: async () => {
      const browser = await launchBrowser();
      await browser.close();
    },
    timeoutMs: 30_000,
    cacheMs: 5 * 60_000,
  };
}

/** The checks of this instance's configuration: Redis only where it is configured. */
export function instanceChecks(): HealthCheck[] {
  return [databaseCheck(), ...(config.redisUrl ? [redisCheck()] : []), filesCheck(), queueCheck(), chromiumCheck()];
}

const holder = globalThis as typeof globalThis & { __timsReadiness?: ReturnType<typeof createReadiness> };
/** This process's readiness (one per process, so SIGTERM's "shutting down" holds across `remix dev` rebuilds). */
export const readiness = (holder.__timsReadiness ??= createReadiness(instanceChecks()));
