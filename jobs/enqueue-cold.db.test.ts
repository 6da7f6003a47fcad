import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { prepareTestDatabase } from "../tests/setup/test-db";

// A process's first job, queued inside a transaction before its runner exists (a script, the
// browser tests' workers), must not make the transaction wait for the runner: making it loads
// every module's job handlers (seconds in a cold process), and on SQLite the transaction holds the
// one write lock all that time; other processes' writers failed with SQLITE_BUSY (CI, stop 34).

const slot = globalThis as typeof globalThis & { __timsJobRegistration?: unknown };
let registered: unknown;

beforeAll(async () => {
  await prepareTestDatabase();
  registered = slot.__timsJobRegistration;
}, 120_000);
afterAll(() => {
  slot.__timsJobRegistration = registered;
});

it("a job queued in a transaction is written without waiting for the handlers to load", { timeout: 120_000 }, async () => {
  vi.resetModules(); // a process with no runner made yet
  const { registerJobs, enqueue } = await import("./queue.server");
  const { writeTransaction } = await import("../db/sequelize.server");
  const { JobRow } = await import("./job-store.server");
  const name = `test.cold.${Date.now()}`;
  let open!: () => void;
  const loaded = new Promise<void>((resolve) => (open = resolve));
  let loads = 0;
  registerJobs(async () => {
    loads++;
    await loaded; // the handlers' modules still loading
    return { handlers: { [name]: async () => {} }, schedules: [] };
  });

  const committed = writeTransaction((transaction) => enqueue(name, { n: 1 }, { transaction })).then(() => "committed");
  const waited = new Promise((resolve) => setTimeout(resolve, 3_000, "waited for the handlers"));
  expect(await Promise.race([committed, waited])).toBe("committed");
  expect((await JobRow.findAll({ where: { name } })).map((r) => r.status)).toEqual(["queued"]);
  // The runner is made after the commit, outside the transaction.
  await vi.waitFor(() => expect(loads).toBe(1));
  open();
  // Once made, later jobs go through it as before.
  await writeTransaction((transaction) => enqueue(name, { n: 2 }, { transaction }));
  expect(await JobRow.count({ where: { name } })).toBe(2);
});
