import type { FilterObject, FilterOutput } from "@lib/list/define";
import type { ListDefinition } from "@lib/list/define";
import { exportList, loadList, type ListOptions, type ListSource } from "@lib/list/list.server";
import { domainErrorResponse } from "./domain-error.server";

// A list page takes its guard (and its texts, ADR 0047) from here with the kit: each server file a page imports is an empty
// stub file in its scripts, and this one shares a file with the list kit's components (ADR 0036).
export { forbidden, requirePermission, requireUser } from "./guards.server";
export { pageTexts, requestTranslator } from "./language.server";

/**
 * A list page's loader part and a list export's whole loader: the module makes the source for the
 * signed-in viewer (applying its row scope), the kit does the rest. A refusal from the module (a
 * DomainError: 403, 404) becomes the error page like any other.
 */
export async function loadListPage<Row, S extends FilterObject>(
  definition: ListDefinition<Row, S>,
  request: Request,
  source: () => ListSource<Row, FilterOutput<S>>,
  opts?: ListOptions,
) {
  try {
    return await loadList(definition, request, source(), opts);
  } catch (error) {
    throw domainErrorResponse(error);
  }
}

export function exportListFile<Row, S extends FilterObject>(
  definition: ListDefinition<Row, S>,
  request: Request,
  source: () => ListSource<Row, FilterOutput<S>>,
  opts?: ListOptions,
): Response {
  try {
    return exportList(definition, request, source(), opts);
  } catch (error) {
    throw domainErrorResponse(error);
  }
}
