import { QueryTypes, type Transaction } from "sequelize";
import { isSqlite, sequelize } from "../../db/sequelize.server";
import { FIRST_CARD_NUMBER } from "@modules/cards/index.server";
import { ISSUE_ACTIONS, dailyStatsDrift, nepalDaySql } from "@modules/stats/index.server";

/**
 * The invariants that tie money to cards (issue 25, item 4; docs/ledger.md), each a read of the
 * owners' tables in SQL (docs/adr/0039-ledger-read-only-check.md): counts and anti-joins over
 * indexes, never every row into memory. Nothing here writes.
 */

export interface Violations {
  count: number;
  /** A few of the rows at fault, as "<what> <id>". */
  examples: string[];
}

export interface Invariant {
  name: string;
  /** The one-line rule, as docs/ledger.md states it. */
  rule: string;
  /** Reads inside `transaction`, so every statement of a run sees the same instant. */
  find(examples: number, transaction: Transaction): Promise<Violations>;
}

// The card_events action of a card bought by a payment; the other actions of ISSUE_ACTIONS
// (generate) give a number without one.
const SALE = "issue";
const quoted = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ");
const NUMBERING = quoted(ISSUE_ACTIONS);
// Money captured: the gateway said paid (success), or paid for a registration that had no use for it (duplicate).
const SETTLED_ATTEMPT = "a.status IN ('success', 'duplicate')";
const SETTLED_VOUCHER = "v.isVerified = 1";
const VALID_ON_TRAIL = "('Upcoming', 'Active')";
const sold = (trekker: string) => `EXISTS (SELECT 1 FROM card_events se WHERE se.trekkerId = ${trekker}.id AND se.action = '${SALE}')`;

const select = <T extends object>(transaction: Transaction, sql: string, replacements: Record<string, unknown> = {}) =>
  sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT, transaction });

/**
 * An invariant whose violations are the rows of one SELECT with columns `kind` (a literal naming
 * the row: "trekker", "bill"…) and `id`: the first few and their count (a window) in one pass.
 */
function rowsOf(name: string, rule: string, sql: () => string): Invariant {
  return {
    name,
    rule,
    async find(examples, transaction) {
      const rows = await select<{ kind: string; id: number; total: number }>(
        transaction,
        `SELECT kind, id, COUNT(*) OVER () AS total FROM (${sql()}) v ORDER BY id LIMIT ${examples}`,
      );
      return { count: rows.length ? Number(rows[0].total) : 0, examples: rows.map((r) => `${r.kind} ${r.id}`) };
    },
  };
}

const cardPaidOrGenerated = rowsOf(
  "card-paid-or-generated",
  "every card with a number has exactly one issuing record: a generate record, or an issue on payment whose registration has exactly one bill, paid by a settled payment",
  () => `SELECT 'trekker' AS kind, t.id AS id FROM trekkers t
    WHERE t.cardNumber IS NOT NULL AND (
      (SELECT COUNT(*) FROM card_events e WHERE e.trekkerId = t.id AND e.action IN (${NUMBERING})) <> 1
      OR (${sold("t")} AND (
        (SELECT COUNT(*) FROM bills b WHERE b.registrationId = t.registrationId) <> 1
        OR NOT EXISTS (SELECT 1 FROM bills b WHERE b.registrationId = t.registrationId AND (
          EXISTS (SELECT 1 FROM payment_attempts a WHERE a.id = b.attemptId AND ${SETTLED_ATTEMPT})
          OR EXISTS (SELECT 1 FROM vouchers v WHERE v.id = b.voucherId AND ${SETTLED_VOUCHER}))))))`,
);

// A payment keeps its money unless a refund (due or done) names it.
const keptAttempt = "NOT EXISTS (SELECT 1 FROM payment_refunds f WHERE f.attemptId = a.id)";
const keptVoucher = "NOT EXISTS (SELECT 1 FROM payment_refunds f WHERE f.voucherId = v.id)";

const extraPaymentRefunded: Invariant = {
  name: "extra-payment-refunded",
  rule: "every settled payment beyond the first for a registration (gateway or voucher) has a refund due or a refund: at most one payment per registration keeps its money",
  async find(examples, transaction) {
    const perRegistration = `SELECT p.registrationId AS id, COUNT(*) - 1 AS extra FROM (
        SELECT a.registrationId FROM payment_attempts a WHERE ${SETTLED_ATTEMPT} AND ${keptAttempt}
        UNION ALL
        SELECT v.registrationId FROM vouchers v WHERE ${SETTLED_VOUCHER} AND ${keptVoucher}
      ) p GROUP BY p.registrationId HAVING COUNT(*) > 1`;
    const [{ n }] = await select<{ n: number | null }>(transaction, `SELECT SUM(extra) AS n FROM (${perRegistration}) x`);
    if (!Number(n)) return { count: 0, examples: [] };
    const rows = await select<{ id: number; extra: number }>(transaction, `${perRegistration} ORDER BY id LIMIT ${examples}`);
    return { count: Number(n), examples: rows.map((r) => `registration ${r.id} (${Number(r.extra) + 1} payments kept)`) };
  },
};

/**
 * The fee table as the registration module applies it (fees.ts), for every user type and price
 * region (the lookups' user_types and regions): the most specific rule's amount. A few dozen
 * rows, worked out once per run, which the bills' cards then join on (the GROUP BY keeps MariaDB
 * from merging it into the join, which ran the rule lookup once per card: 9 s instead of 1 at
 * 100,000 trekkers).
 */
/** The fee table as rows (userType, regionId, fee): the most specific fee rule of each pair. bench/seed-scale.ts prices its trekkers by it. */
export const FEES = `SELECT u.id AS userType, g.id AS regionId,
    (SELECT f.amountPaisa FROM fee_rules f
      WHERE (f.userType IS NULL OR f.userType = u.id) AND (f.regionId IS NULL OR f.regionId = g.id)
      ORDER BY (CASE WHEN f.userType IS NULL THEN 0 ELSE 2 END) + (CASE WHEN f.regionId IS NULL THEN 0 ELSE 1 END) DESC, f.id LIMIT 1) AS fee
  FROM user_types u CROSS JOIN regions g GROUP BY u.id, g.id`;

/**
 * A card's price region: a child (type 5) is region 5, anyone else their country's region (2,
 * Others, when the country is unknown), as registration's priceRegion does. The registering
 * user's type picks the rule. fee_rules keeps no history: the one table is that of every bill's
 * date.
 */
const billEqualsFees = rowsOf(
  "bill-equals-fees",
  "a bill's amount equals the fees of its cards (those its payment issued) by the fee table",
  () => `SELECT 'bill' AS kind, b.id AS id
    FROM bills b JOIN registrations r ON r.id = b.registrationId
    LEFT JOIN trekkers t ON t.registrationId = b.registrationId AND t.cardNumber IS NOT NULL AND ${sold("t")}
    LEFT JOIN countries c ON c.id = t.nationality
    LEFT JOIN (${FEES}) p ON p.userType = r.userType AND p.regionId = CASE WHEN t.trekkerType = 5 THEN 5 ELSE COALESCE(c.regionId, 2) END
    GROUP BY b.id, b.amountPaisa
    HAVING b.amountPaisa <> COALESCE(SUM(p.fee), 0) OR COUNT(t.id) <> COUNT(p.fee)`,
);

// A registration whose live trekkers all hold a number, and at least one does.
const cardsIssued = (registrationId: string) =>
  `NOT EXISTS (SELECT 1 FROM trekkers t WHERE t.registrationId = ${registrationId} AND t.deletedAt IS NULL AND t.cardNumber IS NULL)
   AND EXISTS (SELECT 1 FROM trekkers t WHERE t.registrationId = ${registrationId} AND t.cardNumber IS NOT NULL)`;

/**
 * Per registration: when a payment keeps its money (gateway or an approved voucher, no refund
 * naming it), a bill names one such payment and the registration's cards are issued. How many
 * payments keep their money is extra-payment-refunded's question, not this one's.
 */
const paymentHasBillAndCards = rowsOf(
  "payment-has-bill-and-cards",
  "no settled payment that keeps its money (gateway, or an approved voucher) lacks its bill and its registration's cards",
  () => `SELECT 'registration' AS kind, k.registrationId AS id FROM (
      SELECT p.registrationId, MAX(p.billed) AS billed FROM (
        SELECT a.registrationId, CASE WHEN EXISTS (SELECT 1 FROM bills b WHERE b.registrationId = a.registrationId AND b.attemptId = a.id) THEN 1 ELSE 0 END AS billed
          FROM payment_attempts a WHERE ${SETTLED_ATTEMPT} AND ${keptAttempt}
        UNION ALL
        SELECT v.registrationId, CASE WHEN EXISTS (SELECT 1 FROM bills b WHERE b.registrationId = v.registrationId AND b.voucherId = v.id) THEN 1 ELSE 0 END
          FROM vouchers v WHERE ${SETTLED_VOUCHER} AND ${keptVoucher}
      ) p GROUP BY p.registrationId
    ) k WHERE k.billed = 0 OR NOT (${cardsIssued("k.registrationId")})`,
);

/**
 * Numbers that must run without a gap from `first` to `end` (exclusive; null: to the largest),
 * each once: held twice, outside the range, or missing is a violation. `numbers` is a SELECT of
 * one column `n`. The gaps are found by comparing each number with the one before it (a window
 * over the sorted numbers), not by a self-join.
 */
async function gapFree(
  transaction: Transaction,
  numbers: string,
  first: number,
  end: number | null,
  label: (n: number) => string,
  examples: number,
  replacements: Record<string, unknown> = {},
): Promise<Violations> {
  const upper = end === null ? "" : ` AND n < ${end}`;
  const [stats] = await select<{ held: number; distinctHeld: number; outside: number; top: number | null }>(
    transaction,
    `SELECT COUNT(CASE WHEN n >= ${first}${upper} THEN 1 END) AS held, COUNT(DISTINCT CASE WHEN n >= ${first}${upper} THEN n END) AS distinctHeld,
            COUNT(CASE WHEN n < ${first}${end === null ? "" : ` OR n >= ${end}`} THEN 1 END) AS outside, MAX(n) AS top
       FROM (${numbers}) s`,
    replacements,
  );
  const last = end === null ? Number(stats.top ?? first - 1) + 1 : end;
  const twice = Number(stats.held) - Number(stats.distinctHeld);
  const missing = Math.max(0, last - first - Number(stats.distinctHeld));
  const outside = Number(stats.outside);
  const count = twice + missing + outside;
  if (!count) return { count: 0, examples: [] };
  const found: string[] = [];
  if (missing) {
    const gaps = await select<{ after: number | null; n: number }>(
      transaction,
      `SELECT prev AS after, n FROM (SELECT n, LAG(n) OVER (ORDER BY n) AS prev FROM (SELECT DISTINCT n FROM (${numbers}) s WHERE n >= ${first}${upper}) d) w
        WHERE (prev IS NULL AND n > ${first}) OR n - prev > 1 ORDER BY n LIMIT ${examples}`,
      replacements,
    );
    for (const g of gaps) found.push(`${label(g.after === null ? first : Number(g.after) + 1)} missing`);
    const [{ top }] = await select<{ top: number | null }>(transaction, `SELECT MAX(n) AS top FROM (${numbers}) s WHERE n >= ${first}${upper}`, replacements);
    if (top === null || Number(top) < last - 1) found.push(`${label(top === null ? first : Number(top) + 1)} missing`);
  }
  if (twice) {
    const rows = await select<{ n: number }>(
      transaction,
      `SELECT n FROM (${numbers}) s GROUP BY n HAVING COUNT(*) > 1 ORDER BY n LIMIT ${examples}`,
      replacements,
    );
    for (const r of rows) found.push(`${label(Number(r.n))} held twice`);
  }
  if (outside) {
    const rows = await select<{ n: number }>(
      transaction,
      `SELECT n FROM (${numbers}) s WHERE n < ${first}${end === null ? "" : ` OR n >= ${end}`} ORDER BY n LIMIT ${examples}`,
      replacements,
    );
    for (const r of rows) found.push(`${label(Number(r.n))} outside ${first}..${last - 1}`);
  }
  return { count, examples: found.slice(0, examples) };
}

const cardNumbers: Invariant = {
  name: "card-numbers-unique-gap-free",
  rule: "card numbers are unique and run without a gap from the first number to the counter's next",
  async find(examples, transaction) {
    const [counter] = await select<{ next: number }>(transaction, "SELECT next FROM card_counter WHERE id = 1");
    const next = counter ? Number(counter.next) : FIRST_CARD_NUMBER;
    return gapFree(
      transaction,
      "SELECT cardNumber AS n FROM trekkers WHERE cardNumber IS NOT NULL",
      FIRST_CARD_NUMBER,
      next,
      (n) => `card number ${n}`,
      examples,
    );
  },
};

/**
 * Every invoice number (the bills'), as a number: "INV-" and digits. A voided bill explains its
 * number by keeping it: a voided bill kept in `bills` counts as it is; one recorded elsewhere
 * joins this union (docs/ledger.md).
 */
const INVOICE_NUMBERS = "SELECT invoiceNumber FROM bills";
const wellFormed = (col: string) => (isSqlite() ? `(${col} GLOB 'INV-[0-9]*' AND SUBSTR(${col}, 5) NOT GLOB '*[^0-9]*')` : `${col} REGEXP '^INV-[0-9]+$'`);
const invoiceValue = (col: string) => `CAST(SUBSTR(${col}, 5) AS ${isSqlite() ? "INTEGER" : "UNSIGNED"})`;
const invoiceText = (n: number) => `INV-${String(n).padStart(7, "0")}`;

const invoiceNumbers: Invariant = {
  name: "invoice-numbers-unique-gap-free",
  rule: "invoice numbers (INV-nnnnnnn) are unique and run without a gap from INV-0000001, each gap explained by a voided bill",
  async find(examples, transaction) {
    const malformed = `SELECT b.id AS id FROM bills b WHERE NOT ${wellFormed("b.invoiceNumber")}`;
    const numbers = await gapFree(
      transaction,
      `SELECT ${invoiceValue("i.invoiceNumber")} AS n FROM (${INVOICE_NUMBERS}) i WHERE ${wellFormed("i.invoiceNumber")}`,
      1,
      null,
      invoiceText,
      examples,
    );
    const [{ n }] = await select<{ n: number }>(transaction, `SELECT COUNT(*) AS n FROM (${malformed}) m`);
    if (!Number(n)) return numbers;
    const rows = await select<{ id: number }>(transaction, `${malformed} ORDER BY b.id LIMIT ${examples}`);
    return {
      count: numbers.count + Number(n),
      examples: [...numbers.examples, ...rows.map((r) => `bill ${r.id} malformed invoice number`)].slice(0, examples),
    };
  },
};

/**
 * Sold and not given back: issued by its registration's payment, whose bill's payment has no refund
 * (modules/payments/sale-facts.server.ts). Scalar subqueries, not EXISTS: checked per chalan line,
 * EXISTS let MariaDB turn the bills test into a semi-join that read every bill for each line
 * (13,000 lines × 270,000 bills at 1M trekkers: over half an hour on the database's CPU, which the
 * worker's ledger job held through bench/peak-hour.ts's whole run).
 */
const soldNow = (t: string) => `((SELECT 1 FROM card_events se WHERE se.trekkerId = ${t}.id AND se.action = '${SALE}' LIMIT 1) IS NOT NULL
  AND (SELECT 1 FROM bills b WHERE b.registrationId = ${t}.registrationId
    AND NOT EXISTS (SELECT 1 FROM payment_refunds r WHERE r.registrationId = b.registrationId
      AND ((b.attemptId IS NOT NULL AND r.attemptId = b.attemptId) OR (b.voucherId IS NOT NULL AND r.voucherId = b.voucherId))) LIMIT 1) IS NOT NULL)`;

const CREDITED = (card: string) => `EXISTS (SELECT 1 FROM chalan_credit_cards ccc JOIN chalan_lines cl ON cl.id = ccc.lineId
  WHERE ccc.cardNumber = ${card} AND cl.status IN ('pending', 'pushed'))`;

/**
 * The chalan carries sales only (modules/chalan/README.md): a sale line holds exactly the card
 * numbers of its range; what it sold, less the credits that reverse it, is what is still sold in
 * its range, plus any card refunded since that the next push owes a credit. A credit line holds
 * exactly its range's cards, as a negative quantity, each card credited at most once.
 */
const chalanLines = rowsOf(
  "chalan-line-equals-cards",
  "every pending or pushed chalan line holds exactly its range's card numbers; a sale line's quantity, less its credits, equals the cards still sold in its range (plus refunds the next push owes a credit); each card is in at most one sale and one credit line",
  () => `SELECT 'line' AS kind, l.id AS id FROM chalan_lines l
      WHERE l.kind = 'sale' AND l.status IN ('pending', 'pushed') AND (
        l.qty <> l.cardTo - l.cardFrom + 1
        OR l.qty <> (SELECT COUNT(*) FROM chalan_cards cc WHERE cc.lineId = l.id AND cc.cardNumber BETWEEN l.cardFrom AND l.cardTo)
        -- The cards still sold in its range, read through the line's own cards: once the two
        -- tests above hold, every number of the range is one of them (a card is in one line), and
        -- a range read of trekkers per line is a whole-table read per line on MariaDB.
        OR l.qty + COALESCE((SELECT SUM(c.qty) FROM chalan_lines c WHERE c.kind = 'credit' AND c.reversesLineId = l.id AND c.status IN ('pending', 'pushed')), 0)
           <> (SELECT COUNT(*) FROM chalan_cards cc JOIN trekkers t ON t.cardNumber = cc.cardNumber
                WHERE cc.lineId = l.id AND (${soldNow("t")} OR NOT ${CREDITED("cc.cardNumber")})))
    UNION ALL
    SELECT 'credit line' AS kind, l.id AS id FROM chalan_lines l
      WHERE l.kind = 'credit' AND l.status IN ('pending', 'pushed') AND (
        l.qty <> -(l.cardTo - l.cardFrom + 1)
        OR -l.qty <> (SELECT COUNT(*) FROM chalan_credit_cards ccc WHERE ccc.lineId = l.id AND ccc.cardNumber BETWEEN l.cardFrom AND l.cardTo))
    UNION ALL
    SELECT 'chalan card' AS kind, cc.cardNumber AS id FROM chalan_cards cc LEFT JOIN chalan_lines l ON l.id = cc.lineId
      WHERE l.id IS NULL OR l.kind <> 'sale' OR l.status NOT IN ('pending', 'pushed') OR cc.cardNumber NOT BETWEEN l.cardFrom AND l.cardTo`,
);

/**
 * A check-in (not a refused scan) on a card that was not good on the trail at its instant: the
 * card's status then (its last move before the instant; a move at the very instant that made it
 * good counts, as a database that keeps whole seconds cannot order them) was not Upcoming or
 * Active, its record was deleted, or the Nepal day was outside the trek's dates.
 */
const checkinOnValidCard = rowsOf(
  "checkin-on-valid-card",
  "no check-in (refused scans aside) on a card that was not valid at that moment: issued, Upcoming or Active, not deleted, within its trek's dates",
  () => `SELECT 'check-in' AS kind, c.id AS id FROM checkins c
      JOIN trekkers t ON t.id = c.trekkerId JOIN registrations r ON r.id = t.registrationId
      WHERE c.refusedReason IS NULL AND (
        t.cardNumber IS NULL
        OR (t.deletedAt IS NOT NULL AND t.deletedAt <= c.actionDate)
        OR ${nepalDaySql("c.actionDate", isSqlite())} < r.entryDate
        OR ${nepalDaySql("c.actionDate", isSqlite())} > r.exitDate
        OR NOT (
          COALESCE((SELECT e.toStatus FROM card_events e WHERE e.trekkerId = c.trekkerId AND e.createdAt < c.actionDate ORDER BY e.createdAt DESC, e.id DESC LIMIT 1), '') IN ${VALID_ON_TRAIL}
          OR EXISTS (SELECT 1 FROM card_events e WHERE e.trekkerId = c.trekkerId AND e.createdAt = c.actionDate AND e.toStatus IN ${VALID_ON_TRAIL})))`,
);

const dailyStats: Invariant = {
  name: "daily-stats-equal-rebuild",
  rule: "daily_stats equals its rebuild from the source tables (card_events, bills with their trekkers, checkins)",
  async find(examples, transaction) {
    const drift = await dailyStatsDrift(examples, transaction);
    const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
    return {
      count: drift.count,
      examples: drift.rows.map(
        (d) =>
          `${d.metric} ${d.day} route ${d.routeId} nationality ${d.nationality} agency ${d.agencyId}${d.dim ? ` ${d.dim}` : ""}: count ${signed(d.countDiff)}, amount ${signed(d.amountDiff)} against the rebuild`,
      ),
    };
  },
};

/** In the order docs/ledger.md lists them. */
export const INVARIANTS: readonly Invariant[] = [
  cardPaidOrGenerated,
  extraPaymentRefunded,
  billEqualsFees,
  paymentHasBillAndCards,
  cardNumbers,
  invoiceNumbers,
  chalanLines,
  checkinOnValidCard,
  dailyStats,
];
