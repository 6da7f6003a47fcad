import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { isLanguage } from "@lib/i18n/languages";
import { languageCookie } from "@lib/i18n/detect.server";
import { readForm } from "@lib/multipart.server";
import { safeRedirect, setUserLanguage } from "@modules/users/index.server";
import { getOptionalUser } from "~/utils/guards.server";

/**
 * The header's language switch (lib/i18n, docs/adr/0047-languages.md): a plain form POST, so it
 * works without JavaScript. The cookie keeps the choice for this browser; a signed-in user's is
 * also stored on the account, so it follows them to other browsers. Public: visitors choose too.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const lng = form.get("lng");
  const back = safeRedirect(String(form.get("redirectTo") ?? ""), "/");
  if (!isLanguage(lng)) return redirect(back);
  const user = await getOptionalUser(request);
  if (user) await setUserLanguage(user.id, lng);
  return redirect(back, { headers: { "Set-Cookie": await languageCookie.serialize(lng) } });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
