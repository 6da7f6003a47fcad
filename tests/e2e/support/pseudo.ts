// The pseudo-locale check (docs/adr/0047-languages.md): with the test-only language every text the
// translator returns is wrapped in ⟦ ⟧, so a visible text outside the marks never went through it.
// Each spec that translates pages lists its own pages and calls these.
import type { BrowserContext, Page } from "@playwright/test";

/** Text that is no language's: the brand, the language names as written in their own script. */
export const NOT_TEXT = new Set(["TIMS", "English", "नेपाली", "✕", "☰", "·", "*", "○", "✓"]);

/** The cookie the switch sets, with the test-only language (offered in the embedded mode only). */
export async function usePseudoLocale(context: BrowserContext): Promise<void> {
  await context.addCookies([{ name: "lng", value: Buffer.from(JSON.stringify("pseudo")).toString("base64"), domain: "127.0.0.1", path: "/" }]);
}

/** The visible texts and labelling attributes of the page that are not marked, `extra` skipped too. */
export async function untranslatedTexts(page: Page, extra: readonly string[] = []): Promise<string[]> {
  return page.evaluate(
    (skip) => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? "";
        const parent = node.parentElement;
        if (!text || !parent || parent.closest("script, style, template, noscript")) continue;
        if (!parent.checkVisibility()) continue;
        if (skip.includes(text) || /^[⟦].*[⟧]$/su.test(text)) continue;
        // A sentence with markup inside (lib/i18n/rich.tsx): its pieces, and a value placed in it (an
        // address in <strong>), are text nodes of one marked text a level or two up.
        if ([parent, parent.parentElement].some((el) => el && /^[⟦].*[⟧]$/su.test(el.textContent?.trim() ?? ""))) continue;
        // A closed <select>'s options are data (countries); its placeholder is checked when shown.
        if (parent.closest("option") && (parent.closest("option") as HTMLOptionElement).value !== "") continue;
        found.push(text);
      }
      const attributes = [...document.querySelectorAll("[placeholder], [aria-label], [title]")]
        .filter((el) => (el as HTMLElement).checkVisibility?.() !== false)
        .flatMap((el) => ["placeholder", "aria-label", "title"].map((name) => el.getAttribute(name)).filter((v): v is string => Boolean(v)))
        .filter((v) => !skip.includes(v) && !/^[⟦].*[⟧]$/su.test(v));
      return [...found, ...attributes];
    },
    [...NOT_TEXT, ...extra],
  );
}
