import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { routeActionSchema, routeFormSchema } from "./schemas";

function form(entries: [string, string][]): FormData {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}

const valid: [string, string][] = [
  ["name", "Annapurna Circuit"],
  ["provinceId", "4"],
  ["startPoint", "Besisahar"],
  ["endPoint", "Jomsom"],
  ["description", "<p>Classic</p>"],
  ["checkpoints[0].name", "Chame"],
  ["checkpoints[1].id", "7"],
  ["checkpoints[1].name", "Manang"],
];

describe("routeFormSchema", () => {
  it("parses a complete form, checkpoints in order, ids as numbers", () => {
    const s = parseWithZod(form(valid), { schema: routeFormSchema });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value).toMatchObject({ name: "Annapurna Circuit", provinceId: 4, startPoint: "Besisahar", endPoint: "Jomsom" });
    expect(s.value.checkpoints).toEqual([{ name: "Chame" }, { id: 7, name: "Manang" }]);
    expect(s.value.removeImageIds).toEqual([]);
  });

  it("says which required field is missing, in the spec's words", () => {
    const s = parseWithZod(form([["checkpoints[0].name", " "]]), { schema: routeFormSchema });
    expect(s.status).toBe("error");
    const errors = s.reply().error!;
    expect(errors.name).toEqual(["Route Name field is required"]);
    expect(errors.provinceId).toEqual(["Province field is required"]);
    expect(errors.startPoint).toEqual(["Start Point field is required"]);
    expect(errors.endPoint).toEqual(["End Point field is required"]);
    expect(errors.description).toEqual(["Description field is required"]);
    expect(errors["checkpoints[0].name"]).toEqual(["Checkpoint Name field is required"]);
  });

  it("treats an emptied editor as an empty description", () => {
    const s = parseWithZod(form([...valid.filter(([k]) => k !== "description"), ["description", "<p><br></p>"]]), { schema: routeFormSchema });
    expect(s.reply().error?.description).toEqual(["Description field is required"]);
  });

  it("allows a route without checkpoints and reads several removed image ids", () => {
    const fd = form(valid.filter(([k]) => !k.startsWith("checkpoints")));
    fd.append("removeImageIds", "3");
    fd.append("removeImageIds", "9");
    const s = parseWithZod(fd, { schema: routeFormSchema });
    expect(s.status === "success" && s.value.checkpoints).toEqual([]);
    expect(s.status === "success" && s.value.removeImageIds).toEqual([3, 9]);
  });

  it("reads a single removed image id as a list", () => {
    const fd = form(valid);
    fd.append("removeImageIds", "3");
    const s = parseWithZod(fd, { schema: routeFormSchema });
    expect(s.status === "success" && s.value.removeImageIds).toEqual([3]);
  });

  it("applies a no-JS 'Add Checkpoint' intent without saving", () => {
    const fd = form(valid);
    fd.append("__intent__", JSON.stringify({ type: "insert", payload: { name: "checkpoints", defaultValue: { name: "" } } }));
    const s = parseWithZod(fd, { schema: routeFormSchema });
    expect(s.status).not.toBe("success");
    const reply = s.reply();
    expect((reply.initialValue as { checkpoints: unknown[] }).checkpoints).toHaveLength(3);
  });
});

describe("routeActionSchema", () => {
  it("accepts the three list actions and nothing else", () => {
    for (const intent of ["enable", "disable", "delete"]) {
      expect(
        parseWithZod(
          form([
            ["intent", intent],
            ["routeId", "4"],
          ]),
          { schema: routeActionSchema },
        ).status,
      ).toBe("success");
    }
    expect(
      parseWithZod(
        form([
          ["intent", "drop"],
          ["routeId", "4"],
        ]),
        { schema: routeActionSchema },
      ).status,
    ).toBe("error");
    expect(
      parseWithZod(
        form([
          ["intent", "enable"],
          ["routeId", "x"],
        ]),
        { schema: routeActionSchema },
      ).status,
    ).toBe("error");
  });
});
