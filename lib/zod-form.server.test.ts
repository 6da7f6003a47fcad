// Issue 26: Conform throws on an `__intent__` or `__state__` it did not write; our parseWithZod
// turns such a post into a failed submission (a 400 with one form error) instead of a 500.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseWithZod, UNREADABLE_FORM } from "./zod-form.server";

const schema = z.object({ name: z.string() });
const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

describe("parseWithZod", () => {
  it.each([
    ["not JSON", [["__intent__", "x"]]],
    ["JSON without a type", [["__intent__", "{}"]]],
    ["a bare number", [["__intent__", "1"]]],
    ["JSON null", [["__intent__", "null"]]],
    [
      "sent twice",
      [
        ["__intent__", '{"type":"validate","payload":{"name":"name"}}'],
        ["__intent__", "x"],
      ],
    ],
    ["a state that is not JSON", [["__state__", "{"]]],
  ] as [string, [string, string][]][])("an intent or state it cannot read (%s) is a form error, not a throw", (_what, controls) => {
    const submission = parseWithZod(form([["name", "Anna"], ...controls]), { schema });
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error).toEqual({ "": [UNREADABLE_FORM] });
    expect(submission.reply().error).toEqual({ "": [UNREADABLE_FORM] });
  });

  it("reads Conform's own intents and plain submissions as before", () => {
    expect(parseWithZod(form([["name", "Anna"]]), { schema })).toMatchObject({ status: "success", value: { name: "Anna" } });
    const validate = parseWithZod(
      form([
        ["name", "Anna"],
        ["__intent__", '{"type":"validate","payload":{"name":"name"}}'],
      ]),
      { schema },
    );
    // A validate intent is not a submission: no status, and no form error of ours.
    expect(validate.status).toBeUndefined();
    expect(validate.status !== "success" && validate.error?.[""]).toBeFalsy();
  });
});
