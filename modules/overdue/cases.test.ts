// The expected position of a trekker today: the route's points between the entry and the exit
// point spread evenly over the trek's days.
import { describe, expect, it } from "vitest";
import { caseAgeDays, expectedPosition } from "./cases";

const trek = {
  points: ["Besisahar", "Chame", "Manang", "Thorong Phedi", "Muktinath", "Jomsom"],
  entryPoint: "Besisahar",
  exitPoint: "Muktinath",
  entryDate: "2042-03-01",
  exitDate: "2042-03-09",
};

describe("expectedPosition", () => {
  it("puts the entry point on the entry date and the exit point on the exit date, evenly between", () => {
    expect(expectedPosition(trek, "2042-03-01")).toMatchObject({ place: "Besisahar", day: 1, days: 9 });
    expect(expectedPosition(trek, "2042-03-03")).toMatchObject({ place: "Chame", day: 3 });
    expect(expectedPosition(trek, "2042-03-05")).toMatchObject({ place: "Manang", day: 5 });
    expect(expectedPosition(trek, "2042-03-09")).toMatchObject({ place: "Muktinath", day: 9 });
  });

  it("says before and after the trek, and walks a route entered from its end backwards", () => {
    expect(expectedPosition(trek, "2042-02-27").text).toBe("Not started: enters at Besisahar on 2042-03-01.");
    expect(expectedPosition(trek, "2042-03-12").text).toBe("Should have left the trail at Muktinath by 2042-03-09.");
    const back = { ...trek, entryPoint: "Jomsom", exitPoint: "Manang", exitDate: "2042-03-04" };
    expect(expectedPosition(back, "2042-03-02").place).toBe("Muktinath");
    expect(expectedPosition(back, "2042-03-03").place).toBe("Thorong Phedi");
  });

  it("counts a case's age in days since its due date", () => {
    expect(caseAgeDays("2042-03-10", "2042-03-10")).toBe(0);
    expect(caseAgeDays("2042-03-10", "2042-03-13")).toBe(3);
  });
});
