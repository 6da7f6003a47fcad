import type { LoaderFunctionArgs } from "@remix-run/node";
import { paramChoice } from "@lib/param-id";
import { parseWithZod } from "@lib/zod-form.server";
import { requirePermission } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/toast.server";
import { CHALAN_MESSAGES } from "@modules/chalan";
import { CHALAN_FILES, chalanDownload, customerChalanSchema, timsChalanSchema } from "@modules/chalan/index.server";

/**
 * The chalan page's files (CSV, UTF-8 with a BOM): chalan (the rows not yet pushed), tims-chalan
 * (every row with its pushed state), customer. The dates come in the URL, checked as the page's
 * forms check them; a request the page would have refused goes back to it with the reason.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "chalan");
  const file = paramChoice(params, "file", CHALAN_FILES);
  const search = new URL(request.url).searchParams;
  search.set("intent", file === "customer" ? "customer" : "tims");
  const submission = parseWithZod(search, { schema: file === "customer" ? customerChalanSchema : timsChalanSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? CHALAN_MESSAGES.startRequired;
    return redirectWithToast("/chalan", { type: "warning", message });
  }
  const { startDate, endDate } = submission.value;
  const response = await chalanDownload(file, startDate && endDate ? { start: startDate, end: endDate } : null, request.signal);
  return response ?? redirectWithToast("/chalan", { type: "warning", message: CHALAN_MESSAGES.nothingToVerify });
}
