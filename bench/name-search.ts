/**
 * The name search at scale (issue 28 item 2, docs/adr/0046-name-search-tokens.md), on a database
 * filled by bench/seed-scale.ts (migrated first: the migration fills trekker_name_tokens). For
 * the issue's examples and hard cases (the commonest names, partial words, accented and upper-case
 * spellings, one letter, two words, other scripts, nothing found) and what staff type for 25
 * trekkers picked at random (whole name, family name, given name, four letters), as the board
 * and as the largest agency, the server's time of
 *   - the /trekkers list's loader work (`loadList` over `trekkerListSource`: count and page), and
 *   - the header search (`searchTrekkersFor`, what /search calls),
 * each query's median of `--runs`, then p50 / p95 / max over the queries, beside the bare indexed
 * query (the page's id statement the list ran, alone).
 *
 *   npx tsx bench/name-search.ts [--url mysql://root@127.0.0.1:3306/tims_scale_batch] [--runs 3]
 */
import { performance } from "node:perf_hooks";
import { arg, median, percentile } from "./support";

process.env.DATABASE_URL = arg("url", process.env.SCALE_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/tims_scale_batch");
const RUNS = Number(arg("runs", "3"));

const { QueryTypes } = await import("sequelize");
// A process entry: db/ gets the modules' migrations from the composition root (ADR 0045).
(await import("../app/composition.server")).composeApp();
const { sequelize } = await import("../db/sequelize.server");
const { migrate } = await import("../db/migrate.server");
const { loadList } = await import("../lib/list/list.server");
const { trekkersList, trekkerListSource, trekkerListHidden, searchTrekkersFor } = await import("../modules/cards/index.server");

const select = <T extends object = Record<string, unknown>>(sql: string) => sequelize.query<T>(sql, { type: QueryTypes.SELECT });

const m0 = performance.now();
const migrated = await migrate();
if (migrated.length) console.log(`migrated ${migrated.join(", ")} in ${((performance.now() - m0) / 1000).toFixed(1)} s`);

// The issue's examples and the hard cases: the commonest names of the seed's pools (bench/scale-names.ts),
// as typed (lower case, no accents, capitals, partial words, one letter, two words in either order),
// names the data lacks, other scripts, nothing found.
const FIXED = [
  "Smith",
  "smith",
  "Müller",
  "muller",
  "MULLER",
  "O'Brien",
  "brien",
  "Zoë",
  "zoe",
  "martin",
  "Anna",
  "anna smith",
  "smith anna",
  "sophie mar",
  "nunez",
  "van der berg",
  "a",
  "sm",
  "王",
  "王伟",
  "李",
  "김",
  "김민",
  "佐藤",
  "さくら",
  "शर्मा",
  "पेम्बा शेर्पा",
  "Иванова",
  "Παπαδόπουλος",
  "כהן",
  "محمد",
  "สมชาย",
  "Qwertyuiop",
  "xq",
];

// What staff type for a trekker in front of them: for trekkers picked at random (a fixed sample),
// the whole name, the family name, the given name, and the first four letters of the family name
// as typed without accents.
const { nameTokens } = await import("../modules/registration/index.server");
const sampled = await select<{ fullName: string }>("SELECT fullName FROM trekkers WHERE id % 9973 = 17 ORDER BY id LIMIT 25");
const SAMPLED = sampled.flatMap(({ fullName }) => {
  const words = fullName.split(" ");
  const family = words.length > 1 ? words[words.length - 1] : [...fullName].slice(0, 1).join("");
  const given = words.length > 1 ? words[0] : [...fullName].slice(1).join("");
  return [fullName, family, given, [...(nameTokens(family)[0] ?? "")].slice(0, 4).join("")];
});
const QUERIES = [...new Set([...FIXED, ...SAMPLED])];

/** Every statement a function runs, with its time (Sequelize's benchmark logging). */
async function capture<T>(fn: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const queries: string[] = [];
  const opts = (sequelize as unknown as { options: { logging: unknown; benchmark: boolean } }).options;
  const saved = { logging: opts.logging, benchmark: opts.benchmark };
  opts.benchmark = true;
  opts.logging = (sql: string) => queries.push(sql.replace(/^Executed \([^)]*\): /, ""));
  try {
    return { result: await fn(), queries };
  } finally {
    Object.assign(opts, saved);
  }
}

async function medianOf(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    await fn();
    times.push(performance.now() - s);
  }
  return median(times);
}

const board = { id: 1, userType: 4 };
const largest = (await select<{ userId: number }>("SELECT userId FROM registrations WHERE userType = 2 GROUP BY userId ORDER BY COUNT(*) DESC LIMIT 1"))[0];
const agency = { id: Number(largest.userId), userType: 2 };
const [{ trekkers }] = await select<{ trekkers: number }>("SELECT COUNT(*) AS trekkers FROM trekkers");
const [{ tokens }] = await select<{ tokens: number }>("SELECT COUNT(*) AS tokens FROM trekker_name_tokens");
const [{ mine }] = await select<{ mine: number }>(`SELECT COUNT(*) AS mine FROM trekkers WHERE registeredBy = ${agency.id}`);
// The figures depend on the rows fitting in memory: 128 MB (MariaDB's default) does not hold a million trekkers.
const [{ pool }] = await select<{ pool: number }>("SELECT @@innodb_buffer_pool_size AS pool");

interface Row {
  who: string;
  path: string;
  times: number[];
  bare: number[];
  slowest: string;
  found: number[];
}
const rows: Row[] = [];
const verbose = process.argv.includes("--verbose");

for (const [who, viewer] of [
  ["board", board],
  ["largest agency", agency],
] as const) {
  const list: Row = { who, path: "/trekkers list (count + page)", times: [], bare: [], slowest: "", found: [] };
  const header: Row = { who, path: "header search (/search)", times: [], bare: [], slowest: "", found: [] };
  let slowList = 0;
  let slowHeader = 0;
  for (const text of QUERIES) {
    const request = () => new Request(`http://bench/trekkers?username=${encodeURIComponent(text)}`);
    const load = () => loadList(trekkersList, request(), trekkerListSource(viewer), { hidden: trekkerListHidden(viewer) });
    const { result, queries } = await capture(load);
    const listMs = await medianOf(load);
    const page = queries.find((q) => /trekker_name_tokens/.test(q) && /OFFSET/.test(q));
    const inner = page && /FROM \((SELECT t\.id AS id FROM .* OFFSET \d+)\) k JOIN/.exec(page);
    const bareSql = inner ? inner[1] : page;
    const bareMs = bareSql ? await medianOf(() => select(bareSql)) : 0;
    const headerMs = await medianOf(() => searchTrekkersFor(viewer, text));
    list.times.push(listMs);
    list.found.push(result.total);
    if (bareSql) list.bare.push(bareMs);
    header.times.push(headerMs);
    if (listMs > slowList) [slowList, list.slowest] = [listMs, `"${text}" ${listMs.toFixed(1)} ms`];
    if (headerMs > slowHeader) [slowHeader, header.slowest] = [headerMs, `"${text}" ${headerMs.toFixed(1)} ms`];
    if (verbose)
      console.log(
        `${who.padEnd(15)} ${JSON.stringify(text).padEnd(16)} found ${String(result.capped ? `>${result.total}` : result.total).padStart(6)}  list ${listMs.toFixed(1).padStart(6)} ms  bare ${bareMs.toFixed(1).padStart(6)} ms  header ${headerMs.toFixed(1).padStart(6)} ms`,
      );
  }
  header.bare = list.bare;
  rows.push(list, header);
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
console.log(
  `\n${Number(trekkers).toLocaleString("en")} trekkers, ${Number(tokens).toLocaleString("en")} name tokens; largest agency: user ${agency.id}, ${Number(mine).toLocaleString("en")} trekkers; ${QUERIES.length} queries, median of ${RUNS} runs each; InnoDB buffer pool ${Math.round(Number(pool) / 2 ** 20)} MB\n`,
);
console.log("| viewer | what | p50 | p95 | max (query) | bare indexed query p50 / p95 |");
console.log("|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.who} | ${r.path} | ${ms(percentile(r.times, 50))} | ${ms(percentile(r.times, 95))} | ${r.slowest} | ${ms(percentile(r.bare, 50))} / ${ms(percentile(r.bare, 95))} |`,
  );
}
await sequelize.close();
