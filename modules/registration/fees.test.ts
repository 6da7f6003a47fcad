import { describe, expect, it } from "vitest";
import { DEFAULT_FEE_RULES, feeFor, formatNrs, priceRegion, totalFor } from "./fees";

const USER_TYPES = { fit: 1, agency: 2, ntb: 4, checkpost: 5 } as const;
const rules = DEFAULT_FEE_RULES;

describe("card prices (spec 1 §9)", () => {
  // Every combination of registering user type, trekker type and the trekker's country region.
  const cases: [keyof typeof USER_TYPES, number, number, number][] = [];
  for (const user of ["fit", "agency", "checkpost"] as const) {
    cases.push([user, 3, 1, 1000_00], [user, 3, 2, 2000_00], [user, 5, 1, 0], [user, 5, 2, 0]);
  }
  cases.push(["ntb", 3, 1, 500_00], ["ntb", 3, 2, 500_00], ["ntb", 5, 1, 500_00], ["ntb", 5, 2, 500_00]);
  it.each(cases)("%s registering trekker type %i from region %i costs %i paisa", (user, trekkerType, region, expected) => {
    expect(feeFor(rules, USER_TYPES[user], priceRegion(trekkerType, region))).toBe(expected);
  });

  it("children are region 5 whatever their country", () => {
    expect(priceRegion(5, 1)).toBe(5);
    expect(priceRegion(5, 2)).toBe(5);
    expect(priceRegion(3, 2)).toBe(2);
  });

  it("sums the trekkers of a registration", () => {
    expect(
      totalFor(rules, 1, [
        { trekkerType: 3, countryRegion: 2 },
        { trekkerType: 5, countryRegion: 2 },
        { trekkerType: 3, countryRegion: 1 },
      ]),
    ).toBe(3000_00);
    expect(totalFor(rules, 2, [])).toBe(0);
  });

  it("the most specific rule wins and a missing rule is an error", () => {
    const custom = [...rules, { userType: 5, regionId: 2, amountPaisa: 1500_00 }];
    expect(feeFor(custom, 5, 2)).toBe(1500_00);
    expect(feeFor(custom, 1, 2)).toBe(2000_00);
    expect(() => feeFor([{ userType: 1, regionId: 1, amountPaisa: 1 }], 2, 1)).toThrow(/No fee rule/);
  });

  it("formats NRs.", () => {
    expect(formatNrs(2000_00)).toBe("NRs. 2,000");
    expect(formatNrs(12_34_567_00)).toBe("NRs. 12,34,567");
    expect(formatNrs(0)).toBe("NRs. 0");
    expect(formatNrs(1050)).toBe("NRs. 10.50");
  });
});
