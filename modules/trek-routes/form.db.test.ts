import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { readRouteForm } from "./form.server";
import { createRoute } from "./service.server";
import { makePng } from "../../tests/factories/images";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
function file(name: string, size: number, head: number[] | string = PNG): File {
  const bytes = new Uint8Array(size);
  bytes.set(typeof head === "string" ? Array.from(Buffer.from(head)) : head);
  return new File([bytes], name, { type: "image/png" });
}
/** A real PNG: stored images are decoded and written again, so magic bytes alone are refused. */
const png = (name: string) => new File([new Uint8Array(makePng(32, 32))], name, { type: "image/png" });

function request(fields: Record<string, string | string[]>, files: [string, File][] = []): Request {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const value of [v].flat()) fd.append(k, value);
  for (const [k, f] of files) fd.append(k, f);
  return new Request("http://test/route-add", { method: "POST", body: fd });
}

const base = () => ({
  name: `Form Route ${Math.random().toString(36).slice(2)}`,
  provinceId: "3",
  startPoint: "Syabrubesi",
  endPoint: "Kyanjin Gompa",
  description: '<p>Valley<img src=x onerror="alert(1)"></p><script>alert(1)</script>',
  "checkpoints[0].name": "Lama Hotel",
});

beforeAll(async () => {
  await prepareTestDatabase();
});

describe("readRouteForm", () => {
  it("returns clean input and checked images", async () => {
    const out = await readRouteForm(
      request(base(), [
        ["galleryFiles", png("one.png")],
        ["mapFiles", png("map.png")],
      ]),
      null,
    );
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.input.description).toBe("<p>Valley</p>");
    expect(out.input.checkpoints).toEqual([{ name: "Lama Hotel" }]);
    expect(out.newImages.map((i) => [i.kind, i.file.name])).toEqual([
      ["gallery", "one.png"],
      ["map", "map.png"],
    ]);
  });

  it("reports every bad file with the spec's texts and keeps the typed values", async () => {
    const out = await readRouteForm(
      request(base(), [
        ["galleryFiles", file("small.png", 200)],
        ["galleryFiles", file("fake.png", 2048, "not an image")],
        ["mapFiles", file("doc.pdf", 2048, "%PDF-1.4")],
      ]),
      null,
    );
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.fileErrors.gallery).toEqual(["small.png: The file size should be at least 1Kb.", "fake.png: Only .jpg and .png extensions allowed"]);
    expect(out.fileErrors.map).toEqual(["doc.pdf: Only .jpg and .png extensions allowed"]);
    expect((out.result.initialValue as Record<string, unknown>).startPoint).toBe("Syabrubesi");
  });

  it("echoes only the sanitised description on a failed submission", async () => {
    const out = await readRouteForm(request({ ...base(), name: "" }), null);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.result.error?.name).toEqual(["Route Name field is required"]);
    expect((out.result.initialValue as Record<string, unknown>).description).toBe("<p>Valley</p>");
  });

  it("refuses a description that is only a script", async () => {
    const out = await readRouteForm(request({ ...base(), description: "<script>alert(1)</script>" }), null);
    expect(!out.ok && out.result.error?.description).toEqual(["Description field is required"]);
  });

  it("refuses an unknown province and a duplicate name (except the route itself)", async () => {
    const fields = base();
    const id = await createRoute({ ...fields, provinceId: 3, checkpoints: [] });
    const dup = await readRouteForm(request({ ...fields, provinceId: "99" }), null);
    expect(!dup.ok && dup.result.error?.name).toEqual(["A route with this name already exists"]);
    expect(!dup.ok && dup.result.error?.provinceId).toEqual(["Please choose a province from the list"]);
    expect((await readRouteForm(request(fields), id)).ok).toBe(true);
  });

  it("refuses an oversized post before reading it", async () => {
    const req = new Request("http://test/route-add", { method: "POST", body: "x", headers: { "content-length": String(200 * 1024 * 1024) } });
    await expect(readRouteForm(req, null)).rejects.toMatchObject({ status: 413 });
  });
});
