/**
 * The chalan at scale (issue 16, "Speed"): a season's chalan rows, and a day's push of 5,000
 * cards to the ERP simulator over HTTP.
 *
 *   npx tsx bench/chalan.ts [--url mysql://root@127.0.0.1:3306/tims_scale] [--days 92] [--read-only]
 *
 * --read-only computes the season's rows only (SELECTs), so it can run over a database someone
 * else owns. Without it, the push part moves 5,000 consecutive cards to a day of their own
 * (2020-01-15, before any seeded sale), clears that day's earlier bench pushes, starts the push
 * and runs the job against the simulator served on a local port: the same adapter, HTTP and
 * retries the app uses. Goals: season rows < 10 s, 5,000-card push < 30 s.
 */
import http from "node:http";
import { arg } from "./support";
import { performance } from "node:perf_hooks";

const URL_ = arg("url", process.env.SCALE_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/tims_scale");
const DAYS = Number(arg("days", "92"));
const READ_ONLY = process.argv.includes("--read-only");
const PUSH_DAY = "2020-01-15";
const PUSH_CARDS = 5000;

process.env.DATABASE_URL = URL_;
// A deployment-mode database: the push is offered only with an ERP configured (the job below uses its own client).
process.env.ERP_URL ||= "http://127.0.0.1:9/sim/erp";
process.env.ERP_API_KEY ||= "bench-erp-key";
process.env.ERP_SIM_RATE_PER_SECOND ||= "50";

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const { sequelize } = await import("../db/sequelize.server");
  const { QueryTypes } = await import("sequelize");
  const { addDays, kathmanduDate } = await import("../lib/dates");
  const chalan = await import("../modules/chalan/index.server");

  const [{ n: cards }] = await sequelize.query<{ n: number }>("SELECT COUNT(*) AS n FROM trekkers WHERE cardNumber IS NOT NULL", { type: QueryTypes.SELECT });
  console.log(`Database ${new URL(URL_).pathname.slice(1)}: ${Number(cards).toLocaleString("en")} issued cards`);

  // A season: the DAYS days up to today (the seed spreads issue dates over three years up to today).
  const end = kathmanduDate();
  const start = addDays(end, -(DAYS - 1));
  let t = performance.now();
  let rows = 0;
  let inRows = 0;
  for await (const batch of chalan.chalanRowBatches(start, end)) {
    rows += batch.length;
    for (const r of batch) inRows += r.qty;
  }
  const seasonMs = performance.now() - t;
  console.log(`Season ${start}..${end}: ${rows.toLocaleString("en")} chalan rows over ${inRows.toLocaleString("en")} cards in ${secs(seasonMs)} (goal < 10 s)`);
  if (READ_ONLY) {
    await sequelize.close();
    return;
  }
  t = performance.now();
  let withStatus = 0;
  for await (const batch of chalan.chalanRowBatches(start, end, { withStatus: true })) withStatus += batch.length;
  console.log(`  the same with each row's pushed state (tims-chalan): ${withStatus.toLocaleString("en")} rows in ${secs(performance.now() - t)}`);

  // A day of 5,000 consecutive cards, pushed afresh each run.
  // The lowest 5,000 card numbers (numbers are consecutive with the sales, bar unpaid registrations).
  await sequelize.query("UPDATE trekkers SET issuedAt = :at WHERE cardNumber IS NOT NULL ORDER BY cardNumber LIMIT :n", {
    replacements: { at: new Date(`${PUSH_DAY}T12:00:00+05:45`), n: PUSH_CARDS },
  });
  // bench/seed-scale.ts gives agencies no PAN, and the ERP refuses a row without a customer code.
  await sequelize.query("UPDATE users SET panNumber = LPAD(id, 9, '5') WHERE userType = 2 AND (panNumber IS NULL OR panNumber = '')");
  await sequelize.query("DELETE FROM erp_sim_rows WHERE salesDate = :d", { replacements: { d: PUSH_DAY } });
  await sequelize.query("DELETE FROM chalan_cards WHERE lineId IN (SELECT id FROM chalan_lines WHERE salesDate = :d)", { replacements: { d: PUSH_DAY } });
  // Credits carry their sale's date: the day's credit lines go with its sales.
  await sequelize.query("DELETE FROM chalan_credit_cards WHERE lineId IN (SELECT id FROM chalan_lines WHERE salesDate = :d)", {
    replacements: { d: PUSH_DAY },
  });
  await sequelize.query("DELETE FROM chalan_lines WHERE salesDate = :d", { replacements: { d: PUSH_DAY } });
  await sequelize.query("UPDATE chalan_pushes SET activeSlot = NULL, status = 'failed' WHERE activeSlot IS NOT NULL");

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.method === "POST" ? Buffer.concat(chunks) : undefined,
    });
    const response = await chalan.handleErpSimulatorRequest(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  const client = chalan.erpClient({ url: `http://127.0.0.1:${port}/sim/erp`, apiKey: process.env.ERP_API_KEY! });

  t = performance.now();
  const id = await chalan.startPush({ startDate: PUSH_DAY, endDate: PUSH_DAY, userId: null });
  const startMs = performance.now() - t;
  const t2 = performance.now();
  await chalan.runPush(id, { client });
  const runMs = performance.now() - t2;
  const push = await chalan.getPush(id);
  const sim = await sequelize.query<{ rows: number; cards: number }>(
    "SELECT COUNT(*) AS `rows`, COALESCE(SUM(qty), 0) AS cards FROM erp_sim_rows WHERE salesDate = :d",
    { replacements: { d: PUSH_DAY }, type: QueryTypes.SELECT },
  );
  console.log(
    `Push of ${PUSH_DAY}: ${PUSH_CARDS.toLocaleString("en")} cards in ${push?.totalLines.toLocaleString("en")} lines (${push?.pushedLines} pushed, ${push?.refusedLines} refused): ` +
      `start (lines, cards, job in one transaction) ${secs(startMs)}, job ${secs(runMs)}, total ${secs(startMs + runMs)} (goal < 30 s); the simulator holds ${sim[0].rows} rows, ${Number(sim[0].cards).toLocaleString("en")} cards`,
  );
  server.close();
  await sequelize.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
