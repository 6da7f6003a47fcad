/**
 * Where one web instance's CPU goes for one kind of request, without the noise of a mixed load:
 * a cluster of one instance and a worker on MariaDB and Redis (scripts/cluster.mjs, deployment
 * mode), a checkpost signed in, and `--requests` of one operation one after another. The
 * instance runs under `--cpu-prof`; the bench prints the time per operation, the instance's CPU
 * per operation, and its profile by place and by function (bench/drive/profile.ts). The profile
 * file's path is printed for a closer look (Chrome's DevTools open it).
 *
 *   - `scan-page`: the checkpost's /scan, a signed-in page with little of its own;
 *   - `check-in`: /scan, the typed card's form, and the scanned trekker's page it leads to;
 *   - `board-page`: the page `--path` (default /trekkers) as a board user.
 *
 * `--database tims_peak_history` runs on the peak hour's seeded history (kept by
 * bench/peak-hour.ts; the bench's users and cards are added to it) instead of a fresh database,
 * so that a list is as long as at a million trekkers.
 *
 *   npm run build && npx tsx bench/page-profile.ts [--operation scan-page|check-in|board-page] [--path /trekkers] [--requests 400] [--database <name>] [--port 3650]
 */
import path from "node:path";
import { performance } from "node:perf_hooks";
import { startCluster } from "../scripts/cluster.mjs";
import { Client, formsOf } from "./drive/client";
import { profileLines, profileOf } from "./drive/profile";
import { clockTicks, ticksOf } from "./drive/cpu";
import { arg } from "./support";

const OPERATION = arg("operation", "scan-page");
const REQUESTS = Number(arg("requests", "400"));
const PATH = arg("path", "/trekkers");
const DATABASE = arg("database", "");
if (!["scan-page", "check-in", "board-page"].includes(OPERATION)) throw new Error(`--operation is scan-page, check-in or board-page, not ${OPERATION}`);

const profileDir = path.resolve("test-results", `page-profile-${Date.now().toString(36)}`);
const cluster = await startCluster({
  ports: [Number(arg("port", "3650"))],
  quiet: true,
  database: DATABASE || undefined,
  // The profile is written when the process exits: no drain, so the exit comes before the kill.
  env: { SHUTDOWN_DRAIN_SECONDS: "0" },
  nodeFlags: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
});
for (const name of ["DATABASE_URL", "REDIS_URL", "QUEUE_PREFIX", "FILES_DIR", "OUTBOX_DIR", "DATA_DIR", "QR_SIGNING_PRIVATE_KEY", "SESSION_SECRET", "APP_URL"])
  process.env[name] = cluster.env[name];
const pid: number = cluster.webs[0].child.pid;

try {
  (await import("../app/composition.server")).composeApp();
  const { makeTrail, trailCards } = await import("../tests/factories/checkins");
  const { inDays } = await import("../tests/factories/dates");
  const trail = await makeTrail(0);
  const cards = await trailCards(trail.route.id, { count: 20, entry: inDays(0), exit: inDays(6) });
  const client = new Client(cluster.urls[0]);
  if (OPERATION === "board-page") {
    const { makeRoleUser } = await import("../tests/factories/users");
    const board = await makeRoleUser("ntb");
    await client.signIn(board.email, board.password);
  } else await client.signIn(trail.checkpost.email, trail.checkpost.password);

  const once = async (i: number) => {
    if (OPERATION === "board-page") {
      const page = await client.go(PATH, () => "board page");
      if (page.status !== 200) throw new Error(`${PATH} answered ${page.status}`);
      return;
    }
    const page = await client.go("/scan", () => "scan page");
    if (page.status !== 200) throw new Error(`/scan answered ${page.status}`);
    if (OPERATION !== "check-in") return;
    const form = formsOf(page.html, page.url).find((f) => f.fields.some(([k, v]) => k === "intent" && v === "typed"));
    if (!form) throw new Error("no typed-card form on /scan");
    const card = cards[i % cards.length];
    const shown = await client.submit(form, () => "check-in", undefined, { cardNumber: String(card.cardNumber), passport: card.passport });
    if (!new URL(shown.url).pathname.startsWith("/scanned-trekker")) throw new Error(`the check-in ended on ${shown.url} (${shown.status})`);
  };
  // A few first, uncounted: the first requests pay for the modules' first use and the JIT.
  for (let i = 0; i < 20; i++) await once(i);
  const ticksBefore = ticksOf(pid)!.ticks;
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) await once(i);
  const wall = (performance.now() - started) / REQUESTS;
  const cpu = ((ticksOf(pid)!.ticks - ticksBefore) * 1000) / clockTicks() / REQUESTS;
  console.log(`${REQUESTS} × ${OPERATION}: ${wall.toFixed(1)} ms each as the client waited, ${cpu.toFixed(1)} ms of the instance's CPU each`);
} finally {
  await cluster.stop({ keepDatabase: Boolean(DATABASE) });
  const file = profileOf(profileDir, pid);
  console.log(file ? profileLines("web (start-up included)", file, 20).join("\n") : "no profile written");
}
