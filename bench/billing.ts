/**
 * Billing at scale (issue 16), on the database bench/seed-scale.ts fills: the billing list as the
 * board (page 1, a deep page, the agency filter, a date range, a search) and as the largest
 * agency, each through the real list source and `loadList` (median of several runs) next to the
 * bare indexed query: as in bench/lists.ts, the page's rows with every column the page shows
 * (route and payer names joined) in one indexed statement; then the receipt PDF, warm, through the shared
 * Chromium renderer (median and p95 of 30 renders of the same component the panel shows).
 *
 *   npx tsx bench/billing.ts [--url mysql://root@127.0.0.1:3306/tims_scale] [--runs 7] [--pdfs 30]
 */
import { performance } from "node:perf_hooks";
import { arg, median, timed as timedMedian } from "./support";

process.env.DATABASE_URL = arg("url", process.env.SCALE_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/tims_scale");
const RUNS = Number(arg("runs", "7"));
const timed = (fn: () => Promise<unknown>) => timedMedian(fn, RUNS);
const PDFS = Number(arg("pdfs", "30"));

const { QueryTypes } = await import("sequelize");
// A process entry: db/ and jobs/ get the modules' migrations, seeds and jobs from the composition root (ADR 0045).
(await import("../app/composition.server")).composeApp();
const { sequelize } = await import("../db/sequelize.server");
const { migrate } = await import("../db/migrate.server");
const { loadList } = await import("../lib/list/list.server");
const { billingList } = await import("../modules/payments/index.ui");
const { billListHidden, billListSource, getReceipt, renderReceiptPdf } = await import("../modules/payments/index.server");
const { closePdfRenderer } = await import("../jobs/pdf-renderer.server");

await migrate();
const select = <T extends object = Record<string, unknown>>(sql: string) => sequelize.query<T>(sql, { type: QueryTypes.SELECT });
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

const [{ n: bills }] = await select<{ n: number }>("SELECT COUNT(*) AS n FROM bills");
const [{ n: trekkers }] = await select<{ n: number }>("SELECT COUNT(*) AS n FROM trekkers");
const [top] = await select<{ payerUserId: number; n: number }>("SELECT payerUserId, COUNT(*) AS n FROM bills GROUP BY payerUserId ORDER BY n DESC LIMIT 1");
const [board] = await select<{ id: number }>("SELECT id FROM users WHERE userType = 4 ORDER BY id LIMIT 1");
const [mid] = await select<{ createdAt: Date }>(`SELECT createdAt FROM bills ORDER BY id LIMIT 1 OFFSET ${Math.floor(Number(bills) / 2)}`);
const day = new Date(mid.createdAt).toISOString().slice(0, 10);
console.log(`bills: ${bills}, trekkers: ${trekkers}; largest payer ${top.payerUserId} with ${top.n} bills; date range around ${day}`);

const boardViewer = { id: board.id, userType: 4 };
const agencyViewer = { id: top.payerUserId, userType: 2 };

interface Case {
  name: string;
  viewer: { id: number; userType: number };
  query: string;
  bare: string;
}
const deep = 40;
/** The page's rows with every column it shows, newest first, as one statement over the bills' indexes. */
const bareRows = (where: string, tail = "LIMIT 50") =>
  `SELECT b.id, b.invoiceNumber, r.routeName, u.userType, u.organizationName, u.fullName, b.methodId, b.amountPaisa, b.createdAt FROM (SELECT id FROM bills ${where} ORDER BY id DESC ${tail}) k JOIN bills b ON b.id = k.id JOIN registrations r ON r.id = b.registrationId JOIN users u ON u.id = b.payerUserId`;
const cases: Case[] = [
  { name: "board, page 1", viewer: boardViewer, query: "", bare: bareRows("") },
  { name: `board, page ${deep + 1}`, viewer: boardViewer, query: `pageIndex=${deep}`, bare: bareRows("", `LIMIT 50 OFFSET ${deep * 50}`) },
  { name: "board, agency filter", viewer: boardViewer, query: `agency=${top.payerUserId}`, bare: bareRows(`WHERE payerUserId = ${top.payerUserId}`) },
  {
    name: "board, one day",
    viewer: boardViewer,
    query: `startDate=${day}&endDate=${day}`,
    bare: bareRows(`WHERE createdAt >= '${day} 00:00:00' - INTERVAL 345 MINUTE AND createdAt < '${day} 00:00:00' + INTERVAL 1095 MINUTE`),
  },
  { name: "board, invoice search", viewer: boardViewer, query: "name=INV-0000100", bare: bareRows("WHERE invoiceNumber IN ('INV-0000100', 'INV-100')") },
  { name: "largest agency, page 1", viewer: agencyViewer, query: "", bare: bareRows(`WHERE payerUserId = ${top.payerUserId}`) },
];

// A server that has been up a while: every case run a few times before any is timed, so the
// first case measured does not also pay for V8 compiling the list code (it read 1.4 ms warm).
for (let i = 0; i < 10; i++) {
  for (const c of cases) {
    await loadList(billingList, new Request(`http://bench/billing?${c.query}`), billListSource(c.viewer), { hidden: billListHidden(c.viewer) });
    await select(c.bare);
  }
}

console.log("\nlist                         page ms   bare ms   ratio");
for (const c of cases) {
  const request = new Request(`http://bench/billing?${c.query}`);
  const page = await timed(() => loadList(billingList, request, billListSource(c.viewer), { hidden: billListHidden(c.viewer) }));
  const bare = await timed(() => select(c.bare));
  console.log(`${c.name.padEnd(28)} ${page.toFixed(1).padStart(7)} ${bare.toFixed(1).padStart(9)} ${(page / Math.max(bare, 0.01)).toFixed(1).padStart(7)}×`);
}

const [sample] = await select<{ id: number }>("SELECT id FROM bills ORDER BY id DESC LIMIT 1");
const receipt = (await getReceipt(sample.id, boardViewer))!;
await renderReceiptPdf(receipt);
const times: number[] = [];
for (let i = 0; i < PDFS; i++) {
  const s = performance.now();
  await renderReceiptPdf(receipt);
  times.push(performance.now() - s);
}
console.log(`\nreceipt PDF, warm: median ${median(times).toFixed(1)} ms, p95 ${pct(times, 0.95).toFixed(1)} ms over ${PDFS} renders`);
await closePdfRenderer();
await sequelize.close();
