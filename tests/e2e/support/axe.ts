import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * The page's serious, moderate or critical axe findings (WCAG 2.0/2.1 A and AA and best practices),
 * one line each. axe runs as a script in the page: call it on a page with JavaScript on.
 */
export async function axeProblems(page: Page): Promise<string[]> {
  // A dialog fades in (opacity from 0, lib/ui/modal.tsx): axe measuring contrast mid-fade sees pale
  // text. Wait for every finite animation and transition to end; endless ones (spinners) never do.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const result = await new AxeBuilder({ page }).setLegacyMode().withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return result.violations
    .filter((v) => ["serious", "moderate", "critical"].includes(v.impact ?? ""))
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
