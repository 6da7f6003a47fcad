import { describe, expect, it } from "vitest";
import { z } from "zod";
import { idParam, paramId, parseParams } from "./params";

const status = (fn: () => unknown) => {
  try {
    fn();
    return "ok";
  } catch (thrown) {
    return thrown instanceof Response ? thrown.status : "other";
  }
};

describe("route params", () => {
  it("accepts positive integer ids only", () => {
    expect(paramId({ id: "42" }, "id")).toBe(42);
    for (const bad of ["abc", "0", "-1", "1e3", "1.5", "01", "", " 7", "99999999999"]) expect(status(() => paramId({ id: bad }, "id"))).toBe(404);
    expect(status(() => paramId({}, "id"))).toBe(404);
  });
  it("parses several params with a schema", () => {
    expect(parseParams({ regId: "3", move: "cancel" }, z.object({ regId: idParam, move: z.enum(["cancel", "delete"]) }))).toEqual({ regId: 3, move: "cancel" });
    expect(status(() => parseParams({ regId: "3", move: "explode" }, z.object({ regId: idParam, move: z.enum(["cancel"]) })))).toBe(404);
  });
});
