import type { Page } from "@playwright/test";

/**
 * With JavaScript a desktop toast removes itself 5 s after it appears (lib/ui/toasts.tsx); on a
 * loaded machine a test may look after that. This watches the page, from now until it is left by
 * a full load, for a visible element whose text is `text`, and answers whether one appeared, for
 * `expect.poll`. A client-side navigation keeps the watch.
 */
export async function watchForText(page: Page, text: string): Promise<() => Promise<boolean>> {
  const key = `__seen_${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ key, text }) => {
      const w = window as unknown as Record<string, boolean>;
      w[key] = false;
      const check = () => {
        if (w[key]) return;
        const found = [...document.querySelectorAll("[role=status], [role=alert]")].some((el) => el.textContent?.includes(text));
        if (found) w[key] = true;
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
      check();
    },
    { key, text },
  );
  return () => page.evaluate((k) => (window as unknown as Record<string, boolean>)[k] === true, key);
}
