// Issue 12's budget, held on the very build the browser tests run against: no page over 100 KB of
// JavaScript (gzip), and /login and the wizard's first step under 70 KB. Bytes, not times, so the
// check is exact on any machine; bench/route-weights.ts prints the same figures.
import { expect, test } from "@playwright/test";
import { manifestWeights } from "../../bench/manifest-weights";

test("every page's first load is within the JavaScript budget", () => {
  const pages = manifestWeights(process.env.BUILD_SLOT ? `-${process.env.BUILD_SLOT}` : "");
  // Every page of the app is counted (a wrong build folder or a parse that found nothing fails here).
  expect(pages.length).toBeGreaterThan(80);
  expect(pages.filter((p) => p.mode === "react").every((p) => p.kb > 80)).toBe(true);
  expect(pages.filter((p) => p.kb > 100).map((p) => `${p.page}: ${p.kb} KB`)).toEqual([]);
  const kb = (page: string) => pages.find((p) => p.page === page)?.kb ?? Infinity;
  expect(kb("/login")).toBeLessThan(70);
  expect(kb("/new-register")).toBeLessThan(70);
});
