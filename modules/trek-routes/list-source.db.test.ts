import { beforeAll, describe, expect, it } from "vitest";
import { exportList, loadList } from "@lib/list/list.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { routeListSource } from "./list-source.server";
import { routesList } from "./routes-list";
import { createRoute } from "./service.server";

// The Routes list on the list kit: by name (then id), both ways; the RoutesList export pages by
// the (name, id) keyset and equals the list.

const tag = `Keyset ${Math.random().toString(36).slice(2, 7)}`;
const get = (query: string) => new Request(`http://tims.test/route${query}`);

beforeAll(async () => {
  await prepareTestDatabase();
  for (const name of ["Delta", "Alpha", "Charlie", "Bravo", "Echo"]) {
    await createRoute({ name: `${tag} ${name}`, provinceId: 3, startPoint: "Syabrubesi", endPoint: "Kyanjin Gompa", checkpoints: [], description: "<p>x</p>" });
  }
});

const names = (rows: { name: string }[]) => rows.map((r) => r.name.slice(tag.length + 1));

describe("the routes list", () => {
  it("sorts by name either way and pages", async () => {
    expect(names((await loadList(routesList, get(`?name=${encodeURIComponent(tag)}`), routeListSource())).rows)).toEqual([
      "Alpha",
      "Bravo",
      "Charlie",
      "Delta",
      "Echo",
    ]);
    const desc = await loadList(routesList, get(`?name=${encodeURIComponent(tag)}&sort=-name&pageSize=10&pageindex=0`), routeListSource());
    expect(names(desc.rows)).toEqual(["Echo", "Delta", "Charlie", "Bravo", "Alpha"]);
  });

  it("exports every route once, in the list's order, two at a time", async () => {
    for (const sort of ["name", "-name"]) {
      const query = `?name=${encodeURIComponent(tag)}&sort=${sort}`;
      const listed = names((await loadList(routesList, get(query), routeListSource())).rows);
      const text = new TextDecoder().decode(await exportList(routesList, get(query), routeListSource(), { batchSize: 2 }).arrayBuffer());
      const lines = text.trim().split("\n");
      expect(lines[0]).toBe("Route Id,Route Name,Province,Start Point,End Point,Status");
      expect(lines.slice(1).map((l) => l.split(",")[1].slice(tag.length + 1))).toEqual(listed);
      expect(lines[1]).toContain(",Bagmati,Syabrubesi,Kyanjin Gompa,Active");
    }
  });
});
