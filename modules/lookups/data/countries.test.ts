import { describe, it, expect } from "vitest";
import { COUNTRIES, SAARC_COUNTRY_IDS } from "./countries";

const byId = new Map(COUNTRIES.map((c) => [c.id, c]));

describe("COUNTRIES", () => {
  it("lists all 249 ISO 3166-1 entries", () => {
    expect(COUNTRIES).toHaveLength(249);
  });

  it("has unique ids", () => {
    expect(new Set(COUNTRIES.map((c) => c.id)).size).toBe(COUNTRIES.length);
  });

  it("has unique names", () => {
    expect(new Set(COUNTRIES.map((c) => c.name)).size).toBe(COUNTRIES.length);
  });

  it("uses positive integer ISO numeric codes and non-empty names", () => {
    for (const c of COUNTRIES) {
      expect(Number.isInteger(c.id)).toBe(true);
      expect(c.id).toBeGreaterThan(0);
      expect(c.id).toBeLessThan(1000);
      expect(c.name.trim()).toBe(c.name);
      expect(c.name.length).toBeGreaterThan(0);
    }
  });

  it("is sorted by name", () => {
    const names = COUNTRIES.map((c) => c.name);
    const sorted = [...names].sort((a, b) => a.localeCompare(b, "en"));
    expect(names).toEqual(sorted);
  });

  it("puts exactly the 8 SAARC members in region 1 and all others in region 2", () => {
    expect([...SAARC_COUNTRY_IDS].sort((a, b) => a - b)).toEqual([
      4, 50, 64, 144, 356, 462, 524, 586,
    ]);
    const region1 = COUNTRIES.filter((c) => c.regionId === 1)
      .map((c) => c.id)
      .sort((a, b) => a - b);
    expect(region1).toEqual([4, 50, 64, 144, 356, 462, 524, 586]);
    for (const c of COUNTRIES) {
      expect(c.regionId).toBe(SAARC_COUNTRY_IDS.includes(c.id) ? 1 : 2);
    }
    expect(COUNTRIES.filter((c) => c.regionId === 2)).toHaveLength(249 - 8);
  });

  it("has the SAARC members under their expected names", () => {
    expect(byId.get(4)?.name).toBe("Afghanistan");
    expect(byId.get(50)?.name).toBe("Bangladesh");
    expect(byId.get(64)?.name).toBe("Bhutan");
    expect(byId.get(144)?.name).toBe("Sri Lanka");
    expect(byId.get(462)?.name).toBe("Maldives");
    expect(byId.get(586)?.name).toBe("Pakistan");
  });

  it("has Nepal as 524 and India as 356", () => {
    expect(byId.get(524)).toEqual({ id: 524, name: "Nepal", regionId: 1 });
    expect(byId.get(356)).toEqual({ id: 356, name: "India", regionId: 1 });
  });

  it.each([
    [840, "United States"],
    [826, "United Kingdom"],
    [156, "China"],
    [392, "Japan"],
    [276, "Germany"],
    [410, "South Korea"],
    [643, "Russia"],
  ])("maps %i to %s in region 2", (id, name) => {
    expect(byId.get(id)).toEqual({ id, name, regionId: 2 });
  });
});
