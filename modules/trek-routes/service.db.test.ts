import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { storedFileExists } from "@lib/files/storage.server";
import type { CheckedUpload } from "@lib/files/upload-rules";
import { seedDemoRoutes, DEMO_ROUTES } from "./demo.server";
import { RouteImage } from "./models/trek-route.server";
import { findRoutePoints, listRoutePoints } from "./points.server";
import {
  RouteInUseError,
  createRoute,
  deleteRoute,
  findCheckpoint,
  findRouteImage,
  getRoute,
  listRouteChoices,
  listRoutes,
  routeNameTaken,
  setRouteStatus,
  updateRoute,
  type RouteInput,
} from "./service.server";

let seq = 0;
const uniqueName = (tag: string) => `${tag} ${++seq} ${Math.random().toString(36).slice(2, 7)}`;

function input(over: Partial<RouteInput> = {}): RouteInput {
  return {
    name: uniqueName("Test Route"),
    provinceId: 4,
    startPoint: "Besisahar",
    endPoint: "Jomsom",
    description: "<p>Nice</p>",
    checkpoints: [{ name: "Chame" }, { name: "Manang" }, { name: "Muktinath" }],
    ...over,
  };
}

function png(name: string): CheckedUpload {
  const bytes = new Uint8Array(2048);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return { bytes, kind: "png", name, size: bytes.length };
}

beforeAll(async () => {
  await prepareTestDatabase();
});

describe("trek routes service", () => {
  it("creates a route with its checkpoints in order and a sanitised description", async () => {
    const id = await createRoute(input({ description: '<p onclick="x()">Hi</p><script>alert(1)</script>' }));
    const route = await getRoute(id);
    expect(route).toMatchObject({ provinceId: 4, startPoint: "Besisahar", endPoint: "Jomsom", status: "Active", description: "<p>Hi</p>" });
    expect(route!.checkpoints.map((c) => c.name)).toEqual(["Chame", "Manang", "Muktinath"]);
  });

  it("updates fields and reorders, renames, removes and adds checkpoints, keeping ids of kept ones", async () => {
    const id = await createRoute(input());
    const [chame, manang, muktinath] = (await getRoute(id))!.checkpoints;
    const ok = await updateRoute(
      id,
      input({
        name: uniqueName("Renamed"),
        endPoint: "Kagbeni",
        checkpoints: [{ id: muktinath.id, name: "Muktinath Temple" }, { id: chame.id, name: "Chame" }, { name: "Thorong Phedi" }],
      }),
    );
    expect(ok).toBe(true);
    const route = (await getRoute(id))!;
    expect(route.endPoint).toBe("Kagbeni");
    expect(route.checkpoints.map((c) => c.name)).toEqual(["Muktinath Temple", "Chame", "Thorong Phedi"]);
    expect(route.checkpoints[0].id).toBe(muktinath.id);
    expect(route.checkpoints[1].id).toBe(chame.id);
    expect(await findCheckpoint(id, manang.id)).toBeNull();
  });

  it("ignores a checkpoint id that belongs to another route (it becomes a new checkpoint)", async () => {
    const other = await createRoute(input());
    const foreign = (await getRoute(other))!.checkpoints[0];
    const id = await createRoute(input({ checkpoints: [] }));
    await updateRoute(id, input({ checkpoints: [{ id: foreign.id, name: "Hijack" }] }));
    expect((await getRoute(other))!.checkpoints[0]).toEqual(foreign);
    const mine = (await getRoute(id))!.checkpoints;
    expect(mine).toHaveLength(1);
    expect(mine[0].id).not.toBe(foreign.id);
  });

  it("returns false when updating a missing route", async () => {
    expect(await updateRoute(999_999, input())).toBe(false);
  });

  it("stores gallery and map images and removes only the chosen ones, with their files", async () => {
    const id = await createRoute(input(), [
      { kind: "gallery", file: png("a.png") },
      { kind: "gallery", file: png("b.png") },
      { kind: "map", file: png("map.png") },
    ]);
    const route = (await getRoute(id))!;
    expect(route.gallery.map((i) => i.fileName)).toEqual(["a.png", "b.png"]);
    expect(route.map.map((i) => i.fileName)).toEqual(["map.png"]);
    const a = await findRouteImage(id, route.gallery[0].id);
    expect(await storedFileExists(a!.fileKey)).toBe(true);

    await updateRoute(id, input(), { removeImageIds: [route.gallery[0].id], newImages: [{ kind: "map", file: png("map2.png") }] });
    const after = (await getRoute(id))!;
    expect(after.gallery.map((i) => i.fileName)).toEqual(["b.png"]);
    expect(after.map.map((i) => i.fileName)).toEqual(["map.png", "map2.png"]);
    expect(await storedFileExists(a!.fileKey)).toBe(false);
  });

  it("never removes another route's image", async () => {
    const other = await createRoute(input(), [{ kind: "gallery", file: png("keep.png") }]);
    const keep = (await getRoute(other))!.gallery[0];
    const id = await createRoute(input());
    await updateRoute(id, input(), { removeImageIds: [keep.id] });
    expect(await findRouteImage(other, keep.id)).not.toBeNull();
    expect(await findRouteImage(id, keep.id)).toBeNull();
  });

  it("toggles status; disabled routes are left out of the active choices", async () => {
    const id = await createRoute(input());
    expect((await listRouteChoices({ activeOnly: true })).some((r) => r.id === id)).toBe(true);
    expect(await setRouteStatus(id, "Disable")).toBe(true);
    expect((await getRoute(id))!.status).toBe("Disable");
    expect((await listRouteChoices({ activeOnly: true })).some((r) => r.id === id)).toBe(false);
    expect((await listRouteChoices()).some((r) => r.id === id)).toBe(true);
    await setRouteStatus(id, "Active");
    expect((await listRouteChoices({ activeOnly: true })).some((r) => r.id === id)).toBe(true);
    expect(await setRouteStatus(999_999, "Active")).toBe(false);
  });

  it("lists choices by name with checkpoints in route order", async () => {
    const zed = await createRoute(input({ name: uniqueName("zzz"), checkpoints: [{ name: "Two" }, { name: "One" }] }));
    const choices = await listRouteChoices();
    const names = choices.map((c) => c.name);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    expect(choices.find((c) => c.id === zed)!.checkpoints.map((c) => c.name)).toEqual(["Two", "One"]);
  });

  it("finds a checkpoint only on its own route", async () => {
    const a = await createRoute(input());
    const b = await createRoute(input());
    const cp = (await getRoute(a))!.checkpoints[1];
    expect(await findCheckpoint(a, cp.id)).toEqual({ id: cp.id, name: "Manang" });
    expect(await findCheckpoint(b, cp.id)).toBeNull();
  });

  it("refuses to delete a route that a module reports in use, and deletes it otherwise", async () => {
    const id = await createRoute(input(), [{ kind: "gallery", file: png("g.png") }]);
    const image = (await getRoute(id))!.gallery[0];
    const file = (await findRouteImage(id, image.id))!.fileKey;
    const inUse = async (routeId: number) => routeId === id;
    await expect(deleteRoute(id, inUse)).rejects.toBeInstanceOf(RouteInUseError);
    expect(await getRoute(id)).not.toBeNull();

    const unused = async () => false;
    expect(await deleteRoute(id, unused)).toBe(true);
    expect(await getRoute(id)).toBeNull();
    expect(await RouteImage.count({ where: { routeId: id } })).toBe(0);
    expect(await storedFileExists(file)).toBe(false);
    expect(await deleteRoute(id, unused)).toBe(false);
  });

  it("searches and pages the list by name, escaping wildcards", async () => {
    const tag = `Srch${Date.now()}`;
    for (const n of ["A", "B", "C"]) await createRoute(input({ name: `${tag} ${n}` }));
    await createRoute(input({ name: `${tag}%x` }));
    const page1 = await listRoutes({ name: tag, offset: 0, limit: 2 });
    expect(page1.total).toBe(4);
    expect(page1.rows.map((r) => r.name)).toEqual([`${tag} A`, `${tag} B`]);
    expect((await listRoutes({ name: `${tag}%`, offset: 0, limit: 10 })).rows.map((r) => r.name)).toEqual([`${tag}%x`]);
  });

  it("treats route names as unique regardless of case", async () => {
    const name = uniqueName("Unique");
    const id = await createRoute(input({ name }));
    expect(await routeNameTaken(name.toUpperCase())).toBe(true);
    expect(await routeNameTaken(name, id)).toBe(false);
    expect(await routeNameTaken(`${name} other`)).toBe(false);
  });

  it("seeds the demo routes once, with real checkpoints", async () => {
    await seedDemoRoutes();
    await seedDemoRoutes();
    const choices = await listRouteChoices();
    for (const demo of DEMO_ROUTES) expect(choices.filter((c) => c.name === demo.name)).toHaveLength(1);
    const ebc = choices.find((c) => c.name === "Everest Base Camp")!;
    expect(ebc.checkpoints.map((c) => c.name)).toContain("Namche Bazaar");
  });

  it("lists entry and exit points: start, checkpoints in order, end (for registration)", async () => {
    const id = await createRoute(input({ checkpoints: [{ name: "Chame" }, { name: "Besisahar" }] }));
    expect((await findRoutePoints(id))!.points).toEqual(["Besisahar", "Chame", "Jomsom"]);
    await setRouteStatus(id, "Disable");
    expect((await listRoutePoints({ activeOnly: true })).some((r) => r.id === id)).toBe(false);
    expect((await listRoutePoints()).some((r) => r.id === id)).toBe(true);
  });
});
