import { data } from "@remix-run/node";
import { config } from "@lib/config.server";
import { countUnread } from "@modules/notifications/index.server";
import { can, profilePhotoUrl } from "@modules/users/index.server";
import { getOptionalUser, type PageUser } from "./guards.server";
import { sidebarFor } from "./sidebar.server";
import { readToasts } from "./toast.server";
import { pageScriptUrl } from "@lib/page-script.server";
import { textsFor } from "@lib/i18n/i18n.server";
import { LANGUAGES, LANGUAGE_NAMES, type PageLanguage } from "@lib/i18n/languages";
import type { Resources } from "@lib/i18n/translate";
import { requestLanguage } from "./language.server";

/** The page's language and the texts its browser code translates with (app pages; ADR 0047). */
export interface PageTexts {
  lng: PageLanguage;
  resources: Resources;
}

/**
 * What the root's loader returns on every page: who is signed in, their sidebar, the bell, the
 * toasts. Gathered here, not in root.tsx, because every server-only module root.tsx imports
 * reaches the browser as an empty stub file, and stubs shared with other routes become files of
 * their own that every page fetches (ADR 0036).
 */
export async function shellData(request: Request) {
  const user = await getOptionalUser(request);
  const { toasts, setCookie } = await readToasts(request);
  const sidebar = user ? sidebarFor(user) : [];
  const showBell = user ? can(user, "notifications") : false;
  // Current on every page without JavaScript; with it the bell also refreshes itself (AppHeader).
  const unread = user && showBell ? await countUnread(user.id) : 0;
  const lng = await requestLanguage(request);
  // The shell's and the forms' words; a page's own namespaces come with its own loader (ADR 0047).
  const i18n: PageTexts = { lng, resources: textsFor(lng, ["shell", "validation"]) };
  return data(
    {
      user: user ? { fullName: user.fullName, email: user.email, userType: user.userType, photoUrl: profilePhotoUrl(user) } : null,
      // While a board user views the app as someone: whom (agencies by their organisation's name).
      viewingAs: user && (user as PageUser).switchedBy ? user.organizationName || user.fullName : null,
      canSwitch: user ? can(user, "switchUser") : false,
      showBell,
      unread,
      sidebar,
      toasts,
      embedded: config.embedded,
      // The document pages' script (ADR 0043): its URL carries the hash of its code.
      documentScript: pageScriptUrl("document"),
      i18n,
      // The switch's choices, each in its own words: data, so the names cost no page any script.
      languages: LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code] })),
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}
