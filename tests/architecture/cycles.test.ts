// `npm run cycles` (dependency-cruiser, .dependency-cruiser.cjs): no import cycle, type-only imports
// included, and jobs/ and db/ import no module (ADR 0045). Shown failing on a fixture with one
// deliberate breach of each rule, and passing on the tree.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = path.resolve(__dirname, "../..");
const depcruise = path.join(root, "node_modules/.bin/depcruise");
const config = path.join(root, ".dependency-cruiser.cjs");

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

async function violations(cwd: string, dirs: string[]): Promise<Violation[]> {
  // depcruise exits non-zero when it finds errors; its JSON report is on stdout either way.
  const { stdout } = await run(depcruise, [...dirs, "--config", config, "--output-type", "json"], { cwd, maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string }) => {
      if (!error.stdout) throw error;
      return { stdout: error.stdout };
    },
  );
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

const fixture = fs.mkdtempSync(path.join(os.tmpdir(), "tims-cycles-"));
afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }));

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
  fs.writeFileSync(path.join(fixture, file), text);
}

describe("the cycle check (dependency-cruiser)", () => {
  it("fails on a cycle closed only by a type import, and on jobs/ importing a module", async () => {
    write(
      "tsconfig.json",
      JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@modules/*": ["./modules/*"] }, module: "ESNext", moduleResolution: "Bundler" } }),
    );
    write("modules/a/index.ts", 'import { b } from "@modules/b/index";\nexport const a = () => b;\n');
    write("modules/b/index.ts", 'import type { Shape } from "../a/shape";\nexport const b = (s?: Shape) => s;\n');
    write("modules/a/shape.ts", 'import type { a } from "./index";\nexport type Shape = ReturnType<typeof a>;\n');
    write("jobs/queue.ts", 'import { a } from "../modules/a/index";\nexport const run = () => a();\n');
    write("db/seed.ts", "export const seeds: string[] = [];\n");
    const found = await violations(fixture, ["modules", "jobs", "db"]);
    const rules = found.map((v) => v.rule.name).sort();
    expect(rules).toContain("no-circular");
    expect(found.find((v) => v.rule.name === "no-circular")?.cycle?.map((c) => c.name)).toEqual(expect.arrayContaining(["modules/a/shape.ts"]));
    expect(found.filter((v) => v.rule.name === "infrastructure-imports-no-module").map((v) => `${v.from} → ${v.to}`)).toEqual([
      "jobs/queue.ts → modules/a/index.ts",
    ]);
  }, 60_000);

  it("passes on the tree", async () => {
    expect(await violations(root, ["app", "lib", "modules", "jobs", "db", "emails", "scripts"])).toEqual([]);
  }, 60_000);
});
