import { formatNpr, parsePaisa, parseRupees, rupees, rupeesFixed2, rupeesGrouped } from "./money";

describe("money at the providers' edges", () => {
  it("formats paisa as the rupee text each provider wants", () => {
    expect(rupees(11000)).toBe("110");
    expect(rupees(11050)).toBe("110.50");
    expect(rupees(5)).toBe("0.05");
    expect(rupeesFixed2(10000)).toBe("100.00");
    expect(rupeesFixed2(123456)).toBe("1234.56");
    expect(rupeesGrouped(100000)).toBe("1,000.0");
    expect(rupeesGrouped(270000)).toBe("2,700.0");
    expect(rupeesGrouped(270050)).toBe("2,700.5");
    expect(rupeesGrouped(270055)).toBe("2,700.55");
    expect(formatNpr(123456789)).toBe("NRs. 1,234,567.89");
  });

  it("refuses fractional or negative paisa", () => {
    expect(() => rupees(10.5)).toThrow(RangeError);
    expect(() => rupeesFixed2(-1)).toThrow(RangeError);
  });

  it("reads rupee amounts in every format the providers answer with", () => {
    expect(parseRupees("1000.0")).toBe(100000);
    expect(parseRupees("2,700.0")).toBe(270000);
    expect(parseRupees("1,23,456.50")).toBe(12345650);
    expect(parseRupees("110")).toBe(11000);
    expect(parseRupees(" 30 ")).toBe(3000);
    expect(parseRupees("100.00")).toBe(10000);
    expect(parseRupees("0.05")).toBe(5);
    expect(parseRupees("1.000")).toBe(100);
    expect(parseRupees(1000.0)).toBe(100000);
    expect(parseRupees(27.5)).toBe(2750);
    expect(parseRupees(0.1 + 0.2)).toBe(30);
  });

  it("rejects what is not an amount", () => {
    for (const bad of ["", "abc", "-10", "1.005", "1,0", "10,", ",100", "1e3", "1.2.3", "Rs 10", null, undefined, NaN, -1, 1.005, {}]) {
      expect(parseRupees(bad), String(bad)).toBeNull();
    }
  });

  it("reads paisa as integers only, both ways round", () => {
    expect(parsePaisa("500")).toBe(500);
    expect(parsePaisa(1000)).toBe(1000);
    for (const bad of ["5.0", "-5", "", "1,000", 10.5, -1, "x"]) expect(parsePaisa(bad), String(bad)).toBeNull();
    for (const paisa of [0, 1, 99, 100, 101, 270000, 123456789]) {
      expect(parseRupees(rupees(paisa))).toBe(paisa);
      expect(parseRupees(rupeesFixed2(paisa))).toBe(paisa);
      expect(parseRupees(rupeesGrouped(paisa))).toBe(paisa);
      expect(parsePaisa(String(paisa))).toBe(paisa);
    }
  });
});
