import type { LoaderFunctionArgs } from "@remix-run/node";
import { kathmanduDate } from "@lib/dates";
import { requirePermission } from "~/utils/guards.server";
import { rangeFromQuery, reportCsvResponse } from "@modules/dashboard/index.server";
import { notFound } from "@lib/param-id";

/** CSV of one season report (?report=route-month|nationality|revenue|agencies|card-status&from=&to=). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "reports");
  const params = new URL(request.url).searchParams;
  const { range } = rangeFromQuery(params, kathmanduDate(), 120);
  const response = await reportCsvResponse(range, params.get("report") ?? "");
  if (!response) throw notFound();
  return response;
}
