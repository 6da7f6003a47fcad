import { Op, type Transaction } from "sequelize";
import { isIsoDate, kathmanduDate } from "@lib/dates";
import { BodyTooLargeError, readText } from "@lib/multipart.server";
import { writeTransaction } from "../../../db/sequelize.server";
import { erpConfig, type ErpConfig } from "../erp/config.server";
import { ERP_BATCH_LIMIT, ERP_CHALAN_PATH, type ErpResult, type ErpRow, type ErpRowErrors } from "../erp/protocol";
import { ALL_ITEM_CODES } from "../item-codes";
import { ErpSimRow } from "./store.server";

/**
 * A local stand-in for the board's ERP sales API (README.md "The ERP protocol"), served under
 * /sim/erp in the embedded mode only (app/routes/sim.erp.$.tsx). It checks the API key, keeps
 * the rows it accepted (erp_sim_rows) by idempotency key, refuses what a real ledger would (a card
 * sold twice, a credit of cards its sale did not sell or already credited), limits
 * the request rate, and fails on demand so the adapter's retries can be tested.
 */

interface Faults {
  /** Answer 503 to the next n requests. */
  failNext: number;
  /** Answer 503 to every n-th request (0: never); ERP_SIM_FAIL_EVERY by default. */
  failEvery: number | null;
}
const faults: Faults = { failNext: 0, failEvery: null };
let requestCount = 0;
const recent: number[] = [];

/** For tests: make the simulator fail (503) the next `failNext` requests, or every `failEvery`-th. */
export function setErpSimulatorFaults(next: Partial<Faults>): void {
  Object.assign(faults, next);
}

export function resetErpSimulator(): void {
  faults.failNext = 0;
  faults.failEvery = null;
  requestCount = 0;
  recent.length = 0;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers } });

/** Room for a full batch of rows (about 200 bytes each). */
const SIM_MAX_BYTES = 512 * 1024;

const CUSTOMER_CODE = /^(\d{9}|FIT|NTB|CP-\d+)$/;

const isDate = isIsoDate;

const kindOf = (row: ErpRow) => row.type ?? "sale";

/** The row's own faults, before the ledger is consulted. */
export function rowErrors(row: ErpRow, today = kathmanduDate()): ErpRowErrors {
  const errors: ErpRowErrors = {};
  const credit = row.type === "credit";
  if (row.type !== undefined && row.type !== "sale" && !credit) errors.type = "Unknown row type";
  if (!isDate(row.sales_chalan_date)) errors.sales_chalan_date = "Not a date";
  else if (row.sales_chalan_date > today) errors.sales_chalan_date = "Date is in the future";
  if (typeof row.customer_code !== "string" || row.customer_code.trim() === "") errors.customer_code = "Customer code is empty";
  else if (!CUSTOMER_CODE.test(row.customer_code)) errors.customer_code = "Unknown customer code";
  if (!ALL_ITEM_CODES.includes(row.item_code)) errors.item_code = "Unknown item code";
  const from = row.card_nofrom;
  const to = row.card_noto;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from <= 0) errors.card = "Card numbers must be positive whole numbers";
  else if (to < from) errors.card = "card_noto is before card_nofrom";
  else if (!credit && row.qty !== to - from + 1) errors.card = "qty does not match the card range";
  else if (credit && row.qty !== -(to - from + 1)) errors.card = "A credit's qty must be minus the number of its cards";
  if (credit) {
    if (typeof row.reverses_key !== "string" || !row.reverses_key) errors.reverses_key = "A credit must name the sale it reverses";
    if (!isDate(row.credit_date)) errors.credit_date = "Not a date";
    else if (row.credit_date > today) errors.credit_date = "Date is in the future";
    else if (isDate(row.sales_chalan_date) && row.credit_date < row.sales_chalan_date) errors.credit_date = "Before the sale it reverses";
  }
  return errors;
}

/** The one accepted range of this kind that can overlap [from, to]: accepted ranges of a kind never overlap. */
const lastStartingBy = (kind: "sale" | "credit", to: number, transaction: Transaction) =>
  ErpSimRow.findOne({ where: { kind, cardFrom: { [Op.lte]: to } }, order: [["cardFrom", "DESC"]], attributes: ["cardFrom", "cardTo"], transaction });

/**
 * What the ledger says of a row without faults of its own: a sale's cards were sold under no
 * other key; a credit reverses cards of one accepted sale (same customer, item and date) that
 * no other credit reversed.
 */
async function ledgerErrors(row: ErpRow, transaction: Transaction): Promise<ErpRowErrors> {
  const errors: ErpRowErrors = {};
  if (kindOf(row) === "sale") {
    const before = await lastStartingBy("sale", row.card_noto, transaction);
    if (before && before.cardTo >= row.card_nofrom) errors.card = `Card numbers ${before.cardFrom}-${before.cardTo} were already accepted under another key`;
    return errors;
  }
  const sale = await ErpSimRow.findOne({ where: { idemKey: row.reverses_key!, kind: "sale" }, transaction });
  if (!sale) {
    errors.reverses_key = "No sale was accepted under this key";
    return errors;
  }
  if (row.card_nofrom < sale.cardFrom || row.card_noto > sale.cardTo)
    errors.card = `Not all of these cards are in the sale reversed (${sale.cardFrom}-${sale.cardTo})`;
  if (row.customer_code !== sale.customerCode) errors.customer_code = "Not the customer of the sale reversed";
  if (row.item_code !== sale.itemCode) errors.item_code = "Not the item of the sale reversed";
  if (row.sales_chalan_date !== sale.salesDate) errors.sales_chalan_date = "Not the date of the sale reversed";
  if (!errors.card) {
    const before = await lastStartingBy("credit", row.card_noto, transaction);
    if (before && before.cardTo >= row.card_nofrom) errors.card = `Card numbers ${before.cardFrom}-${before.cardTo} were already credited under another key`;
  }
  return errors;
}

function rateLimited(limit: number, now = Date.now()): boolean {
  while (recent.length && recent[0] <= now - 1000) recent.shift();
  if (limit > 0 && recent.length >= limit) return true;
  recent.push(now);
  return false;
}

/** Answers one request under /sim/erp. */
export async function handleErpSimulatorRequest(request: Request, config: ErpConfig = erpConfig()): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/^.*?\/sim\/erp/, "").replace(/\/+$/, "") || "/";
  if (path !== ERP_CHALAN_PATH) return json({ error: "not_found" }, 404);
  if (request.method !== "POST") return json({ error: "method_not_allowed" }, 405, { Allow: "POST" });
  if (request.headers.get("Authorization") !== `Bearer ${config.apiKey}`) return json({ error: "unauthorized", message: "A valid API key is required" }, 401);
  if (rateLimited(config.simRatePerSecond)) return json({ error: "rate_limited", message: "Too many requests" }, 429, { "Retry-After": "1" });
  requestCount++;
  const every = faults.failEvery ?? config.simFailEvery;
  if (faults.failNext > 0 || (every > 0 && requestCount % every === 0)) {
    if (faults.failNext > 0) faults.failNext--;
    return json({ error: "unavailable", message: "The ERP is temporarily unavailable" }, 503);
  }
  let body: { rows?: unknown } | null;
  try {
    body = JSON.parse(await readText(request, SIM_MAX_BYTES)) as { rows?: unknown } | null;
  } catch (error) {
    if (error instanceof BodyTooLargeError) return json({ error: "too_large", message: `At most ${ERP_BATCH_LIMIT} rows per request` }, 413);
    body = null;
  }
  const rows = body?.rows;
  if (
    !Array.isArray(rows) ||
    rows.some((r) => !r || typeof r !== "object" || typeof (r as ErpRow).key !== "string" || !(r as ErpRow).key || (r as ErpRow).key.length > 100)
  ) {
    return json({ error: "bad_request", message: "rows must be an array of rows, each with a key" }, 400);
  }
  if (rows.length > ERP_BATCH_LIMIT) return json({ error: "too_large", message: `At most ${ERP_BATCH_LIMIT} rows per request` }, 413);
  const results = await writeTransaction(async (transaction) => {
    const out: ErpResult[] = [];
    const known = new Set(
      (await ErpSimRow.findAll({ where: { idemKey: { [Op.in]: rows.map((r: ErpRow) => r.key) } }, attributes: ["idemKey"], transaction })).map(
        (r) => r.idemKey,
      ),
    );
    for (const row of rows as ErpRow[]) {
      if (known.has(row.key)) {
        out.push({ key: row.key, status: "duplicate" });
        continue;
      }
      let errors = rowErrors(row);
      if (!Object.keys(errors).length) errors = await ledgerErrors(row, transaction);
      if (Object.keys(errors).length) {
        out.push({ key: row.key, status: "rejected", errors });
        continue;
      }
      await ErpSimRow.create(
        {
          idemKey: row.key,
          salesDate: row.sales_chalan_date,
          customerCode: row.customer_code,
          itemCode: row.item_code,
          cardFrom: row.card_nofrom,
          cardTo: row.card_noto,
          qty: row.qty,
          kind: kindOf(row),
          reversesKey: kindOf(row) === "credit" ? row.reverses_key! : null,
          creditDate: kindOf(row) === "credit" ? row.credit_date! : null,
        },
        { transaction },
      );
      known.add(row.key);
      out.push({ key: row.key, status: "accepted" });
    }
    return out;
  });
  return json({ results });
}

/** The simulator's ledger size (tests, bench): rows accepted, cards sold net of credits, and credit rows. */
export async function erpSimulatorTotals(): Promise<{ rows: number; cards: number; credits: number }> {
  const rows = await ErpSimRow.count();
  const cards = Number((await ErpSimRow.sum("qty")) ?? 0);
  const credits = await ErpSimRow.count({ where: { kind: "credit" } });
  return { rows, cards, credits };
}
