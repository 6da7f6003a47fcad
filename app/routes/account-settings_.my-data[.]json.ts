import type { LoaderFunctionArgs } from "@remix-run/node";
import { contentDisposition } from "@lib/files/content-disposition";
import { requirePermission } from "~/utils/guards.server";
import { myDataFile } from "@modules/privacy/index.server";

/**
 * The signed-in user's own data as a JSON file (issue 31 item 5): the account and the
 * registrations it made, with their trekkers, cards, bills, payments and check-ins. The user is
 * the only input: no id in the URL, so no one else's rows can be asked for.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "settings");
  const file = await myDataFile(user.id);
  return new Response(JSON.stringify(file, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": contentDisposition("attachment", "tims-my-data.json"),
      "Cache-Control": "private, no-store",
    },
  });
}
