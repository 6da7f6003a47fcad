import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { customerChalanSchema, pushChalanSchema } from "./schemas";
import { compareCards, rangesOf } from "./rules";
import { erpClient } from "./erp/client.server";

const form = (entries: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.set(k, v);
  return f;
};
const errors = (schema: typeof pushChalanSchema | typeof customerChalanSchema, entries: Record<string, string>) => {
  const s = parseWithZod(form(entries), { schema });
  return s.status === "success" ? {} : s.error;
};

describe("the chalan's date rules", () => {
  it("push and TIMS chalan: both dates required, end not before start", () => {
    expect(errors(pushChalanSchema, { intent: "verify" })).toEqual({ startDate: ["Start Date is required"], endDate: ["End Date is required"] });
    expect(errors(pushChalanSchema, { intent: "generate", startDate: "2026-11-02", endDate: "2026-11-01" })).toEqual({
      endDate: ["End Date must be on or after Start Date"],
    });
    expect(errors(pushChalanSchema, { intent: "generate", startDate: "2026-02-30", endDate: "2026-03-01" })).toEqual({
      startDate: ["Enter a date as YYYY-MM-DD"],
    });
    expect(errors(pushChalanSchema, { intent: "verify", startDate: "2026-11-01", endDate: "2026-11-01" })).toEqual({});
  });

  it("a date that is no date at all is refused with the same message (issue 26: 0000-00-00 threw, a 500)", () => {
    for (const bad of ["0000-00-00", "9999-99-99", "2026-13-01", "0999-12-31"]) {
      expect(errors(pushChalanSchema, { intent: "verify", startDate: bad, endDate: "2026-11-01" })?.startDate).toEqual(["Enter a date as YYYY-MM-DD"]);
      expect(errors(customerChalanSchema, { intent: "customer", startDate: "2026-11-01", endDate: bad })?.endDate).toContain("Enter a date as YYYY-MM-DD");
    }
  });

  it("customer: both or neither", () => {
    expect(errors(customerChalanSchema, { intent: "customer" })).toEqual({});
    expect(errors(customerChalanSchema, { intent: "customer", startDate: "2026-11-01" })).toEqual({
      endDate: ["End Date is required or clear start date to continue"],
    });
    expect(errors(customerChalanSchema, { intent: "customer", endDate: "2026-11-01" })).toEqual({
      startDate: ["Start Date is required or clear end date to continue"],
    });
  });
});

describe("ranges", () => {
  it("split at gaps and at a change of customer or item", () => {
    const c = (customerCode: string, itemCode: string, cardNumber: number) => ({ salesDate: "2026-11-01", customerCode, itemCode, cardNumber });
    const rows = [...rangesOf([c("A", "X", 1), c("A", "X", 2), c("A", "X", 4), c("A", "Y", 5), c("B", "Y", 6)])];
    expect(rows.map((r) => `${r.customerCode}${r.itemCode}${r.cardFrom}-${r.cardTo}:${r.qty}`)).toEqual(["AX1-2:2", "AX4-4:1", "AY5-5:1", "BY6-6:1"]);
  });

  it("credits count negative, come after the day's sales, and split at a change of the sale they reverse", () => {
    const sale = (cardNumber: number) => ({ salesDate: "2026-11-01", customerCode: "A", itemCode: "X", cardNumber });
    const credit = (cardNumber: number, reversesLineId: number) => ({ ...sale(cardNumber), kind: "credit" as const, reversesLineId });
    const sorted = [credit(3, 7), credit(4, 8), sale(1), sale(2), credit(2, 7), sale(5)].sort(compareCards);
    const rows = [...rangesOf(sorted)];
    expect(rows.map((r) => `${r.kind} ${r.cardFrom}-${r.cardTo}:${r.qty} ${r.reversesLineId ?? "-"}`)).toEqual([
      "sale 1-2:2 -",
      "sale 5-5:1 -",
      "credit 2-3:-2 7",
      "credit 4-4:-1 8",
    ]);
  });
});

describe("the ERP adapter", () => {
  const row = { key: "k1", sales_chalan_date: "2026-11-01", customer_code: "FIT", item_code: "TIMS-FOREIGN", card_nofrom: 1, card_noto: 1, qty: 1 };
  it("waits out a 429's Retry-After, retries a 5xx with backoff, then gives up clearly", async () => {
    const waits: number[] = [];
    const answers = [
      new Response("", { status: 429, headers: { "Retry-After": "2" } }),
      new Response("", { status: 502 }),
      Response.json({ results: [{ key: "k1", status: "accepted" }] }),
    ];
    const client = erpClient({ url: "http://erp.test", apiKey: "k", fetch: async () => answers.shift()!, sleep: async (ms) => void waits.push(ms) });
    expect(await client.send([row])).toEqual([{ key: "k1", status: "accepted" }]);
    expect(waits).toEqual([2000, 500]);

    const down = erpClient({
      url: "http://erp.test",
      apiKey: "k",
      fetch: async () => new Response("", { status: 503 }),
      sleep: async (ms) => void waits.push(ms),
    });
    await expect(down.send([row])).rejects.toThrow("The ERP is unavailable: the ERP answered 503 after 4 tries");
    const refused = erpClient({ url: "http://erp.test", apiKey: "k", fetch: async () => new Response("bad key", { status: 401 }) });
    await expect(refused.send([row])).rejects.toThrow("The ERP refused the request (401: bad key)");
  });
});
