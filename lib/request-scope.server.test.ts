import { describe, expect, it } from "vitest";
import { inRequestScope, oncePerRequest } from "./request-scope.server";

function counter() {
  let loads = 0;
  return { load: async () => ++loads, loads: () => loads };
}

describe("oncePerRequest", () => {
  it("shares one load between the GET loaders of a request, each with its own Request copy", async () => {
    const c = counter();
    await inRequestScope(async () => {
      const [a, b] = await Promise.all([
        oncePerRequest(new Request("http://t.test/x"), "k", c.load),
        oncePerRequest(new Request("http://t.test/x?index"), "k", c.load),
      ]);
      expect([a, b]).toEqual([1, 1]);
    });
    expect(c.loads()).toBe(1);
  });

  it("loads again in the next request: nothing is kept across requests", async () => {
    const c = counter();
    await inRequestScope(() => oncePerRequest(new Request("http://t.test/x"), "k", c.load));
    await inRequestScope(() => oncePerRequest(new Request("http://t.test/x"), "k", c.load));
    expect(c.loads()).toBe(2);
  });

  it("an action reads afresh, and the loaders after it do not see what it read", async () => {
    const c = counter();
    await inRequestScope(async () => {
      const post = new Request("http://t.test/x", { method: "POST" });
      expect(await oncePerRequest(post, "k", c.load)).toBe(1);
      expect(await oncePerRequest(post, "k", c.load)).toBe(1);
      expect(await oncePerRequest(new Request("http://t.test/x"), "k", c.load)).toBe(2);
    });
  });

  it("outside a scope, is kept per Request object only", async () => {
    const c = counter();
    const request = new Request("http://t.test/x");
    await oncePerRequest(request, "k", c.load);
    await oncePerRequest(request, "k", c.load);
    await oncePerRequest(new Request("http://t.test/x"), "k", c.load);
    expect(c.loads()).toBe(2);
  });
});
