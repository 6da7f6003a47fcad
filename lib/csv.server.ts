import type { CsvColumn } from "@lib/list/define";

export type { CsvColumn } from "@lib/list/define";

/** Byte order mark: spreadsheets read the file as UTF-8 with it. */
const BOM = "\uFEFF";

export interface CsvStreamOptions<Row> {
  /** Without ".csv"; the spec's names (TrekkersList, Requests, Invoice, …). */
  fileName: string;
  columns: readonly CsvColumn<Row>[];
  /** The rows in batches, read one batch at a time as the client takes the bytes. */
  batches: AsyncIterable<readonly Row[]>;
  /** The request's signal: aborted when the client goes away, and then no further batch is read. */
  signal?: AbortSignal;
}

/**
 * A CSV download streamed from the database: UTF-8 with a BOM (spreadsheets then read non-Latin
 * names right), the header row always (an empty export is a header, not a 0-byte file), cells that
 * a spreadsheet would run as formulas neutralised. The body is pulled: the next batch is read only
 * when the previous one has been handed on, and once the client disconnects (the request's signal)
 * or cancels the body, the batches' iterator is closed, so the database is not read any further.
 */
export function csvResponse<Row>({ fileName, columns, batches, signal }: CsvStreamOptions<Row>): Response {
  return new Response(csvStream({ columns, batches, signal }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${safeFileName(fileName)}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export function safeFileName(name: string): string {
  return name.replace(/[^\w.-]/g, "_");
}

/** The CSV body as a byte stream (exported for tests that read it without a Response). */
export function csvStream<Row>({ columns, batches, signal }: Omit<CsvStreamOptions<Row>, "fileName">): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let headerSent = false;
  let finished = false;
  const finish = async () => {
    if (finished) return;
    finished = true;
    await iterator.return?.();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (!headerSent) {
            headerSent = true;
            controller.enqueue(encoder.encode(BOM + formatRows([columns.map((c) => c.header)])));
            return;
          }
          if (signal?.aborted) {
            await finish();
            controller.close();
            return;
          }
          const next = await iterator.next();
          if (next.done) {
            finished = true;
            controller.close();
            return;
          }
          if (signal?.aborted) {
            await finish();
            controller.close();
            return;
          }
          if (next.value.length) controller.enqueue(encoder.encode(formatBatch(next.value, columns)));
        } catch (error) {
          await finish().catch(() => {});
          controller.error(error);
        }
      },
      async cancel() {
        await finish();
      },
    },
    // One batch waits at most: the source is read as fast as the bytes are taken, never ahead.
    { highWaterMark: 1 },
  );
}

/**
 * RFC 4180 rows, "\n"-terminated: a cell is quoted only when it holds a quote, comma or line
 * break, and its quotes are doubled. Written here rather than with fast-csv's writeToString,
 * which gave the same bytes but builds a stream per call: 6x slower on 100,000 rows, and the
 * formatting was most of an export's time (bench/lists.ts; docs/adr/0015-list-indexes.md).
 */
const NEEDS_QUOTES = /[",\n\r]/;
export function formatRows(rows: readonly (readonly (string | number)[])[]): string {
  let out = "";
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) out += (i ? "," : "") + cell(row[i]);
    out += "\n";
  }
  return out;
}

/**
 * A batch of rows as CSV text, in one string: each cell neutralised and quoted as `formatRows`
 * does, without an array per row (an export formats a million rows).
 */
export function formatBatch<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const values = columns.map((c) => c.value);
  const n = values.length;
  // Cells joined once per line and lines once per batch: chains of `+` left a cons string per
  // cell for the collector, the largest share of an export's garbage.
  const lines: string[] = new Array(rows.length + 1);
  const cells: string[] = new Array(n);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    for (let i = 0; i < n; i++) {
      const value = values[i](row);
      cells[i] = typeof value === "number" ? String(value) : cell(neutralise(value));
    }
    lines[r] = cells.join(",");
  }
  lines[rows.length] = "";
  return lines.join("\n");
}

function cell(value: string | number): string {
  const text = typeof value === "string" ? value : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Spreadsheets run cells starting with = + - @ (or a tab or carriage return before them) as
 * formulas; a leading apostrophe keeps them text. Numbers are written as numbers.
 */
export function neutralise(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(value)) return `'${value}`;
  return value;
}

/** Rows already in memory as batches (tests, and sources that are small by nature). */
export async function* batchesOf<Row>(rows: readonly Row[], size = 1000): AsyncIterable<readonly Row[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
