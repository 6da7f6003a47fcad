import { describe, expect, it } from "vitest";
import { memo } from "./memo.server";

describe("memo", () => {
  it("loads once within the time to live, again after it or after clear()", async () => {
    let loads = 0;
    let time = 0;
    const m = memo(async () => ++loads, 1000, () => time);
    expect(await m.get()).toBe(1);
    expect(await m.get()).toBe(1);
    time = 999;
    expect(await m.get()).toBe(1);
    time = 1000;
    expect(await m.get()).toBe(2);
    m.clear();
    expect(await m.get()).toBe(3);
  });

  it("keeps no failed load and no load that a clear() overtook", async () => {
    let fail = true;
    let loads = 0;
    const m = memo(async () => {
      loads++;
      if (fail) throw new Error("down");
      return loads;
    }, 60_000);
    await expect(m.get()).rejects.toThrow("down");
    fail = false;
    expect(await m.get()).toBe(2);
    m.clear();
    const pending = m.get();
    m.clear();
    expect(await pending).toBe(3);
    expect(await m.get()).toBe(4);
  });
});
