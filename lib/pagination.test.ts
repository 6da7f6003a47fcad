import { describe, expect, it } from "vitest";
import { clampPageIndex, DEFAULT_PAGE_SIZE, PAGE_SIZES, pageCount, pageWindow, parsePaging, showingLabel } from "@lib/pagination";

const params = (query: string) => new URLSearchParams(query);

describe("PAGE_SIZES", () => {
  it("defaults to 50 and offers the spec sizes in order", () => {
    expect(PAGE_SIZES).toEqual([50, 10, 20, 100]);
    expect(DEFAULT_PAGE_SIZE).toBe(50);
  });
});

describe("parsePaging", () => {
  it("defaults to the first page of 50 when nothing is given", () => {
    expect(parsePaging(params(""))).toEqual({ pageIndex: 0, pageSize: 50 });
  });

  it("reads a valid page index and page size", () => {
    expect(parsePaging(params("pageindex=3&pageSize=20"))).toEqual({ pageIndex: 3, pageSize: 20 });
    for (const size of PAGE_SIZES) {
      expect(parsePaging(params(`pageSize=${size}`)).pageSize).toBe(size);
    }
  });

  it("keeps unrelated parameters out of the way", () => {
    expect(parsePaging(params("q=annapurna&pageindex=2&status=1"))).toEqual({
      pageIndex: 2,
      pageSize: 50,
    });
  });

  it.each(["-1", "-100", "abc", "", "2.5", "1e3", "0x10", " 3", "NaN", "Infinity", "99999999999999999999"])("treats pageindex=%j as page 0", (raw) => {
    expect(parsePaging(params(`pageindex=${encodeURIComponent(raw)}`)).pageIndex).toBe(0);
  });

  it.each(["0", "5", "15", "1000", "-50", "fifty", "", "50.5", "1e2"])("falls back to 50 for pageSize=%j", (raw) => {
    expect(parsePaging(params(`pageSize=${encodeURIComponent(raw)}`)).pageSize).toBe(50);
  });

  it("is case sensitive about parameter names, as the URLs are", () => {
    expect(parsePaging(params("pageIndex=4&pagesize=10"))).toEqual({ pageIndex: 0, pageSize: 50 });
  });

  it("uses the first value when a parameter is repeated", () => {
    expect(parsePaging(params("pageindex=1&pageindex=7&pageSize=10&pageSize=100"))).toEqual({
      pageIndex: 1,
      pageSize: 10,
    });
  });
});

describe("pageCount", () => {
  it("rounds partial pages up", () => {
    expect(pageCount(120, 50)).toBe(3);
    expect(pageCount(100, 50)).toBe(2);
    expect(pageCount(1, 50)).toBe(1);
    expect(pageCount(101, 100)).toBe(2);
  });

  it("is 0 for no rows or a nonsensical page size", () => {
    expect(pageCount(0, 50)).toBe(0);
    expect(pageCount(-5, 50)).toBe(0);
    expect(pageCount(10, 0)).toBe(0);
    expect(pageCount(10, -10)).toBe(0);
    expect(pageCount(Number.NaN, 10)).toBe(0);
  });
});

describe("clampPageIndex", () => {
  it("pulls out-of-range pages back inside", () => {
    expect(clampPageIndex(9, 3)).toBe(2);
    expect(clampPageIndex(-2, 3)).toBe(0);
    expect(clampPageIndex(1, 3)).toBe(1);
    expect(clampPageIndex(4, 0)).toBe(0);
    expect(clampPageIndex(Number.NaN, 3)).toBe(0);
  });
});

describe("pageWindow", () => {
  it("is empty when there are no pages", () => {
    expect(pageWindow(0, 0)).toEqual([]);
    expect(pageWindow(5, 0)).toEqual([]);
    expect(pageWindow(0, -1)).toEqual([]);
  });

  it("shows every page when there are fewer pages than the window", () => {
    expect(pageWindow(0, 1)).toEqual([0]);
    expect(pageWindow(1, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(5, 6)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("starts at the first page on the first pages", () => {
    expect(pageWindow(0, 20)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(pageWindow(2, 20)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("centres on the current page in the middle (2 before, 3 after)", () => {
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12, 13]);
  });

  it("ends at the last page on the last pages", () => {
    expect(pageWindow(19, 20)).toEqual([14, 15, 16, 17, 18, 19]);
    expect(pageWindow(17, 20)).toEqual([14, 15, 16, 17, 18, 19]);
    expect(pageWindow(16, 20)).toEqual([14, 15, 16, 17, 18, 19]);
    expect(pageWindow(15, 20)).toEqual([13, 14, 15, 16, 17, 18]);
  });

  it("clamps an out-of-range current page", () => {
    expect(pageWindow(99, 8)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(pageWindow(-4, 8)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("always contains the (clamped) current page and never more than `size` pages", () => {
    for (let pages = 0; pages <= 15; pages++) {
      for (let index = -2; index <= pages + 2; index++) {
        for (const size of [1, 2, 5, 6, 7]) {
          const window = pageWindow(index, pages, size);
          expect(window.length).toBe(Math.min(size, pages));
          if (pages === 0) continue;
          expect(window).toContain(clampPageIndex(index, pages));
          expect(window[0]).toBeGreaterThanOrEqual(0);
          expect(window[window.length - 1]).toBeLessThanOrEqual(pages - 1);
          window.forEach((page, i) => expect(page).toBe(window[0] + i));
        }
      }
    }
  });

  it("honours a custom window size, including odd ones", () => {
    expect(pageWindow(10, 20, 5)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(10, 20, 1)).toEqual([10]);
    expect(pageWindow(10, 20, 0)).toEqual([]);
  });
});

describe("showingLabel", () => {
  it("labels the first, a middle and the last partial page", () => {
    expect(showingLabel(0, 50, 120)).toBe("Showing 1-50 of 120");
    expect(showingLabel(1, 50, 120)).toBe("Showing 51-100 of 120");
    expect(showingLabel(2, 50, 120)).toBe("Showing 101-120 of 120");
  });

  it("handles exact multiples and single rows", () => {
    expect(showingLabel(1, 50, 100)).toBe("Showing 51-100 of 100");
    expect(showingLabel(0, 10, 1)).toBe("Showing 1-1 of 1");
  });

  it("says 0-0 when there is nothing to show", () => {
    expect(showingLabel(0, 50, 0)).toBe("Showing 0-0 of 0");
    expect(showingLabel(3, 50, 0)).toBe("Showing 0-0 of 0");
  });

  it("does not invent an inverted range for a page past the end", () => {
    expect(showingLabel(5, 50, 120)).toBe("Showing 0-0 of 120");
  });

  it("groups thousands", () => {
    expect(showingLabel(40, 50, 2500)).toBe("Showing 2,001-2,050 of 2,500");
  });

  it("says 'more than' when the count stopped at a cap", () => {
    expect(showingLabel(0, 50, 10_001, true)).toBe("Showing 1-50 of more than 10,000");
    expect(showingLabel(300, 50, 15_301, true)).toBe("Showing 15,001-15,050 of more than 15,300");
  });
});
