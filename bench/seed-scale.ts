/**
 * Fills a MariaDB database at the scale of three trekking seasons, for bench/lists.ts: about
 * 1,000,000 trekkers in 300,000 registrations, 500 agencies (one of them holding a tenth of the
 * registrations, the "largest agency"), 20,000 free trekkers with their own registrations, bills
 * for every paid registration, bank vouchers for a tenth of them (some pending or rejected), one
 * "issue" card event per card, and the demo accounts. The database is dropped, created and
 * migrated by the app's own migrations, the lookups and demo data seeded as `npm run seed:demo`
 * does; the rest is generated in SQL (INSERT … SELECT over a numbers table) in chunks.
 *
 * Registrations follow the seasons (spring and autumn peaks, monsoon and winter lows); card
 * numbers run without a gap, trekkers are priced by the fee table, each bill has its settled
 * gateway payment or approved voucher; treks that began have their check-ins (in at the first
 * checkpoint, out at the last when over), the last months' Missed cards their closed overdue
 * cases (no alert storm on the worker's first run); a few cancelled cards were refused at a
 * checkpost and one trekker in fifty was seen off-route; the last eight weeks were pushed to the
 * ERP as the chalan (a few lines refused); the daily statistics are rebuilt from the rows at the end. The ledger check holds on the result (npm run ledger:check with DATABASE_URL).
 *
 * Statuses follow the dates, as after a daily sweep: a trek that has not begun is Upcoming, one
 * under way Active, one over Completed (or Missed), so the sweep finds nothing due; a tenth of the
 * registrations are unpaid, a few cards cancelled, deleted or returned.
 *
 *   npx tsx bench/seed-scale.ts [--trekkers 1000000] [--url mysql://root@127.0.0.1:3306/tims_scale]
 */
import { performance } from "node:perf_hooks";
import { arg, ensureBufferPool } from "./support";

const URL_ = arg("url", process.env.SCALE_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/tims_scale");
const TREKKERS = Number(arg("trekkers", "1000000"));
const scale = TREKKERS / 1_000_000;
const REGISTRATIONS = Math.max(10, Math.round(300_000 * scale));
const FITS = Math.max(1, Math.round(20_000 * scale));
const AGENCIES = 500;
const CHUNK = 100_000;
const DAY_SPAN = 3 * 365;
/** Registrations by month, January first: the spring and autumn seasons, the monsoon and winter lows. */
const SEASON_WEIGHTS = [3, 4, 11, 13, 8, 2, 1.5, 1.5, 6, 16, 12, 4];
const DAY_SLOTS = 10_000;

if (!/^mysql|^mariadb/.test(URL_)) throw new Error("seed-scale fills MariaDB/MySQL only");
process.env.DATABASE_URL = URL_;
// The chalan module starts a push only with an ERP configured; the seed records the ERP's answers
// itself and sends nothing (the benches' cluster points ERP_URL at its simulator).
process.env.ERP_URL ||= "http://127.0.0.1:9/erp-not-called-by-the-seed";
process.env.ERP_API_KEY ||= "seed";

const FIRST = [
  "Anna",
  "Ben",
  "Chloe",
  "David",
  "Emma",
  "Felix",
  "Grace",
  "Hugo",
  "Ines",
  "Jonas",
  "Kavya",
  "Liam",
  "Maya",
  "Noah",
  "Olivia",
  "Pema",
  "Quinn",
  "Ravi",
  "Sofia",
  "Tenzing",
  "Uma",
  "Victor",
  "Wang",
  "Ximena",
  "Yuki",
  "Zara",
  "Arjun",
  "Lucia",
  "Mateo",
  "Nina",
];
const LAST = [
  "Keller",
  "Smith",
  "Müller",
  "Dubois",
  "Rossi",
  "Tanaka",
  "Sherpa",
  "Gurung",
  "Sharma",
  "Kim",
  "Nguyen",
  "Silva",
  "Jensen",
  "Novak",
  "Kowalski",
  "Brown",
  "Garcia",
  "Ivanova",
  "Chen",
  "Okafor",
  "Larsen",
  "Moreau",
  "Fischer",
  "Rai",
  "Tamang",
];
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const elt = (expr: string, values: readonly (string | number)[]) =>
  `ELT(1 + (${expr}) % ${values.length}, ${values.map((v) => (typeof v === "number" ? v : quote(v))).join(", ")})`;

async function main() {
  await ensureBufferPool(URL_);
  const t0 = performance.now();
  const admin = new (await import("sequelize")).Sequelize(URL_.replace(/\/[^/]*$/, "/"), { logging: false });
  const dbName = new URL(URL_).pathname.slice(1);
  await admin.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
  await admin.query(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4`);
  await admin.close();

  // A process entry: db/ and jobs/ get the modules' migrations, seeds and jobs from the composition root (ADR 0045).
  (await import("../app/composition.server")).composeApp();
  const { prepareDatabase } = await import("../db/seed.server");
  const { sequelize } = await import("../db/sequelize.server");
  const { kathmanduDate } = await import("../lib/dates");
  const { Transaction } = await import("sequelize");
  // Each statement alone, reading committed rows without locking them (the lanes below); with
  // `foreignKeys: false` its inserts do not check (and so do not share-lock) the parent rows.
  const seedQuery = (sql: string, replacements?: unknown[], opts: { foreignKeys?: boolean } = {}) =>
    sequelize.transaction({ isolationLevel: Transaction.ISOLATION_LEVELS.READ_COMMITTED }, async (transaction) => {
      if (opts.foreignKeys === false) await sequelize.query("SET SESSION foreign_key_checks = 0", { transaction });
      try {
        return await sequelize.query(sql, { replacements, raw: true, transaction });
      } finally {
        if (opts.foreignKeys === false) await sequelize.query("SET SESSION foreign_key_checks = 1", { transaction });
      }
    });
  const q = (sql: string, replacements?: unknown[]) => seedQuery(sql, replacements);
  const one = async <T>(sql: string) => ((await sequelize.query(sql, { type: (await import("sequelize")).QueryTypes.SELECT })) as T[])[0];
  const step = async (label: string, fn: () => Promise<unknown>) => {
    const s = performance.now();
    await fn();
    console.log(`  ${label.padEnd(34)} ${((performance.now() - s) / 1000).toFixed(1).padStart(6)} s`);
  };

  console.log(
    `Seeding ${dbName}: ${TREKKERS.toLocaleString("en")} trekkers, ${REGISTRATIONS.toLocaleString("en")} registrations, ${AGENCIES} agencies, ${FITS.toLocaleString("en")} free trekkers`,
  );
  await step("migrate, lookups, demo accounts", () => prepareDatabase({ demo: true, treks: false }));

  const today = kathmanduDate();
  // Nepal's routes (bench/scale-routes.ts) with their checkpoints, beside the demo's; bench_routes
  // gives each a share of 1,000 slots by its weight, and its length in days.
  const { SCALE_ROUTES } = await import("./scale-routes");
  await step(`routes (${SCALE_ROUTES.length} more)`, async () => {
    await q("DROP TABLE IF EXISTS bench_routes");
    await q(
      "CREATE TABLE bench_routes (slot INT NOT NULL PRIMARY KEY, routeId INT NOT NULL, routeName VARCHAR(150) NOT NULL, days INT NOT NULL) ENGINE=InnoDB",
    );
    const weights = SCALE_ROUTES.reduce((sum, r) => sum + r.weight, 0);
    const slots: (string | number)[] = [];
    for (const r of SCALE_ROUTES) {
      await q(
        "INSERT INTO trek_routes (name, provinceId, startPoint, endPoint, description, status, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, 'Active', NOW(), NOW())",
        [
          r.name,
          r.provinceId,
          r.checkpoints[0],
          r.checkpoints[r.checkpoints.length - 1],
          `<p>${r.name}: about ${r.days} days from ${r.checkpoints[0]} to ${r.checkpoints[r.checkpoints.length - 1]}.</p>`,
        ],
      );
      const id = Number((await one<{ id: number }>("SELECT MAX(id) AS id FROM trek_routes")).id);
      await q(
        `INSERT INTO trek_route_checkpoints (routeId, name, position) VALUES ${r.checkpoints.map(() => "(?, ?, ?)").join(", ")}`,
        r.checkpoints.flatMap((c, i) => [id, c, i + 1]),
      );
      const share = Math.max(1, Math.round((r.weight / weights) * 1000));
      for (let i = 0; i < share; i++) slots.push(slots.length / 4, id, r.name, r.days);
    }
    await q(`INSERT INTO bench_routes VALUES ${Array.from({ length: slots.length / 4 }, () => "(?, ?, ?, ?)").join(", ")}`, slots);
  });
  const ROUTE_SLOTS = Number((await one<{ n: number }>("SELECT COUNT(*) AS n FROM bench_routes")).n);
  const countries = await sequelize.query<{ id: number }>("SELECT id FROM countries ORDER BY id", { type: (await import("sequelize")).QueryTypes.SELECT });
  // A few countries send most trekkers (the first ones repeated), every country some.
  const common = countries
    .filter((_, i) => i % 9 === 0)
    .slice(0, 20)
    .map((c) => c.id);
  const nations = [...common, ...common, ...countries.map((c) => c.id)];
  const demoAgency = await one<{ passwordHash: string }>("SELECT passwordHash FROM users WHERE userType = 2 ORDER BY id LIMIT 1");
  const userBase = Number((await one<{ m: number }>("SELECT COALESCE(MAX(id), 0) + 1 AS m FROM users")).m);
  const regBase = Number((await one<{ m: number }>("SELECT COALESCE(MAX(id), 0) + 1 AS m FROM registrations")).m);
  const trekkerBase = Number((await one<{ m: number }>("SELECT COALESCE(MAX(id), 0) + 1 AS m FROM trekkers")).m);
  const agencyTrekkers = TREKKERS - FITS;
  const agencyRegs = REGISTRATIONS - FITS;

  await q("SET SESSION foreign_key_checks = 0");
  await q("SET SESSION unique_checks = 0");

  await step("numbers table", async () => {
    await q("DROP TABLE IF EXISTS bench_numbers");
    await q("CREATE TABLE bench_numbers (n INT NOT NULL PRIMARY KEY) ENGINE=InnoDB");
    await q("INSERT INTO bench_numbers (n) VALUES (0),(1),(2),(3),(4),(5),(6),(7),(8),(9)");
    for (let p = 10; p < TREKKERS; p *= 10) {
      await q(
        `INSERT INTO bench_numbers (n) SELECT d.n * ${p} + b.n FROM bench_numbers b CROSS JOIN bench_numbers d WHERE d.n BETWEEN 1 AND 9 AND b.n < ${p} AND d.n * ${p} + b.n < ${TREKKERS}`,
      );
    }
  });

  // Trekkers' names and nationalities (bench/scale-names.ts): each nationality in its own script,
  // names on a long tail. Helper tables the trekkers' INSERT joins; their tokens folded once in
  // JavaScript by the app's own nameTokens.
  const { namePools, NATIONALITY_SHARES } = await import("./scale-names");
  const { nameTokens } = await import("../modules/registration/index.server");
  const pools = namePools();
  await step("name pools", async () => {
    await q("DROP TABLE IF EXISTS bench_names");
    await q("DROP TABLE IF EXISTS bench_name_tokens");
    await q("DROP TABLE IF EXISTS bench_groups");
    await q("DROP TABLE IF EXISTS bench_nation");
    await q(
      "CREATE TABLE bench_names (kind TINYINT NOT NULL, grp TINYINT NOT NULL, idx INT NOT NULL, name VARCHAR(64) NOT NULL, PRIMARY KEY (kind, grp, idx)) ENGINE=InnoDB CHARSET utf8mb4",
    );
    await q(
      "CREATE TABLE bench_name_tokens (kind TINYINT NOT NULL, grp TINYINT NOT NULL, idx INT NOT NULL, token VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, PRIMARY KEY (kind, grp, idx, token)) ENGINE=InnoDB",
    );
    await q(
      "CREATE TABLE bench_groups (grp TINYINT NOT NULL PRIMARY KEY, nGiven INT NOT NULL, nFamily INT NOT NULL, familyFirst TINYINT NOT NULL) ENGINE=InnoDB",
    );
    await q("CREATE TABLE bench_nation (slot INT NOT NULL PRIMARY KEY, countryId INT NOT NULL, grp TINYINT NOT NULL) ENGINE=InnoDB");
    for (const p of pools) {
      await q("INSERT INTO bench_groups VALUES (?, ?, ?, ?)", [p.group, p.given.length, p.family.length, p.familyFirst ? 1 : 0]);
      for (const [kind, names] of [
        [1, p.given],
        [2, p.family],
      ] as const) {
        const rows = names.map((name, idx) => [kind, p.group, idx, name]);
        const tokens = names.flatMap((name, idx) => nameTokens(name).map((token) => [kind, p.group, idx, token]));
        for (let i = 0; i < rows.length; i += 2000)
          await q(
            `INSERT INTO bench_names VALUES ${rows
              .slice(i, i + 2000)
              .map(() => "(?, ?, ?, ?)")
              .join(", ")}`,
            rows.slice(i, i + 2000).flat(),
          );
        for (let i = 0; i < tokens.length; i += 2000)
          await q(
            `INSERT IGNORE INTO bench_name_tokens VALUES ${tokens
              .slice(i, i + 2000)
              .map(() => "(?, ?, ?, ?)")
              .join(", ")}`,
            tokens.slice(i, i + 2000).flat(),
          );
      }
    }
    const byName = new Map(
      (await sequelize.query<{ id: number; name: string }>("SELECT id, name FROM countries", { type: (await import("sequelize")).QueryTypes.SELECT })).map(
        (c) => [c.name, c.id],
      ),
    );
    const slots: [number, number][] = [];
    for (const n of NATIONALITY_SHARES) {
      const id = byName.get(n.country);
      if (id === undefined) throw new Error(`seed nationality ${n.country} is not in the countries table`);
      for (let i = 0; i < n.share; i++) slots.push([id, n.group]);
    }
    const listed = new Set(NATIONALITY_SHARES.map((n) => byName.get(n.country)));
    const others = countries.map((c) => c.id).filter((id) => !listed.has(id));
    for (let i = 0; slots.length < 1000; i++) slots.push([others[i % others.length], 1]);
    await q(
      `INSERT INTO bench_nation VALUES ${slots.map(() => "(?, ?, ?)").join(", ")}`,
      slots.flatMap(([id, grp], slot) => [slot, id, grp]),
    );
  });
  // Trekker k's nationality slot and the indexes of its given and family names (u² on a long tail).
  const namesOf = (k: string) => `JOIN bench_nation s ON s.slot = CRC32(${k}) % 1000
         JOIN bench_groups g ON g.grp = s.grp`;
  const givenIdx = (k: string) => `FLOOR(g.nGiven * POW(CRC32(CONCAT('g', ${k})) / 4294967296, 2))`;
  const familyIdx = (k: string) => `FLOOR(g.nFamily * POW(CRC32(CONCAT('f', ${k})) / 4294967296, 2))`;

  await step(`users (${AGENCIES} agencies, ${FITS} FITs)`, async () => {
    const hash = demoAgency?.passwordHash ?? "x";
    await q(
      `INSERT INTO users (id, userType, email, passwordHash, fullName, organizationName, contactAddress, countryId, status, emailVerified, isDocumentUploaded, isVerified, isApproved, sessionVersion, createdAt, updatedAt)
       SELECT ${userBase} + n, 2, CONCAT('agency', n, '@scale.test'), ?, CONCAT(${elt("n", LAST)}, ' Treks ', n), CONCAT(${elt("n", LAST)}, ' Treks ', n), 'Thamel, Kathmandu', 524, 'Active', 1, 1, 1, 1, 1,
              NOW() - INTERVAL (${AGENCIES} - n) DAY, NOW()
       FROM bench_numbers WHERE n < ${AGENCIES}`,
      [hash],
    );
    await q(
      `INSERT INTO users (id, userType, email, passwordHash, fullName, countryId, status, emailVerified, isDocumentUploaded, isApproved, sessionVersion, createdAt, updatedAt)
       SELECT ${userBase + AGENCIES} + n, 1, CONCAT('fit', n, '@scale.test'), ?, CONCAT(${elt("n", FIRST)}, ' ', ${elt("n DIV 30", LAST)}), ${elt("n", nations)}, 'Active', 1, 0, 1, 1,
              NOW() - INTERVAL (${FITS} - n) MINUTE, NOW()
       FROM bench_numbers WHERE n < ${FITS}`,
      [hash],
    );
    // The users' search words, as the User model's hooks keep them for users made by the app.
    const { indexAllUserWords } = await import("../modules/users/index.server");
    await indexAllUserWords();
  });

  // Registration ri (0-based): agency ones first (a tenth by agency 0, the largest), then one per FIT.
  const regUser = `IF(n < ${agencyRegs}, ${userBase} + IF(n % 10 = 0, 0, 1 + (n * 7919) % ${AGENCIES - 1}), ${userBase + AGENCIES} + (n - ${agencyRegs}) % ${FITS})`;
  const regCount = `IF(n < ${agencyRegs}, ((n + 1) * ${agencyTrekkers} + ${agencyRegs} - 1) DIV ${agencyRegs} - (n * ${agencyTrekkers} + ${agencyRegs} - 1) DIV ${agencyRegs}, 1)`;
  // Registrations follow Nepal's seasons (bench_days): registration n's day is slot n of 10,000
  // slots spread over the three years by each month's weight, so ids keep time order.
  await step("seasons", async () => {
    await q("DROP TABLE IF EXISTS bench_days");
    await q("CREATE TABLE bench_days (slot INT NOT NULL PRIMARY KEY, dayOffset INT NOT NULL) ENGINE=InnoDB");
    const start = new Date(`${today}T00:00:00Z`).getTime() - DAY_SPAN * 86_400_000;
    const weights = Array.from({ length: DAY_SPAN }, (_, d) => SEASON_WEIGHTS[new Date(start + d * 86_400_000).getUTCMonth()]);
    const total = weights.reduce((a, b) => a + b, 0);
    const rows: number[] = [];
    let cumulative = 0;
    for (let d = 0, slot = 0; d < DAY_SPAN; d++) {
      cumulative += weights[d];
      for (; slot < Math.min(DAY_SLOTS, Math.round((cumulative / total) * DAY_SLOTS)); slot++) rows.push(slot, d);
    }
    for (let i = 0; i < rows.length; i += 4000)
      await q(
        `INSERT INTO bench_days VALUES ${Array.from({ length: Math.min(4000, rows.length - i) / 2 }, () => "(?, ?)").join(", ")}`,
        rows.slice(i, i + 4000),
      );
  });
  const created = `TIMESTAMP(?) - INTERVAL ${DAY_SPAN} DAY + INTERVAL bd.dayOffset DAY + INTERVAL ((n * 7919) % 86400) SECOND`;
  const unpaid = "n % 20 IN (7, 13)";
  await step(`registrations (${REGISTRATIONS})`, async () => {
    for (let from = 0; from < REGISTRATIONS; from += CHUNK) {
      await q(
        `INSERT INTO registrations (id, userId, userType, routeId, routeName, entryDate, exitDate, entryPoint, exitPoint, status, totalPaisa, priceLockedAt, createdAt, updatedAt)
         SELECT ${regBase} + n, ${regUser}, IF(n < ${agencyRegs}, 2, 1), d.routeId, d.routeName,
                d.entry, d.entry + INTERVAL d.days DAY, d.startPoint, d.endPoint,
                CASE WHEN ${unpaid} THEN 'Payment Pending' WHEN d.entry > DATE(?) THEN 'Upcoming'
                     WHEN d.entry + INTERVAL d.days DAY >= DATE(?) THEN 'Active' WHEN n % 5 = 0 THEN 'Missed' ELSE 'Completed' END,
                ${regCount} * 200000, d.created, d.created, d.created
         FROM (SELECT n, ${created} AS created, DATE(${created}) + INTERVAL (5 + n % 25) DAY AS entry, br.routeId, br.routeName, br.days + (n DIV 7) % 3 AS days,
                      tr.startPoint, tr.endPoint
               FROM bench_numbers JOIN bench_days bd ON bd.slot = (n * ${DAY_SLOTS}) DIV ${REGISTRATIONS}
               JOIN bench_routes br ON br.slot = (n * 7919) % ${ROUTE_SLOTS} JOIN trek_routes tr ON tr.id = br.routeId
               WHERE n >= ${from} AND n < ${Math.min(REGISTRATIONS, from + CHUNK)}) d`,
        [today, today, today, today],
      );
    }
  });

  // Trekker k: agency trekkers spread evenly over the agency registrations, then one per FIT registration.
  const regOf = `IF(k < ${agencyTrekkers}, (k * ${agencyRegs}) DIV ${agencyTrekkers}, ${agencyRegs} + k - ${agencyTrekkers})`;
  await step(`trekkers (${TREKKERS})`, async () => {
    for (let from = 0; from < TREKKERS; from += CHUNK) {
      await q(
        `INSERT INTO trekkers (id, registrationId, photoKey, fullName, trekkerType, nationality, city, gender, dob, email, passportNumber, policyType, status, cardNumber, amountPaisa, createdAt, updatedAt, registeredBy, issuedAt,
                               deletedAt, deleteRemarks, deletedBy, deletedIp, returnState, returnReason, returnedAt, cancelReason, cancelledAt)
         SELECT ${trekkerBase} + k, r.id, CONCAT('photos/', k, '.jpg'), IF(g.familyFirst, CONCAT(fn.name, gn.name), CONCAT(gn.name, ' ', fn.name)), IF(k % 50 = 0, 5, 1 + k % 2), s.countryId,
                'Springfield', 1 + k % 2, DATE('1970-01-01') + INTERVAL (k % 15000) DAY, CONCAT('t', k, '@mail.test'), CONCAT('P', LPAD(k, 8, '0')), 'Travel',
                CASE WHEN r.status = 'Payment Pending' THEN r.status WHEN k % 211 = 1 THEN 'Cancelled' WHEN k % 997 = 3 AND r.status = 'Completed' THEN 'Returned' ELSE r.status END,
                IF(r.status = 'Payment Pending', NULL, 100001 + k), IF(r.status = 'Payment Pending', NULL, 200000), r.createdAt, r.createdAt, r.userId,
                IF(r.status = 'Payment Pending', NULL, r.createdAt + INTERVAL 1 HOUR),
                IF(r.status = 'Payment Pending' AND k % 7 = 0, r.createdAt + INTERVAL 2 DAY, NULL), IF(r.status = 'Payment Pending' AND k % 7 = 0, 'Duplicate entry', NULL),
                IF(r.status = 'Payment Pending' AND k % 7 = 0, r.userId, NULL), IF(r.status = 'Payment Pending' AND k % 7 = 0, '10.0.0.1', NULL),
                IF(k % 997 = 3 AND r.status = 'Completed' AND r.status <> 'Payment Pending', IF(k % 3 = 0, 'approved', 'requested'), NULL),
                IF(k % 997 = 3 AND r.status = 'Completed', 'Trip called off', NULL), IF(k % 997 = 3 AND r.status = 'Completed', r.createdAt + INTERVAL 3 DAY, NULL),
                IF(k % 211 = 1 AND r.status <> 'Payment Pending', 'Cancelled by the board', NULL), IF(k % 211 = 1 AND r.status <> 'Payment Pending', r.createdAt + INTERVAL 2 DAY, NULL)
         FROM (SELECT n AS k FROM bench_numbers WHERE n >= ${from} AND n < ${Math.min(TREKKERS, from + CHUNK)}) ks
         JOIN registrations r ON r.id = ${regBase} + ${regOf}
         ${namesOf("k")}
         JOIN bench_names gn ON gn.kind = 1 AND gn.grp = s.grp AND gn.idx = ${givenIdx("k")}
         JOIN bench_names fn ON fn.kind = 2 AND fn.grp = s.grp AND fn.idx = ${familyIdx("k")}`,
      );
    }
  });

  // Two lanes side by side (the database has two cores): what prices, bills and numbers the cards
  // and what reads them, beside the name tokens and the trail's scans, which read only trekkers and
  // registrations as the trekkers step left them (the statuses, card numbers present or not).
  // Each statement reads READ COMMITTED (`q`): an INSERT … SELECT at REPEATABLE READ would
  // lock the rows it reads, and the lanes would queue on each other's rows.
  const money = async () => {
    // Cards as the app gives them: numbers from the first without a gap (the counter's order), each
    // trekker priced by the fee table (its user type and the nationality's region, children
    // theirs), each registration's total the sum.
    await step("card numbers, fees", async () => {
      // A session variable: both statements on one connection.
      await sequelize.transaction(async (transaction) => {
        await sequelize.query("SET @n := 100000", { transaction });
        await sequelize.query(`UPDATE trekkers SET cardNumber = (@n := @n + 1) WHERE id >= ${trekkerBase} AND cardNumber IS NOT NULL ORDER BY id`, {
          transaction,
        });
      });
      const { FEE_TABLE_SQL } = await import("../modules/ledger/index.server");
      await q("DROP TABLE IF EXISTS bench_fees");
      await q(`CREATE TABLE bench_fees (userType INT NOT NULL, regionId INT NOT NULL, fee INT NOT NULL, PRIMARY KEY (userType, regionId)) ENGINE=InnoDB`);
      await q(`INSERT INTO bench_fees SELECT userType, regionId, COALESCE(fee, 0) FROM (${FEE_TABLE_SQL}) f`);
      for (let from = 0; from < TREKKERS; from += CHUNK) {
        await q(
          `UPDATE trekkers t JOIN registrations r ON r.id = t.registrationId LEFT JOIN countries c ON c.id = t.nationality
           JOIN bench_fees p ON p.userType = r.userType AND p.regionId = CASE WHEN t.trekkerType = 5 THEN 5 ELSE COALESCE(c.regionId, 2) END
           SET t.amountPaisa = p.fee
           WHERE t.id >= ${trekkerBase + from} AND t.id < ${trekkerBase + Math.min(TREKKERS, from + CHUNK)} AND t.deletedAt IS NULL`,
        );
      }
      for (let from = 0; from < REGISTRATIONS; from += CHUNK) {
        await q(
          `UPDATE registrations r JOIN (SELECT registrationId, SUM(amountPaisa) AS total FROM trekkers
             WHERE registrationId >= ${regBase + from} AND registrationId < ${regBase + Math.min(REGISTRATIONS, from + CHUNK)} AND deletedAt IS NULL GROUP BY registrationId) s
           ON s.registrationId = r.id SET r.totalPaisa = s.total`,
        );
      }
      // An unpaid registration's trekkers are not priced until its payment starts.
      await q(
        `UPDATE trekkers t JOIN registrations r ON r.id = t.registrationId SET t.amountPaisa = NULL WHERE r.status = 'Payment Pending' AND t.id >= ${trekkerBase}`,
      );
      await q("DROP TABLE bench_fees");
    });

    await step("vouchers, bills", async () => {
      // Bank vouchers for a tenth of the registrations: approved for the paid, pending or rejected for the unpaid.
      await q(
        `INSERT INTO vouchers (registrationId, routeId, userId, amountPaisa, fileKey, fileName, fileKind, isVerified, refNo, remarks, decidedBy, createdAt, updatedAt)
         SELECT r.id, r.routeId, r.userId, r.totalPaisa, CONCAT('vouchers/', r.id, '.pdf'), 'voucher.pdf', 'pdf',
                CASE WHEN r.status <> 'Payment Pending' THEN 1 WHEN r.id % 3 = 0 THEN 0 ELSE NULL END,
                IF(r.status <> 'Payment Pending', CONCAT('REF', r.id), NULL), IF(r.status = 'Payment Pending' AND r.id % 3 = 0, 'Amount does not match', NULL),
                IF(r.status = 'Payment Pending' AND r.id % 3 <> 0, NULL, 1), r.createdAt + INTERVAL 30 MINUTE, r.createdAt + INTERVAL 30 MINUTE
         FROM registrations r WHERE r.id >= ${regBase} AND (r.id - ${regBase}) % 10 = 3 ORDER BY r.id`,
      );
      for (let from = 0; from < REGISTRATIONS; from += CHUNK) {
        await q(
          `INSERT INTO bills (invoiceNumber, registrationId, methodId, amountPaisa, payerUserId, voucherId, createdAt)
           SELECT CONCAT('TMP-', r.id), r.id, IF(v.id IS NULL, 1 + r.id % 4, 5), r.totalPaisa, r.userId, v.id, r.createdAt + INTERVAL 1 HOUR
           FROM registrations r LEFT JOIN vouchers v ON v.registrationId = r.id
           WHERE r.id >= ${regBase + from} AND r.id < ${regBase + Math.min(REGISTRATIONS, from + CHUNK)} AND r.status <> 'Payment Pending' ORDER BY r.id`,
        );
      }
      // The gateway payment each bill without a voucher was settled by (the provider by the method).
      await q(
        `INSERT INTO payment_attempts (registrationId, userId, gateway, methodId, txnId, amountPaisa, status, providerRef, answers, createdAt, updatedAt)
         SELECT b.registrationId, b.payerUserId, ELT(b.methodId, 'esewa', 'connectips', 'khalti', 'fonepay', 'voucher', 'card'), b.methodId,
                CONCAT('SEED-', b.registrationId), b.amountPaisa, 'success', CONCAT('REF-', b.registrationId), '[]', b.createdAt - INTERVAL 2 MINUTE, b.createdAt
         FROM bills b WHERE b.voucherId IS NULL AND b.registrationId >= ${regBase}`,
      );
      await q(
        `UPDATE bills b JOIN payment_attempts a ON a.txnId = CONCAT('SEED-', b.registrationId) SET b.attemptId = a.id WHERE b.voucherId IS NULL AND b.registrationId >= ${regBase}`,
      );
      // Invoice numbers follow the counter, in bill order, with no gap (as settle allocates them).
      const base = Number((await one<{ n: number }>("SELECT next - 1 AS n FROM invoice_counter WHERE id = 1")).n);
      const seeded = Number((await one<{ n: number }>("SELECT COUNT(*) AS n FROM bills WHERE invoiceNumber LIKE 'TMP-%'")).n);
      await q(
        `UPDATE bills b JOIN (SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS rn FROM bills WHERE invoiceNumber LIKE 'TMP-%') x ON x.id = b.id
         SET b.invoiceNumber = CONCAT('INV-', LPAD(${base} + x.rn, 7, '0'))`,
      );
      await q("UPDATE invoice_counter SET next = ? WHERE id = 1", [base + seeded + 1]);
    });

    // Payments taken twice (a payer who pressed "Pay" in two tabs): one gateway-paid registration in
    // two hundred has a second settled attempt, owed back as "already paid" and, two in three,
    // refunded by the board with the provider's reference (the ledger's extra-payment-refunded).
    await step("refunds of double payments", async () => {
      await q(
        `INSERT INTO payment_attempts (registrationId, userId, gateway, methodId, txnId, amountPaisa, status, providerRef, answers, createdAt, updatedAt)
         SELECT a.registrationId, a.userId, a.gateway, a.methodId, CONCAT('SEED2-', a.registrationId), a.amountPaisa, 'success',
                CONCAT('REF2-', a.registrationId), '[]', a.createdAt + INTERVAL 5 MINUTE, a.updatedAt + INTERVAL 5 MINUTE
         FROM payment_attempts a WHERE a.txnId LIKE 'SEED-%' AND a.registrationId >= ${regBase} AND a.registrationId % 200 = 17`,
      );
      await q(
        `INSERT INTO payment_refunds (registrationId, payerUserId, amountPaisa, gateway, attemptId, reason, status, reference, refundedBy, refundedAt, createdAt, updatedAt)
         SELECT a.registrationId, a.userId, a.amountPaisa, a.gateway, a.id, 'already-paid', IF(a.id % 3 = 0, 'due', 'refunded'),
                IF(a.id % 3 = 0, NULL, CONCAT('RFND-', a.registrationId)), IF(a.id % 3 = 0, NULL, (SELECT MIN(id) FROM users WHERE userType = 4)),
                IF(a.id % 3 = 0, NULL, a.createdAt + INTERVAL 3 DAY), a.createdAt, IF(a.id % 3 = 0, a.createdAt, a.createdAt + INTERVAL 3 DAY)
         FROM payment_attempts a WHERE a.txnId LIKE 'SEED2-%' AND a.registrationId >= ${regBase}`,
      );
    });

    await step("card events (one issue per card)", async () => {
      for (let from = 0; from < TREKKERS; from += CHUNK) {
        await q(
          `INSERT INTO card_events (trekkerId, registrationId, action, fromStatus, toStatus, reason, userId, ip, createdAt)
           SELECT t.id, t.registrationId, 'issue', 'Payment Pending', 'Upcoming', NULL, t.registeredBy, NULL, t.issuedAt
           FROM trekkers t WHERE t.id >= ${trekkerBase + from} AND t.id < ${trekkerBase + Math.min(TREKKERS, from + CHUNK)} AND t.cardNumber IS NOT NULL ORDER BY t.id`,
        );
      }
      await q("UPDATE card_counter SET next = (SELECT COALESCE(MAX(cardNumber), 100000) + 1 FROM trekkers) WHERE id = 1");
    });

    // A Missed card of the last months was raised as overdue when it happened, and its case closed
    // (reached by phone): the first run does not raise the whole history again.
    await step("past overdue cases", async () => {
      await q(
        `INSERT INTO overdue_trekkers (trekkerId, registrationId, ownerId, ownerType, fullName, cardNumber, routeName, reason, dueDate, raisedOn, safeAt, safeBy, safeNote, createdAt, caseState)
         SELECT t.id, r.id, r.userId, r.userType, t.fullName, t.cardNumber, r.routeName, 'never-seen', r.entryDate + INTERVAL 2 DAY, r.entryDate + INTERVAL 2 DAY,
                TIMESTAMP(r.entryDate + INTERVAL 3 DAY), NULL, 'Reached by phone: the trek was called off.', TIMESTAMP(r.entryDate + INTERVAL 2 DAY), 'closed'
         FROM trekkers t JOIN registrations r ON r.id = t.registrationId
         WHERE t.id >= ${trekkerBase} AND t.status = 'Missed' AND t.deletedAt IS NULL AND r.entryDate >= DATE(?) - INTERVAL 120 DAY`,
        [today],
      );
    });

    // An unpaid trek whose exit date has passed was closed by the daily sweep the day after (issue
    // 25): the app's own sweep closes them here, dated as it would have, so the worker's first sweep
    // finds nothing (it expired 84,662 trekkers at 1M before) and the statistics below count them.
    await step("expired unpaid treks (the sweep)", async () => {
      const { sweepCards } = await import("../modules/cards/index.server");
      await sweepCards({ today });
      await q(
        `UPDATE card_events ce JOIN registrations r ON r.id = ce.registrationId SET ce.createdAt = TIMESTAMP(r.exitDate + INTERVAL 1 DAY)
         WHERE ce.action = 'expire' AND r.id >= ${regBase}`,
      );
    });
  };
  const trails = async () => {
    // Their rows' parents are the trekkers and registrations made above: not checked, so not
    // share-locked while the other lane prices the trekkers (a deadlock when they were).
    const q = (sql: string, replacements?: unknown[]) => seedQuery(sql, replacements, { foreignKeys: false });
    // The name search's tokens (modules/registration/name-tokens.ts), as the Trekker model's hooks
    // write them for trekkers made by the app: here in SQL, from each name's tokens folded once in
    // JavaScript (bench_name_tokens); a sample is checked against nameTokens of the stored names.
    await step("name tokens", async () => {
      for (const [kind, idx] of [
        [1, givenIdx("k")],
        [2, familyIdx("k")],
      ] as const) {
        for (let from = 0; from < TREKKERS; from += CHUNK) {
          await q(
            `INSERT IGNORE INTO trekker_name_tokens (token, trekkerId)
             SELECT bt.token, ${trekkerBase} + k FROM (SELECT n AS k FROM bench_numbers WHERE n >= ${from} AND n < ${Math.min(TREKKERS, from + CHUNK)}) ks
             ${namesOf("k")}
             JOIN bench_name_tokens bt ON bt.kind = ${kind} AND bt.grp = s.grp AND bt.idx = ${idx}`,
          );
        }
      }
      const sample = await sequelize.query<{ id: number; fullName: string; tokens: string }>(
        `SELECT t.id, t.fullName, (SELECT GROUP_CONCAT(k.token ORDER BY k.token SEPARATOR ' ') FROM trekker_name_tokens k WHERE k.trekkerId = t.id) AS tokens
         FROM trekkers t WHERE t.id >= ${trekkerBase} AND t.id % 997 = 0 LIMIT 1000`,
        { type: (await import("sequelize")).QueryTypes.SELECT },
      );
      for (const t of sample) {
        const expected = [...nameTokens(t.fullName)].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)).join(" ");
        if (expected !== t.tokens) throw new Error(`seed tokens of trekker ${t.id} "${t.fullName}": ${t.tokens}, expected ${expected}`);
      }
    });

    // Check-ins along each trek that has begun, as its route's checkposts record them: in at the
    // first checkpoint on the entry day, out at the last on the exit day for a trek that is over
    // (Completed). A Missed card was never seen. So the worker's first overdue run finds only what
    // a real first morning would, not every trek of the history (issue 30: no alert storm).
    await step("check-ins", async () => {
      const ends = `SELECT routeId, MIN(position) AS firstPos, MAX(position) AS lastPos FROM trek_route_checkpoints GROUP BY routeId`;
      for (const [direction, pos, day, hours, statuses] of [
        ["in", "firstPos", "r.entryDate", 4, "'Active', 'Completed'"],
        ["out", "lastPos", "r.exitDate", 10, "'Completed'"],
      ] as const) {
        for (let from = 0; from < TREKKERS; from += CHUNK) {
          await q(
            `INSERT INTO checkins (trekkerId, registrationId, ownerId, ownerType, checkpointId, place, method, direction, atEndPoint, actionDate, recordedBy, ip, clientId, createdAt, refusedReason, offRoute)
             SELECT t.id, r.id, r.userId, r.userType, p.id, p.name, 'qr', '${direction}', ${direction === "out" ? 1 : 0},
                    TIMESTAMP(${day}) + INTERVAL ${hours} HOUR + INTERVAL (t.id % 3600) SECOND, NULL, NULL, NULL,
                    TIMESTAMP(${day}) + INTERVAL ${hours} HOUR + INTERVAL (t.id % 3600) SECOND, NULL, 0
             FROM trekkers t JOIN registrations r ON r.id = t.registrationId
             JOIN (${ends}) e ON e.routeId = r.routeId
             JOIN trek_route_checkpoints p ON p.routeId = r.routeId AND p.position = e.${pos}
             WHERE t.id >= ${trekkerBase + from} AND t.id < ${trekkerBase + Math.min(TREKKERS, from + CHUNK)}
               AND t.deletedAt IS NULL AND t.cardNumber IS NOT NULL AND t.status IN (${statuses}) AND t.status = r.status`,
          );
        }
      }
    });

    // What checkposts also see (issue 30, item 1): a cancelled card shown at the first checkpoint on
    // its entry day, refused with the scanner's own reason (a sighting, ADR 0028), and one trekker
    // in fifty scanned mid-trek at a checkpoint of another route (recorded, flagged off-route).
    await step("refused and off-route scans", async () => {
      const firstOf = `SELECT routeId, MIN(position) AS firstPos FROM trek_route_checkpoints GROUP BY routeId`;
      await q(
        `INSERT INTO checkins (trekkerId, registrationId, ownerId, ownerType, checkpointId, place, method, direction, atEndPoint, actionDate, recordedBy, ip, clientId, createdAt, refusedReason, offRoute)
         SELECT t.id, r.id, r.userId, r.userType, p.id, p.name, 'qr', 'in', 0, TIMESTAMP(r.entryDate) + INTERVAL 5 HOUR, NULL, NULL, NULL,
                TIMESTAMP(r.entryDate) + INTERVAL 5 HOUR, 'This card was cancelled.', 0
         FROM trekkers t JOIN registrations r ON r.id = t.registrationId
         JOIN (${firstOf}) e ON e.routeId = r.routeId
         JOIN trek_route_checkpoints p ON p.routeId = r.routeId AND p.position = e.firstPos
         WHERE t.id >= ${trekkerBase} AND t.status = 'Cancelled' AND t.cardNumber IS NOT NULL AND t.id % 3 = 0 AND r.entryDate <= DATE(?)`,
        [today],
      );
      // Another route's first checkpoint, by a fixed step through the route ids (never the trek's own).
      const [routes] = (await q("SELECT id FROM trek_routes ORDER BY id")) as [{ id: number }[], unknown];
      const ids = routes.map((r) => Number(r.id));
      await q("CREATE TABLE bench_other (routeId INT PRIMARY KEY, otherId INT)");
      await q(
        `INSERT INTO bench_other VALUES ${ids.map(() => "(?, ?)").join(", ")}`,
        ids.flatMap((id, i) => [id, ids[(i + 7) % ids.length]]),
      );
      for (let from = 0; from < TREKKERS; from += CHUNK) {
        await q(
          `INSERT INTO checkins (trekkerId, registrationId, ownerId, ownerType, checkpointId, place, method, direction, atEndPoint, actionDate, recordedBy, ip, clientId, createdAt, refusedReason, offRoute)
           SELECT t.id, r.id, r.userId, r.userType, p.id, p.name, 'qr', 'in', 0, TIMESTAMP(r.entryDate) + INTERVAL 1 DAY + INTERVAL 9 HOUR, NULL, NULL, NULL,
                  TIMESTAMP(r.entryDate) + INTERVAL 1 DAY + INTERVAL 9 HOUR, NULL, 1
           FROM trekkers t JOIN registrations r ON r.id = t.registrationId
           JOIN bench_other o ON o.routeId = r.routeId
           JOIN (${firstOf}) e ON e.routeId = o.otherId
           JOIN trek_route_checkpoints p ON p.routeId = o.otherId AND p.position = e.firstPos
           WHERE t.id >= ${trekkerBase + from} AND t.id < ${trekkerBase + Math.min(TREKKERS, from + CHUNK)} AND t.id % 50 = 7
             AND t.deletedAt IS NULL AND t.cardNumber IS NOT NULL AND t.status IN ('Active', 'Completed') AND t.status = r.status
             AND r.exitDate > r.entryDate AND r.entryDate + INTERVAL 1 DAY <= DATE(?)`,
          [today],
        );
      }
      await q("DROP TABLE bench_other");
    });
  };
  await Promise.all([money(), trails()]);

  // The dashboard's per-day aggregates from the rows (ADR 0019), as `scripts/rebuild-stats.ts`
  // makes them, flat out: the dashboard shows the history and the ledger check's
  // daily-stats-equal-rebuild holds from the first start.
  await step("daily statistics", async () => {
    const { rebuildDailyStats } = await import("../modules/stats/index.server");
    await rebuildDailyStats(null, null, { pace: 0, lanes: 2 });
  });

  // The board's weekly chalan pushes of the last eight weeks, made by the chalan module itself (its
  // lines and card ranges), with the ERP's answers as its push job records them: one line in
  // forty refused for a customer code the ERP does not know, its cards freed for a later push.
  await step("chalan pushes (8 weeks)", async () => {
    const { startPush, PUSH_JOB } = await import("../modules/chalan/index.server");
    const dayOf = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    for (let week = 8; week >= 1; week--) {
      const pushId = await startPush({ startDate: dayOf(-7 * week), endDate: dayOf(-7 * week + 6), userId: null });
      const refused = `SELECT id FROM (SELECT id FROM chalan_lines WHERE pushId = ${pushId} AND id % 40 = 0) x`;
      await q(`DELETE FROM chalan_cards WHERE lineId IN (${refused})`);
      await q(`DELETE FROM chalan_credit_cards WHERE lineId IN (${refused})`);
      await q(
        `UPDATE chalan_lines SET status = IF(id % 40 = 0, 'refused', 'pushed'), pushedAt = IF(id % 40 = 0, NULL, NOW()),
                customerCodeError = IF(id % 40 = 0, 'Customer code not found', ''), dateError = '', itemCodeError = '', cardError = ''
         WHERE pushId = ${pushId}`,
      );
      await q(
        `UPDATE chalan_pushes SET status = 'done', activeSlot = NULL,
                pushedLines = (SELECT COUNT(*) FROM chalan_lines WHERE pushId = ${pushId} AND status = 'pushed'),
                refusedLines = (SELECT COUNT(*) FROM chalan_lines WHERE pushId = ${pushId} AND status = 'refused')
         WHERE id = ${pushId}`,
      );
    }
    // Their jobs were done by the answers above.
    await q("DELETE FROM jobs WHERE name = ?", [PUSH_JOB]);
  });

  await step("analyze", async () => {
    for (const t of ["bench_routes", "bench_days", "bench_numbers", "bench_names", "bench_name_tokens", "bench_groups", "bench_nation"])
      await q(`DROP TABLE ${t}`);
    for (const t of ["users", "registrations", "trekkers", "trekker_name_tokens", "vouchers", "bills", "payment_attempts", "card_events"])
      await q(`ANALYZE TABLE ${t}`);
  });

  const counts = await one<Record<string, number>>(
    "SELECT (SELECT COUNT(*) FROM trekkers) AS trekkers, (SELECT COUNT(*) FROM chalan_lines) AS chalanLines, (SELECT COUNT(*) FROM checkins WHERE refusedReason IS NOT NULL) AS refusedScans, (SELECT COUNT(*) FROM checkins WHERE offRoute = 1) AS offRouteScans, (SELECT COUNT(*) FROM registrations) AS registrations, (SELECT COUNT(*) FROM users) AS users, (SELECT COUNT(*) FROM bills) AS bills, (SELECT COUNT(*) FROM payment_refunds) AS refunds, (SELECT COUNT(*) FROM payment_refunds WHERE status = 'refunded') AS refunded, (SELECT COUNT(*) FROM vouchers) AS vouchers, (SELECT COUNT(*) FROM card_events) AS cardEvents, (SELECT COUNT(*) FROM checkins) AS checkins",
  );
  console.log(
    `Rows: ${Object.entries(counts)
      .map(([k, v]) => `${k} ${Number(v).toLocaleString("en")}`)
      .join(", ")}`,
  );
  console.log(`Largest agency: user ${userBase} (agency0@scale.test, the demo password)`);
  console.log(`Seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await sequelize.close();
}

await main();
