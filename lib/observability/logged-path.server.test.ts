import { describe, expect, it } from "vitest";
import { loggedPath } from "@lib/observability/logger.server";

describe("the HTTP log's path", () => {
  it("masks a follower link's signed token, the one secret a path carries", () => {
    const token = "eyJ0IjoxMiwiZSI6MTc2NDMzMDAwMH0.c2lnbmF0dXJlLWJ5dGVzLWhlcmU";
    expect(loggedPath(`/follow/${token}`)).toBe("/follow/[redacted]");
  });

  it("keeps short segments and record ids, which an operator needs to follow a request", () => {
    expect(loggedPath("/trekkers/1234/card")).toBe("/trekkers/1234/card");
    expect(loggedPath("/payments/6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e")).toBe("/payments/6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e");
  });
});
