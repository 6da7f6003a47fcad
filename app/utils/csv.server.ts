import { format } from "fast-csv";
import { Readable } from "node:stream";

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
}

/**
 * A CSV download streamed row by row with fast-csv: `rows` is an async iterable (usually a
 * module's paged query), so an export of any size never sits whole in memory.
 */
export function csvResponse<T>(fileName: string, columns: CsvColumn<T>[], rows: AsyncIterable<T>): Response {
  const csv = format({ headers: columns.map((c) => c.header), writeHeaders: true, writeBOM: true });
  (async () => {
    try {
      for await (const row of rows) {
        const ok = csv.write(columns.map((c) => neutralise(c.value(row))));
        if (!ok) await new Promise((resolve) => csv.once("drain", resolve));
      }
      csv.end();
    } catch (error) {
      csv.destroy(error as Error);
    }
  })();
  return new Response(Readable.toWeb(csv) as ReadableStream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

/** Spreadsheets run cells starting with = + - @ as formulas; a leading quote keeps them text. */
export function neutralise(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(value)) return `'${value}`;
  return value;
}

/** Pages through a query so exports stream from the database in chunks. */
export async function* paged<T>(fetchPage: (offset: number, limit: number) => Promise<T[]>, pageSize = 500): AsyncIterable<T> {
  for (let offset = 0; ; offset += pageSize) {
    const rows = await fetchPage(offset, pageSize);
    yield* rows;
    if (rows.length < pageSize) return;
  }
}
