import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * The page's serious, moderate or critical axe findings (WCAG 2.0/2.1 A and AA and best practices),
 * one line each. axe runs as a script in the page: call it on a page with JavaScript on.
 */
export async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).setLegacyMode().withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return result.violations
    .filter((v) => ["serious", "moderate", "critical"].includes(v.impact ?? ""))
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
