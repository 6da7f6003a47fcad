import type { LoaderFunctionArgs } from "@remix-run/node";
import { kathmanduDate } from "@lib/dates";
import { requirePermission } from "~/utils/guards.server";
import { rangeFromQuery, reportPdfResponse } from "@modules/dashboard/index.server";
import { requestTranslator } from "~/utils/language.server";

/** Every season report with its chart as one PDF, rendered on demand (ADR 0020), in the page's language. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "reports");
  const { range } = rangeFromQuery(new URL(request.url).searchParams, kathmanduDate(), 120);
  return reportPdfResponse(range, await requestTranslator(request));
}
