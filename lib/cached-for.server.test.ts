import { describe, expect, it } from "vitest";
import { cachedFor } from "./cached-for.server";

describe("cachedFor", () => {
  it("reads once per period, again after it or after forget, never keeps a failure, and a period of 0 always reads", async () => {
    let clock = 1_000;
    let period = 30_000;
    let reads = 0;
    let fail = false;
    const get = cachedFor(
      () => period,
      async () => {
        reads++;
        if (fail) throw new Error("down");
        return reads;
      },
      () => clock,
    );
    expect(await get()).toBe(1);
    clock += 29_999;
    expect(await get()).toBe(1);
    clock += 1;
    expect(await get()).toBe(2);
    get.forget();
    expect(await get()).toBe(3);
    get.forget();
    fail = true;
    await expect(get()).rejects.toThrow("down");
    fail = false;
    expect(await get()).toBe(5);
    period = 0;
    expect(await get()).toBe(6);
    expect(await get()).toBe(7);
  });
});
