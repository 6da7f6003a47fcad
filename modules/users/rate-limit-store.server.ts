import { Op } from "sequelize";
import { config } from "@lib/config.server";
import { counterRedis, failoverCounterStore, redisCounterStore, type CounterStore } from "@lib/rate-limit.server";
import { isSqlite, sequelize, writeTransaction } from "../../db/sequelize.server";
import { RateLimitCounter } from "./models/rate-limit-counter.server";

const PURGE_EVERY_MS = 10 * 60 * 1000;

// One statement counts, remembers the previous hit and opens a lapsed window, so two instances
// hitting the same key at once both count. MySQL assigns left to right, reading the columns
// already assigned: previousAt and hits come first, while lastAt and expiresAt are still old.
const UPSERT_UPDATE = `
  previousAt = CASE WHEN expiresAt <= :now THEN NULL ELSE lastAt END,
  hits = CASE WHEN expiresAt <= :now THEN 1 ELSE hits + 1 END,
  lastAt = :now,
  expiresAt = CASE WHEN expiresAt <= :now THEN :expires ELSE expiresAt END`;

function upsertSql(): string {
  const insert = "INSERT INTO rate_limit_counters (name, hits, previousAt, lastAt, expiresAt) VALUES (:name, 1, NULL, :now, :expires)";
  return isSqlite() ? `${insert} ON CONFLICT(name) DO UPDATE SET ${UPSERT_UPDATE}` : `${insert} ON DUPLICATE KEY UPDATE ${UPSERT_UPDATE}`;
}

/** Counters in the `rate_limit_counters` table: shared by every process on the database, kept across restarts. */
export function sqlCounterStore(now: () => number = Date.now): CounterStore {
  let purgedAt = 0;
  const purge = async (at: number) => {
    if (at - purgedAt < PURGE_EVERY_MS) return;
    purgedAt = at;
    await writeTransaction((transaction) => RateLimitCounter.destroy({ where: { expiresAt: { [Op.lte]: at } }, transaction }));
  };
  return {
    async hit(name, ttlSeconds) {
      const at = now();
      const row = await writeTransaction(async (transaction) => {
        await sequelize.query(upsertSql(), { replacements: { name, now: at, expires: at + ttlSeconds * 1000 }, transaction });
        return RateLimitCounter.findByPk(name, { transaction });
      });
      await purge(at);
      return { count: Number(row!.hits), previousAt: row!.previousAt == null ? null : Number(row!.previousAt), expiresAt: Number(row!.expiresAt) };
    },
    async undo(name) {
      const at = now();
      await writeTransaction((transaction) =>
        RateLimitCounter.decrement("hits", { by: 1, where: { name, hits: { [Op.gt]: 0 }, expiresAt: { [Op.gt]: at } }, transaction }),
      );
    },
    async get(name) {
      const row = await RateLimitCounter.findByPk(name);
      if (!row || Number(row.expiresAt) <= now()) return null;
      return { count: Number(row.hits), lastAt: Number(row.lastAt), expiresAt: Number(row.expiresAt) };
    },
    async delete(name) {
      await writeTransaction((transaction) => RateLimitCounter.destroy({ where: { name }, transaction }));
    },
  };
}

let store: CounterStore | null = null;
/**
 * Redis when REDIS_URL is set (shared by every instance), else the database. With Redis, the
 * database's table stands in while Redis is down (failoverCounterStore), so a Redis outage never
 * turns a sign-in or an e-mail request into a 500.
 */
export function counterStore(): CounterStore {
  store ??= config.redisUrl
    ? failoverCounterStore(redisCounterStore(counterRedis(config.redisUrl), `${config.queuePrefix}:rl`), sqlCounterStore())
    : sqlCounterStore();
  return store;
}
