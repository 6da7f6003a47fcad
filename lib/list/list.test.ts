import { describe, expect, it } from "vitest";
import { batchesOf, csvStream, neutralise } from "@lib/csv.server";
import {
  choiceFilter,
  dateFilter,
  defineList,
  exportSearch,
  filterObject,
  idFilter,
  parseFilters,
  parseSort,
  quickRange,
  searchText,
  textFilter,
} from "./define";
import { COUNT_CAP, countCap, exportList, keysetBatches, listRanges, loadList, type ListSource } from "./list.server";

interface Row {
  id: number;
  name: string;
}

const list = defineList({
  filters: filterObject({ q: textFilter(), from: dateFilter(), to: dateFilter(), kind: choiceFilter(["a", "b"]), owner: idFilter() }),
  fields: [{ kind: "search", name: "q", label: "Search", placeholder: "Name" }],
  quickRange: { from: "from", to: "to" },
  sort: { keys: ["id", "name"], default: "-id" },
  columns: [{ key: "name", header: "Name", cell: (r: Row) => r.name }],
  csv: {
    fileName: "Things",
    columns: [
      { header: "Id", value: (r: Row) => r.id },
      { header: "Name", value: (r: Row) => r.name },
    ],
  },
});

/** An in-memory source over rows 1..n (newest first), that records every read. */
function memorySource(n: number) {
  const all: Row[] = Array.from({ length: n }, (_, i) => ({ id: n - i, name: i % 3 === 0 ? "=SUM(A1)" : `Row ${n - i}` }));
  const reads: string[] = [];
  const source: ListSource<Row, { q?: string }> = {
    async count(q, cap) {
      reads.push("count");
      return Math.min(all.filter((r) => !q.filters.q || r.name.includes(q.filters.q)).length, cap);
    },
    async page(q, w, matches) {
      reads.push(`page ${w.offset}+${w.limit}${matches === undefined ? "" : ` of ${matches}`}`);
      return all.filter((r) => !q.filters.q || r.name.includes(q.filters.q)).slice(w.offset, w.offset + w.limit);
    },
    countFirst: true,
    async batch(q, after, limit) {
      reads.push(`batch after ${after?.id ?? "-"}`);
      return all.filter((r) => (!q.filters.q || r.name.includes(q.filters.q)) && (after === null || r.id < after.id)).slice(0, limit);
    },
  };
  return { source, reads, all };
}

const request = (query: string, signal?: AbortSignal) => new Request(`http://tims.test/things${query}`, { signal });

/** The bytes as text with the BOM kept (Response.text() drops it). */
async function readAll(body: ReadableStream<Uint8Array> | Response): Promise<string> {
  const bytes = await (body instanceof Response ? body : new Response(body)).arrayBuffer();
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

describe("filters parsed from the URL", () => {
  it("keeps valid values and drops what does not parse, never throwing", () => {
    const params = new URLSearchParams("q=%20Annapurna%20&from=2026-02-30&to=2026-03-01&kind=z&owner=12&other=1");
    expect(parseFilters(list, params)).toEqual({ q: "Annapurna", from: undefined, to: "2026-03-01", kind: undefined, owner: 12 });
    expect(parseFilters(list, new URLSearchParams("owner=0&owner=5&kind=b"))).toMatchObject({ owner: undefined, kind: "b" });
    expect(parseFilters(list, new URLSearchParams("q=" + "x".repeat(500))).q).toHaveLength(100);
  });

  it("drops control characters from searched text and impossible dates (issue 26: a NUL broke the query on SQLite)", () => {
    expect(parseFilters(list, new URLSearchParams("q=Anna%00%07 Keller&from=0000-00-00&to=9999-99-99"))).toMatchObject({
      q: "Anna Keller",
      from: undefined,
      to: undefined,
    });
    expect(parseFilters(list, new URLSearchParams("q=%00%01"))).toMatchObject({ q: undefined });
    expect(searchText("\u0000 Pemba\t", 100)).toBe("Pemba");
    expect(searchText(undefined)).toBe("");
  });

  it("reads the sort when it is one of the list's keys, else the default", () => {
    expect(parseSort(list, new URLSearchParams("sort=name"))).toEqual({ key: "name", desc: false });
    expect(parseSort(list, new URLSearchParams("sort=-name"))).toEqual({ key: "name", desc: true });
    expect(parseSort(list, new URLSearchParams("sort=password"))).toEqual({ key: "id", desc: true });
    expect(parseSort(list, new URLSearchParams("sort="))).toEqual({ key: "id", desc: true });
    // A list without sort keys keeps its order whatever the URL says.
    expect(parseSort({}, new URLSearchParams("sort=name"))).toEqual({ key: "id", desc: true });
    expect(parseSort({}, new URLSearchParams("sort="))).toEqual({ key: "id", desc: true });
  });

  it("quick ranges are the last 7, 30 and 90 days including today", () => {
    expect(quickRange("2026-03-05", 7)).toEqual({ from: "2026-02-27", to: "2026-03-05" });
    expect(quickRange("2026-03-05", 30)).toEqual({ from: "2026-02-04", to: "2026-03-05" });
    expect(quickRange("2026-01-10", 90)).toEqual({ from: "2025-10-13", to: "2026-01-10" });
  });

  it("an export carries the filters and sort but not the paging", () => {
    expect(exportSearch("?q=x&pageindex=3&pageSize=20&sort=name")).toBe("?q=x&sort=name");
    expect(exportSearch("?pageindex=3")).toBe("");
  });
});

describe("loadList", () => {
  it("pages, counts, and pulls a page past the end back to the last one", async () => {
    const { source } = memorySource(120);
    const page = await loadList(list, request("?pageindex=1&pageSize=50"), source);
    expect(page).toMatchObject({ total: 120, capped: false, pageIndex: 1, pageSize: 50 });
    expect(page.rows.map((r) => r.id)).toEqual(Array.from({ length: 50 }, (_, i) => 70 - i));
    const past = await loadList(list, request("?pageindex=9&pageSize=50"), source);
    expect(past.pageIndex).toBe(2);
    expect(past.rows.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i));
  });

  it("stops counting at the cap and says so; a deep page counts a window past itself", async () => {
    const { source } = memorySource(20_000);
    expect(await loadList(list, request(""), source)).toMatchObject({ total: COUNT_CAP + 1, capped: true, pageIndex: 0 });
    // Page 301: the count goes six pages past it (pageindex 300 + 6 pages of 50, plus one).
    expect(countCap(300, 50)).toBe(306 * 50 + 1);
    const deep = await loadList(list, request("?pageindex=300&pageSize=50"), source);
    expect(deep).toMatchObject({ total: 306 * 50 + 1, capped: true, pageIndex: 300 });
    expect(deep.rows.map((r) => r.id)).toEqual(Array.from({ length: 50 }, (_, i) => 5000 - i));
    // Near the end of a list just above the cap the count is exact again.
    const { source: small } = memorySource(COUNT_CAP + 500);
    const lastPage = (COUNT_CAP + 500) / 50 - 1;
    const last = await loadList(list, request(`?pageindex=${lastPage}&pageSize=50`), small);
    expect(last).toMatchObject({ total: COUNT_CAP + 500, capped: false, pageIndex: lastPage });
    expect(last.rows.map((r) => r.id)).toEqual(Array.from({ length: 50 }, (_, i) => 50 - i));
  });

  it("counts a filtered list first: the page learns how few match, and no match reads no page", async () => {
    const { source, reads, all } = memorySource(3_000);
    const few = await loadList(list, request("?q=Row 29"), source);
    const expected = all.filter((r) => r.name.includes("Row 29"));
    expect(expected.length).toBeGreaterThan(50);
    expect(expected.length).toBeLessThan(COUNT_CAP);
    expect(few.total).toBe(expected.length);
    expect(few.rows).toEqual(expected.slice(0, 50));
    expect(reads).toEqual(["count", `page 0+50 of ${expected.length}`]);
    reads.length = 0;
    expect(await loadList(list, request("?q=nothing"), source)).toMatchObject({ total: 0, rows: [] });
    expect(reads).toEqual(["count"]);
    reads.length = 0;
    // Many matches: the page is read without a count to go by; no filter: all at once.
    await loadList(list, request("?q=Row"), source);
    expect(reads).toEqual(["count", "page 0+50"]);
    reads.length = 0;
    await loadList(list, request(""), source);
    expect(reads.sort()).toEqual(["count", "page 0+50"]);
    reads.length = 0;
    // A source that does not ask for it reads a filtered page at once, without the count.
    await loadList(list, request("?q=nothing"), { ...source, countFirst: false });
    expect(reads.sort()).toEqual(["count", "page 0+50"]);
  });

  it("gives the form its values and the hidden columns", async () => {
    const { source } = memorySource(3);
    const page = await loadList(list, request("?q=Row&kind=a&owner=x"), source, { hidden: ["name"] });
    expect(page.values).toEqual({ q: "Row", kind: "a" });
    expect(page.hidden).toEqual(["name"]);
    expect(page.sort).toBe("-id");
  });
});

describe("exports", () => {
  it("read every matching row once, in keyset batches, never by offset", async () => {
    const { source, reads, all } = memorySource(45);
    const batches: number[][] = [];
    for await (const b of keysetBatches(source, { filters: {}, sort: { key: "id", desc: true } }, { size: 20 })) batches.push(b.map((r) => r.id));
    expect(batches.flat()).toEqual(all.map((r) => r.id));
    expect(reads).toEqual(["batch after -", "batch after 26", "batch after 6"]);
  });

  it("are UTF-8 with a BOM, the spec's file name, the header row, and formulas neutralised", async () => {
    const { source } = memorySource(4);
    const response = exportList(list, request("?pageindex=2"), source);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="Things.csv"');
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines).toEqual(["Id,Name", "4,'=SUM(A1)", "3,Row 3", "2,Row 2", "1,'=SUM(A1)"]);
  });

  it("with the list's filters, and a header even when nothing matches", async () => {
    const { source } = memorySource(10);
    expect(await readAll(exportList(list, request("?q=Row%208"), source))).toBe("\uFEFFId,Name\n8,Row 8\n");
    expect(await readAll(exportList(list, request("?q=nothing"), source))).toBe("\uFEFFId,Name\n");
  });

  it("stop reading the database when the client disconnects", async () => {
    const { source, reads } = memorySource(100_000);
    const client = new AbortController();
    const response = exportList(list, request("", client.signal), source, { batchSize: 100 });
    const reader = response.body!.getReader();
    await reader.read(); // the header
    await reader.read(); // the first batch
    await reader.read();
    client.abort();
    // The server side keeps pulling (Remix's adapter reads until the stream ends); nothing more is read.
    const before = reads.length;
    for (let i = 0; i < 5; i++) if ((await reader.read()).done) break;
    expect((await reader.read()).done).toBe(true);
    expect(reads.length - before).toBeLessThanOrEqual(1);
    expect(reads.length).toBeLessThan(6);
  });

  it("stop reading when the body is cancelled", async () => {
    let reads = 0;
    let closed = false;
    async function* rows() {
      try {
        for (let i = 0; ; i++) {
          reads++;
          yield [{ id: i, name: `r${i}` }];
        }
      } finally {
        closed = true;
      }
    }
    const stream = csvStream<Row>({ columns: list.csv.columns, batches: rows() });
    const reader = stream.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(closed).toBe(true);
    expect(reads).toBeLessThanOrEqual(2);
  });

  it("neutralises every formula-looking start and leaves numbers alone", async () => {
    expect(["=1+2", "+1", "-2", "@SUM(A1)", "\t=x", "\r=x", "plain", "a=b"].map((v) => neutralise(v))).toEqual([
      "'=1+2",
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\t=x",
      "'\r=x",
      "plain",
      "a=b",
    ]);
    expect(neutralise(-5)).toBe(-5);
    expect(neutralise(null)).toBe("");
    const text = await readAll(csvStream<Row>({ columns: list.csv.columns, batches: batchesOf([{ id: 1, name: 'say "hi", =1' }]) }));
    expect(text).toBe('\uFEFFId,Name\n1,"say ""hi"", =1"\n');
  });
});

describe("a list's quick ranges (issue 28 item 5)", () => {
  const params = { from: "startDate", to: "endDate" };

  it("are the last 7, 30 and 90 days, then this fiscal year to date and the three before, both ends included", () => {
    const { choices } = listRanges(params, {}, "2026-11-28");
    expect(choices.map((c) => c.label)).toEqual([
      "Last 7 days",
      "Last 30 days",
      "Last 90 days",
      "Fiscal year 2083/84 (to date)",
      "Fiscal year 2082/83",
      "Fiscal year 2081/82",
      "Fiscal year 2080/81",
    ]);
    expect(choices[0]).toMatchObject(quickRange("2026-11-28", 7));
    expect(choices[4]).toMatchObject({ from: "2025-07-17", to: "2026-07-16" });
  });

  it("caption the filtered range in both calendars only when both dates are set and in order", () => {
    expect(listRanges(params, { startDate: "2025-07-17", endDate: "2026-07-16" }, "2026-11-28").caption?.fiscal).toBe("the whole of fiscal year 2082/83");
    expect(listRanges(params, { startDate: "2025-07-17" }, "2026-11-28").caption).toBeNull();
    expect(listRanges(params, { startDate: "2025-07-18", endDate: "2025-07-17" }, "2026-11-28").caption).toBeNull();
  });
});

describe("loadList", () => {
  it("sends the quick ranges only for a list that has them", async () => {
    const source = memorySource(3).source;
    const request = new Request("http://x/list?from=2025-07-17&to=2026-07-16");
    expect((await loadList(list, request, source)).ranges?.caption?.bs).toBe("1 Shrawan 2082 to 32 Ashadh 2083 BS");
    expect((await loadList({ ...list, quickRange: undefined }, request, source)).ranges).toBeUndefined();
  });
});
