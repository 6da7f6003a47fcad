import { expect, test } from "@playwright/test";
import { makeTrail } from "../factories/checkins";
import { signInAs } from "./support/auth-cookie";
import { hydrated } from "./support/session";

// Issue 26 item 9: /scan does not shift its layout while it loads (CLS < 0.05), with JavaScript
// on: hydration, the camera block, the lazily loaded offline part and its late lines.

declare global {
  interface Window {
    __cls: { value: number; shifts: { value: number; sources: string[] }[] };
  }
}

test("/scan keeps its layout while it loads, at 390 px and at 1280 px (CLS < 0.05)", async ({ page }) => {
  const { checkpost } = await makeTrail();
  await page.addInitScript(() => {
    window.__cls = { value: 0, shifts: [] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
        if (entry.hadRecentInput) continue;
        window.__cls.value += entry.value;
        const sources = (entry.sources ?? []).map((s) =>
          s.node instanceof Element ? `${s.node.tagName}.${s.node.className}`.slice(0, 80) : String(s.node?.nodeName),
        );
        window.__cls.shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await signInAs(page, checkpost.email);
  const measured: Record<number, number> = {};
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 720 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto("/scan");
    await hydrated(page);
    // The lazy parts: the camera's button and the offline part, with its lists loaded.
    await expect(page.getByRole("button", { name: "Scan QR" })).toBeEnabled();
    await expect(page.getByTestId("offline-state")).toContainText(/Ready to scan|cannot check|could not be prepared/, { timeout: 20_000 });
    await expect(page.getByText(/Revocation list of/)).toBeVisible();
    await page.waitForTimeout(1000);
    const cls = await page.evaluate(() => window.__cls);
    measured[viewport.width] = cls.value;
    test.info().annotations.push({ type: `CLS at ${viewport.width} px`, description: `${cls.value.toFixed(4)} ${JSON.stringify(cls.shifts)}` });
  }
  expect(measured[390]).toBeLessThan(0.05);
  expect(measured[1280]).toBeLessThan(0.05);
});
