import { useLocation } from "@remix-run/react";
import { useT } from "@lib/i18n/context";
import { LANGUAGES, LANGUAGE_NAMES, htmlLang } from "@lib/i18n/languages";
import { cx } from "@lib/ui/class-names";

/**
 * The language switch (docs/adr/0047-languages.md): a plain form, not Remix's, so choosing is a page
 * load with or without JavaScript and the browser's translator is made anew for the new language.
 * Each language is named in its own words.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { lng, t } = useT();
  const location = useLocation();
  const current = htmlLang(lng);
  return (
    <form method="post" action="/language" className={cx("flex items-center gap-1 text-sm", className)} data-testid="language-switch">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <span className="sr-only">{t("Language")}</span>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="submit"
          name="lng"
          value={language}
          lang={language}
          aria-pressed={language === current}
          className={cx("rounded px-2 py-1", language === current ? "bg-blue-700 font-semibold text-white" : "text-blue-800 hover:bg-slate-100")}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </form>
  );
}
