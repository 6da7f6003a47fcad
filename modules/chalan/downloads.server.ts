import { csvResponse, type CsvColumn } from "@lib/csv.server";
import { customerRows, type CustomerRow } from "./customers.server";
import { chalanRowBatches, type StatusRow } from "./rows.server";

/** The chalan page's three files (spec 2 §9 names: chalan, tims-chalan, customer). */
export const CHALAN_FILES = ["chalan", "tims-chalan", "customer"] as const;
export type ChalanFile = (typeof CHALAN_FILES)[number];

const rowColumns: CsvColumn<StatusRow>[] = [
  { header: "sales_chalan_date", value: (r) => r.salesDate },
  { header: "customer_code", value: (r) => r.customerCode },
  { header: "item_code", value: (r) => r.itemCode },
  { header: "card_nofrom", value: (r) => r.cardFrom },
  { header: "card_noto", value: (r) => r.cardTo },
  { header: "qty", value: (r) => r.qty },
  // After the spec's columns: "sale", or "credit" for a reversal of an earlier sale (its qty negative).
  { header: "line_type", value: (r) => r.kind },
];

const customerColumns: CsvColumn<CustomerRow>[] = [
  { header: "Customer_Code", value: (r) => r.code },
  { header: "Customer_Name", value: (r) => r.name },
  { header: "PAN", value: (r) => r.pan },
  { header: "Contact_Number", value: (r) => r.contact },
  { header: "Email", value: (r) => r.email },
  { header: "Address", value: (r) => r.address },
];

/** The batches with the first one already read (so an empty result is known before any byte is sent). */
async function peeked<T>(source: AsyncGenerator<T[]>): Promise<AsyncIterable<T[]> | null> {
  const first = await source.next();
  if (first.done) return null;
  return (async function* () {
    try {
      yield first.value;
      yield* source;
    } finally {
      await source.return?.(undefined);
    }
  })();
}

export type DateRange = { start: string; end: string };

/**
 * The file, streamed: `chalan` holds what Generate Bill would send (sales not yet in a pending
 * or pushed line, and the credits owed) and is null when there is nothing; `tims-chalan` every
 * sale and credit of the range with its pushed state; `customer` the customers (of the range, or
 * all without one).
 */
export async function chalanDownload(file: ChalanFile, range: DateRange | null, signal?: AbortSignal): Promise<Response | null> {
  if (file === "customer") {
    const rows = await customerRows(range);
    return csvResponse({
      fileName: "customer",
      columns: customerColumns,
      batches: (async function* () {
        yield rows;
      })(),
      signal,
    });
  }
  if (!range) return null;
  if (file === "chalan") {
    const batches = await peeked(chalanRowBatches(range.start, range.end, { onlyNew: true }));
    return batches ? csvResponse({ fileName: "chalan", columns: rowColumns, batches, signal }) : null;
  }
  return csvResponse({
    fileName: "tims-chalan",
    columns: [...rowColumns, { header: "status", value: (r) => r.status ?? "" }],
    batches: chalanRowBatches(range.start, range.end, { withStatus: true }),
    signal,
  });
}

/** True when the range has a row not yet pushed (the verify file would not be empty). */
export async function hasNewRows(range: DateRange): Promise<boolean> {
  const source = chalanRowBatches(range.start, range.end, { onlyNew: true });
  const first = await source.next();
  await source.return?.(undefined);
  return !first.done;
}
