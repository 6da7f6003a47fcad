import { describe, expect, it } from "vitest";
import { applyListOp, listButtonProps, renameForListOp, type ListOp } from "@lib/ui/list-intents";

const remove = (index: number): ListOp => ({ type: "remove", payload: { name: "checkpoints", index } });
const reorder = (from: number, to: number): ListOp => ({ type: "reorder", payload: { name: "checkpoints", from, to } });
const insert: ListOp = { type: "insert", payload: { name: "checkpoints", defaultValue: { name: "" } } };

describe("list buttons", () => {
  it("post Conform's intent, which the action's parseWithZod applies without JavaScript", () => {
    expect(listButtonProps("route-form", remove(1))).toEqual({
      type: "submit",
      name: "__intent__",
      value: '{"type":"remove","payload":{"name":"checkpoints","index":1}}',
      form: "route-form",
      formNoValidate: true,
    });
    expect(listButtonProps("f", insert).value).toBe('{"type":"insert","payload":{"name":"checkpoints","defaultValue":{"name":""}}}');
  });

  it("change the list as the server does", () => {
    expect(applyListOp(["a", "b", "c"], insert, () => "new")).toEqual(["a", "b", "c", "new"]);
    expect(applyListOp(["a", "b", "c"], remove(1), () => "new")).toEqual(["a", "c"]);
    expect(applyListOp(["a", "b", "c"], reorder(2, 1), () => "new")).toEqual(["a", "c", "b"]);
    expect(applyListOp(["a", "b", "c"], reorder(0, 1), () => "new")).toEqual(["b", "a", "c"]);
  });

  it("move the fields' names with their items", () => {
    const afterRemove = renameForListOp(remove(1));
    expect(["checkpoints[0].name", "checkpoints[1].name", "checkpoints[2].name", "checkpoints[3].id", "name", "checkpoints"].map(afterRemove)).toEqual([
      "checkpoints[0].name",
      null,
      "checkpoints[1].name",
      "checkpoints[2].id",
      "name",
      "checkpoints",
    ]);
    const afterMove = renameForListOp(reorder(2, 1));
    expect(["checkpoints[0].name", "checkpoints[1].name", "checkpoints[2].name", "checkpoints[3].name"].map(afterMove)).toEqual([
      "checkpoints[0].name",
      "checkpoints[2].name",
      "checkpoints[1].name",
      "checkpoints[3].name",
    ]);
    expect(renameForListOp(insert)("checkpoints[4].name")).toBe("checkpoints[4].name");
  });
});
