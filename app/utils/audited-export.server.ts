import type { FilterObject, FilterOutput, ListDefinition } from "@lib/list/define";
import { listQuery, type ListOptions, type ListSource } from "@lib/list/list.server";
import { auditsExportsOf } from "@modules/privacy";
import { recordExport } from "@modules/privacy/index.server";
import { exportListFile } from "./list.server";

/** Counting an export for the log stops here: the log then reads "at least" this many. */
const AUDIT_COUNT_CAP = 100_000;

/**
 * A list export of trekkers' data that the privacy module logs (issue 31 item 5): one row per
 * export with its filter and its row count, written before the file streams, for the viewers
 * who see other accounts' trekkers (an agency or a free trekker exports only its own).
 */
export async function auditedExportListFile<Row, S extends FilterObject>(
  viewer: { id: number; userType: number },
  definition: ListDefinition<Row, S>,
  request: Request,
  source: () => ListSource<Row, FilterOutput<S>>,
  opts?: ListOptions,
): Promise<Response> {
  if (auditsExportsOf(viewer.userType)) {
    const url = new URL(request.url);
    const count = await source().count(listQuery(definition, url), AUDIT_COUNT_CAP);
    await recordExport(viewer, url.pathname, url.searchParams.toString(), count);
  }
  return exportListFile(definition, request, source, opts);
}
