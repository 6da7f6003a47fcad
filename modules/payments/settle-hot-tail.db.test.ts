import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { pendingPayment, settlePayment } from "../../tests/factories/payments";
import { makeRoute } from "../../tests/factories/registrations";
import { countStatements } from "../../db/statements.server";
import { cardNumbersOf } from "@modules/registration/index.server";
import { checkInvoiceNumbers } from "./index.server";

// Every payment locks the card and invoice counters (MySQL) from its first write to either until
// its commit, so concurrent payments queue for that window; each statement in it is a round trip
// through a busy web process (ADR 0052, ADR 0055). The window holds only what needs the numbers.

let routeId = 0;
beforeAll(async () => {
  await prepareTestDatabase();
  routeId = (await makeRoute("Tail Route")).id;
});

describe("the settlement's locked tail", () => {
  it("takes each counter in one statement and writes only what needs the numbers before the commit", async () => {
    const p = await pendingPayment(routeId, { count: 3 });
    const { result, statements } = await countStatements(() => settlePayment(p));
    expect(result).toBe("issued");
    const sql = statements.map((s) => s.sql.replace(/\s+/g, " ").trim());
    const first = sql.findIndex((s) => /card_counter|invoice_counter/.test(s));
    const commit = sql.findIndex((s, i) => i > first && /^COMMIT/i.test(s));
    expect(first).toBeGreaterThan(0);
    const tail = sql.slice(first, commit);
    // The two counters, the cards' numbers, the bill, the receipt's job row, the day's statistics.
    expect(tail.filter((s) => /_counter/.test(s))).toHaveLength(2);
    expect(tail.some((s) => /^SELECT/i.test(s))).toBe(false);
    expect(tail.length).toBeLessThanOrEqual(6);
    // The registration row is read (and locked) once: the cards' issue and its notice take it
    // from the settlement instead of reading it again.
    expect(sql.filter((s) => /^SELECT .* FROM `registrations`/.test(s))).toHaveLength(1);
    // The whole settlement, BEGIN and COMMIT included: 25 before ADR 0055, 21 after.
    expect(sql.length).toBeLessThanOrEqual(21);

    const numbers = (await cardNumbersOf(p.regId)).map((c) => c.cardNumber);
    expect(numbers.every((n) => n !== null)).toBe(true);
    // Consecutive: taken together from one advance of the counter.
    const sorted = (numbers as number[]).sort((a, b) => a - b);
    expect(sorted[2] - sorted[0]).toBe(2);
    const invoices = await checkInvoiceNumbers();
    expect(invoices.unexplained).toEqual([]);
    expect(invoices.duplicates).toEqual([]);
    expect(invoices.counterBehind).toBe(false);
  });
});
