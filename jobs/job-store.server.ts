import crypto from "node:crypto";
import os from "node:os";
import {
  DataTypes,
  Model,
  Op,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Transaction,
  type WhereOptions,
} from "sequelize";
import { isSqlite, sequelize, writeTransaction } from "../db/sequelize.server";
import { jobSettings } from "./settings.server";
import { currentRequestId } from "@lib/observability/request-id.server";

/**
 * The jobs table as a queue. A job is written with the change that needs it (same transaction);
 * drainers take rows by *claiming* them: one conditional UPDATE stamps a lease (owner token and
 * expiry) on rows that are due and not leased, and only the rows carrying the drainer's token are
 * its to run. A drainer that dies leaves a lease that runs out, and the row is claimed again, so a
 * committed job always runs, and two drainers never run one row at the same time.
 *
 * Statuses: queued → (relayed →) running → done | failed; a failed try goes back to queued with a
 * later runAt (exponential backoff) until maxAttempts.
 */

export type JobStatus = "queued" | "relayed" | "running" | "done" | "failed";

export class JobRow extends Model<InferAttributes<JobRow>, InferCreationAttributes<JobRow>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare data: string;
  declare key: CreationOptional<string | null>;
  declare status: CreationOptional<JobStatus>;
  declare attempts: CreationOptional<number>;
  declare maxAttempts: CreationOptional<number>;
  declare runAt: Date;
  declare leaseOwner: CreationOptional<string | null>;
  declare leaseUntil: CreationOptional<Date | null>;
  declare lastError: CreationOptional<string | null>;
  declare requestId: CreationOptional<string | null>;
  declare finishedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

JobRow.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    name: { type: DataTypes.STRING(80), allowNull: false },
    // LONGTEXT on MySQL (an e-mail job carries its HTML); SQLite has one TEXT and warns at options.
    data: { type: isSqlite() ? DataTypes.TEXT : DataTypes.TEXT("long"), allowNull: false },
    key: { type: DataTypes.STRING(160), allowNull: true, unique: true },
    status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: "queued" },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    maxAttempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 3 },
    runAt: { type: DataTypes.DATE(3), allowNull: false },
    leaseOwner: DataTypes.STRING(80),
    leaseUntil: DataTypes.DATE(3),
    lastError: DataTypes.STRING(1000),
    requestId: DataTypes.STRING(100),
    finishedAt: DataTypes.DATE(3),
    createdAt: DataTypes.DATE(3),
    updatedAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: "jobs" },
);

export interface InsertJobOptions {
  /** The transaction of the change that needs the job: the row commits (or rolls back) with it. */
  transaction?: Transaction | null;
  /** Total tries including the first; default 3. */
  attempts?: number;
  delayMs?: number;
  /** At most one row per key, ever (until pruned): a second insert with the key adds nothing. */
  key?: string;
}

/** A name for this process in lease tokens, so a stuck row says who holds it. */
export const PROCESS_NAME = `${os.hostname()}:${process.pid}`.slice(0, 60);

/** One UPDATE or INSERT. SQLite writers go through the in-process writer queue (ADR 0004). */
function write<T>(transaction: Transaction | null | undefined, work: (t: Transaction | undefined) => Promise<T>): Promise<T> {
  if (transaction) return work(transaction);
  return isSqlite() ? writeTransaction((t) => work(t)) : work(undefined);
}

/** Writes the job row; returns its id (with a key: the id of the one row holding it). */
export async function insertJob(name: string, data: unknown, opts: InsertJobOptions = {}): Promise<number | null> {
  const row = {
    name,
    data: JSON.stringify(data === undefined ? null : data),
    key: opts.key ?? null,
    status: "queued" as const,
    attempts: 0,
    maxAttempts: Math.max(1, Math.floor(opts.attempts ?? 3)),
    runAt: new Date(Date.now() + Math.max(0, opts.delayMs ?? 0)),
    // The request (or job) that queued it, so its lines and this job's share an id.
    requestId: currentRequestId() ?? null,
  };
  return write(opts.transaction, async (transaction) => {
    if (opts.key === undefined) return (await JobRow.create(row, { transaction })).id;
    // INSERT IGNORE / INSERT OR IGNORE: the unique key is the lock, whoever comes second adds nothing.
    await JobRow.bulkCreate([row], { ignoreDuplicates: true, transaction });
    return (await JobRow.findOne({ where: { key: opts.key }, attributes: ["id"], transaction }))?.id ?? null;
  });
}

export type ClaimKind =
  /** To run it now (a runner, or the Bull worker for a relayed row). */
  | "run"
  /** To hand it to Bull (the relay). */
  | "relay";

const triesLeft = sequelize.where(sequelize.col("attempts"), { [Op.lt]: sequelize.col("maxAttempts") });

/** Rows this kind of claim may take at `now`. */
function claimable(kind: ClaimKind, now: Date): WhereOptions {
  const due = { runAt: { [Op.lte]: now } };
  const expired = { leaseUntil: { [Op.lt]: now } };
  const either =
    kind === "run"
      ? [
          { status: { [Op.in]: ["queued", "relayed"] }, ...due },
          { status: "running", ...expired },
        ]
      : [
          { status: "queued", ...due },
          { status: { [Op.in]: ["running", "relayed"] }, ...expired },
        ];
  return { [Op.and]: [{ [Op.or]: either }, triesLeft] };
}

export interface ClaimOptions {
  kind: ClaimKind;
  leaseMs: number;
  limit: number;
  /** Only these rows (the Bull worker claims the one it was handed). */
  ids?: number[];
  /** Only jobs with these names (a runner leaves rows it has no handler for to others). */
  names?: string[];
}

/** Claims up to `limit` rows; returns them, each carrying this claim's lease token. */
export async function claimJobs(opts: ClaimOptions): Promise<JobRow[]> {
  const now = new Date();
  const where: WhereOptions = {
    [Op.and]: [claimable(opts.kind, now), ...(opts.ids ? [{ id: { [Op.in]: opts.ids } }] : []), ...(opts.names ? [{ name: { [Op.in]: opts.names } }] : [])],
  };
  const candidates = await JobRow.findAll({
    attributes: ["id"],
    where,
    order: [
      ["runAt", "ASC"],
      ["id", "ASC"],
    ],
    limit: opts.limit,
  });
  if (!candidates.length) return [];
  const token = `${PROCESS_NAME}/${crypto.randomBytes(6).toString("hex")}`;
  const ids = candidates.map((c) => c.id);
  const until = new Date(now.getTime() + opts.leaseMs);
  const set =
    opts.kind === "run"
      ? { status: "running" as const, leaseOwner: token, leaseUntil: until, attempts: sequelize.literal("attempts + 1") as unknown as number }
      : { status: "relayed" as const, leaseOwner: token, leaseUntil: until };
  // The same condition again in the UPDATE: a row another drainer took since the SELECT is left out.
  await write(null, (transaction) => JobRow.update(set, { where: { [Op.and]: [{ id: { [Op.in]: ids } }, claimable(opts.kind, now)] }, transaction }));
  return JobRow.findAll({
    where: { id: { [Op.in]: ids }, leaseOwner: token },
    order: [
      ["runAt", "ASC"],
      ["id", "ASC"],
    ],
  });
}

/** Extends a running row's lease; false when the lease was lost (it ran out and another took it). */
export async function renewLease(row: JobRow, leaseMs: number): Promise<boolean> {
  const [count] = await write(null, (transaction) =>
    JobRow.update({ leaseUntil: new Date(Date.now() + leaseMs) }, { where: { id: row.id, leaseOwner: row.leaseOwner, status: "running" }, transaction }),
  );
  return count === 1;
}

/** Done: the payload is dropped (e-mails carry links with tokens); keyed rows stay as the key's record. */
export async function finishJob(row: JobRow): Promise<boolean> {
  const [count] = await write(null, (transaction) =>
    JobRow.update(
      { status: "done", data: "null", leaseUntil: null, finishedAt: new Date(), lastError: null },
      { where: { id: row.id, leaseOwner: row.leaseOwner, status: "running" }, transaction },
    ),
  );
  return count === 1;
}

const describe = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error)).slice(0, 1000);

/**
 * A handler's error that no later try can cure (an SMTP server refusing the recipient): the job
 * fails at once instead of using up its tries. Anything else is worth trying again.
 */
export class PermanentJobError extends Error {
  readonly permanent = true;
}

const isPermanent = (error: unknown) => Boolean(error && typeof error === "object" && (error as { permanent?: unknown }).permanent === true);

/** A failed try: again after `backoffMs · 2^(tries-1)` (at most `maxBackoffMs`), or failed for good after the last try or a permanent error. */
export async function failJob(row: JobRow, error: unknown, backoffMs: number, maxBackoffMs = jobSettings.maxBackoffMs): Promise<"retry" | "failed"> {
  const last = row.attempts >= row.maxAttempts || isPermanent(error);
  const wait = Math.min(maxBackoffMs, backoffMs * 2 ** Math.max(0, Math.min(40, row.attempts - 1)));
  const values = last
    ? { status: "failed" as const, leaseUntil: null, finishedAt: new Date(), lastError: describe(error) }
    : { status: "queued" as const, leaseOwner: null, leaseUntil: null, runAt: new Date(Date.now() + wait), lastError: describe(error) };
  await write(null, (transaction) => JobRow.update(values, { where: { id: row.id, leaseOwner: row.leaseOwner, status: "running" }, transaction }));
  return last ? "failed" : "retry";
}

/** A relay that could not hand the row to Bull gives it back at once. */
export async function unrelay(row: JobRow): Promise<void> {
  await write(null, (transaction) =>
    JobRow.update(
      { status: "queued", leaseOwner: null, leaseUntil: null },
      { where: { id: row.id, leaseOwner: row.leaseOwner, status: "relayed" }, transaction },
    ),
  );
}

/** What is still to run: due or leased-out rows, and when the next delayed one is due. */
export async function outstandingJobs(names?: string[]): Promise<{ waiting: number; nextRunAt: Date | null }> {
  const now = new Date();
  // Waiting to run, running under a live lease (its last try too), or left by a dead drainer with tries left.
  const open = {
    [Op.and]: [
      ...(names ? [{ name: { [Op.in]: names } }] : []),
      {
        [Op.or]: [
          { status: { [Op.in]: ["queued", "relayed"] } },
          { status: "running", leaseUntil: { [Op.gte]: now } },
          { [Op.and]: [{ status: "running", leaseUntil: { [Op.lt]: now } }, triesLeft] },
        ],
      },
    ],
  };
  const waiting = await JobRow.count({ where: open });
  const next = await JobRow.findOne({ where: open, order: [["runAt", "ASC"]], attributes: ["runAt", "leaseUntil", "status"] });
  const nextRunAt = next ? (next.status === "queued" ? next.runAt : (next.leaseUntil ?? next.runAt)) : null;
  return { waiting, nextRunAt };
}

const HOUR = 60 * 60 * 1000;

/**
 * Housekeeping: rows whose last try died with its process (lease ran out, no tries left) are
 * failed; done rows go after a day, failed ones after a week (kept to be looked at).
 */
export async function pruneJobs(now = new Date()): Promise<void> {
  await write(null, async (transaction) => {
    await JobRow.update(
      { status: "failed", finishedAt: now, lastError: "The last try stopped with its process (lease ran out)" },
      {
        where: {
          [Op.and]: [
            { status: "running", leaseUntil: { [Op.lt]: now } },
            sequelize.where(sequelize.col("attempts"), { [Op.gte]: sequelize.col("maxAttempts") }),
          ],
        },
        transaction,
      },
    );
    await JobRow.destroy({ where: { status: "done", finishedAt: { [Op.lt]: new Date(now.getTime() - 24 * HOUR) } }, transaction });
    await JobRow.destroy({ where: { status: "failed", finishedAt: { [Op.lt]: new Date(now.getTime() - 7 * 24 * HOUR) } }, transaction });
  });
}

/** Rows by job name and status, with the oldest's due time (the /metrics job gauges). */
export async function jobCounts(): Promise<{ name: string; status: JobStatus; count: number; oldestRunAt: Date | null }[]> {
  const rows = (await JobRow.findAll({
    attributes: ["name", "status", [sequelize.fn("COUNT", sequelize.col("id")), "count"], [sequelize.fn("MIN", sequelize.col("runAt")), "oldestRunAt"]],
    group: ["name", "status"],
    raw: true,
  })) as unknown as { name: string; status: JobStatus; count: number | string; oldestRunAt: Date | string | null }[];
  return rows.map((r) => ({ name: r.name, status: r.status, count: Number(r.count), oldestRunAt: r.oldestRunAt ? new Date(r.oldestRunAt) : null }));
}
