import { useId } from "react";
import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useT } from "@lib/i18n/context";
import { htmlLang, type Language } from "@lib/i18n/languages";
import { cx } from "@lib/ui/class-names";

/**
 * The language switch (docs/adr/0047-languages.md): a plain form, not Remix's, so choosing is a page
 * load with or without JavaScript and the browser's translator is made anew for the new language.
 * Nine languages do not fit as buttons at 390 px, so it is a <select> and a submit button: no
 * script, and no change of page on merely moving through the list (WCAG 3.2.2). Each language is
 * named in its own words and marked with its own lang; the names come with the root's data
 * (app/utils/shell.server.ts), not in the shell's script, which every page loads.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { lng, t } = useT();
  const location = useLocation();
  const current = htmlLang(lng);
  const id = useId();
  const languages = useRouteLoaderData<{ languages?: { code: Language; name: string }[] }>("root")?.languages ?? [];
  return (
    <form method="post" action="/language" className={cx("flex items-center gap-1 text-sm", className)} data-testid="language-switch">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label htmlFor={id} className="sr-only">
        {t("Language")}
      </label>
      <select id={id} name="lng" defaultValue={current} className="rounded border border-slate-300 bg-white py-1 pr-7 pl-2 text-sm">
        {languages.map(({ code, name }) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
      <button type="submit" className="rounded bg-blue-700 px-2 py-1 font-semibold text-white hover:bg-blue-800">
        {t("Change language")}
      </button>
    </form>
  );
}
