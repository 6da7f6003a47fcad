import { describe, expect, it } from "vitest";
import { mayListCards, mayOpenAnyCard, mayOpenPanels } from "./policy";

const as = (userType: number) => ({ id: 10 + userType, userType, grants: [] as string[] });
const [fit, agency, ntb, checkpost, taan] = [1, 2, 4, 5, 6].map(as);

describe("card page rules", () => {
  it("lists cards for the free trekker only (spec 2 §6)", () => {
    expect([fit, agency, ntb, checkpost, taan].map(mayListCards)).toEqual([true, false, false, false, false]);
  });

  it("lets those who decide returned cards (board, TAAN) open any card", () => {
    expect([fit, agency, ntb, checkpost, taan].map(mayOpenAnyCard)).toEqual([false, false, true, false, true]);
  });

  it("opens trekker panels for the board and those who register treks, not for TAAN (spec 2 §2)", () => {
    expect([fit, agency, ntb, checkpost, taan].map(mayOpenPanels)).toEqual([true, true, true, true, false]);
  });
});
