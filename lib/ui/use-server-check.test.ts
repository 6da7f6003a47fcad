import { describe, expect, it } from "vitest";
import { errorsIn, renameKeys } from "@lib/ui/use-server-check";

describe("the server check's messages", () => {
  it("keep the fields left so far, with messages", () => {
    const answer = { name: ["Route Name field is required"], endPoint: ["End Point field is required"], startPoint: [], provinceId: null };
    expect(errorsIn(answer, new Set(["name", "startPoint", "provinceId"]))).toEqual({ name: ["Route Name field is required"] });
    expect(errorsIn(answer)).toEqual({ name: ["Route Name field is required"], endPoint: ["End Point field is required"] });
    expect(errorsIn(undefined)).toEqual({});
  });

  it("follow a renamed field and drop a forgotten one", () => {
    const to = (name: string) => (name === "a" ? null : name === "b" ? "c" : name);
    expect(renameKeys({ a: ["x"], b: ["y"], d: ["z"] }, to)).toEqual({ c: ["y"], d: ["z"] });
  });
});
