// The page-weight budget (issue 27, ADR 0043), held on the very build the browser tests run
// against: every page at most 100 KB of JavaScript (gzip) when it loads; the public entry pages a
// trekker meets first at most 20 KB; what a page loads on demand counted too ("in all"), and the
// camera scan at most 200 KB in all. Bytes, not times, so the check is exact on any machine;
// bench/route-weights.ts prints the same figures.
import { expect, test } from "@playwright/test";
import { manifestWeights } from "../../bench/manifest-weights";

const PUBLIC_ENTRY_PAGES = [
  "/login",
  "/register",
  "/forgot-password",
  "/create-new-password",
  "/login/two-factor",
  "/check-mail",
  "/register-success",
  "/location",
];

test("every page's JavaScript, at load and in all, is within the budget", () => {
  const pages = manifestWeights(process.env.BUILD_SLOT ? `-${process.env.BUILD_SLOT}` : "");
  // Every page of the app is counted (a wrong build folder or a parse that found nothing fails here).
  expect(pages.length).toBeGreaterThan(80);
  expect(pages.filter((p) => p.mode === "app").every((p) => p.kb > 80)).toBe(true);
  const report = pages.map((p) => `${p.page}: ${p.kb} KB at load, ${p.allKb} KB in all (${p.mode})`);
  console.log(report.join("\n"));
  expect(pages.filter((p) => p.kb > 100).map((p) => `${p.page}: ${p.kb} KB`)).toEqual([]);
  const page = (url: string) => pages.find((p) => p.page === url);
  for (const url of PUBLIC_ENTRY_PAGES) expect(page(url)?.kb, url).toBeLessThanOrEqual(20);
  expect(page("/scan")?.allKb).toBeLessThanOrEqual(200);
  // In all is never less than at load, and something is loaded on demand somewhere (the scanner).
  expect(pages.every((p) => p.allKb >= p.kb)).toBe(true);
  expect(Math.max(...pages.map((p) => p.allKb - p.kb))).toBeGreaterThan(10);
});
