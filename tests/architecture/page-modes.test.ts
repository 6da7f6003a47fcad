import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { modeBreaches, modeTable, nestingBreaches, routeModes } from "./page-modes";

const root = path.resolve(__dirname, "../..");
const ADR = path.join(root, "docs/adr/0043-two-page-modes.md");
const TABLE = /<!-- routes -->\n([\s\S]*?)\n<!-- \/routes -->/;

describe("two ways a page runs (ADR 0043)", () => {
  const modes = routeModes(root);

  it("reads every page route, of both modes", () => {
    expect(modes.length).toBeGreaterThan(80);
    expect(modes.filter((m) => m.mode === "document").length).toBeGreaterThan(20);
  });

  it("each route keeps its mode's rules, and no app page hangs under a document page", () => {
    const found = fs
      .readdirSync(path.join(root, "app/routes"))
      .filter((f) => /\.tsx?$/.test(f))
      .flatMap((f) => modeBreaches(f, fs.readFileSync(path.join(root, "app/routes", f), "utf8")));
    expect([...found, ...nestingBreaches(modes)]).toEqual([]);
  });

  it("the ADR's table lists every page route with the mode its code declares (npx tsx tests/architecture/page-modes-table.ts --write)", () => {
    expect(TABLE.exec(fs.readFileSync(ADR, "utf8"))?.[1]).toBe(modeTable(modes));
  });

  it("browser code of document pages lives in lib/ui/browser only: no module keeps DOM copies of its fields", () => {
    const copies = fs.readdirSync(path.join(root, "modules")).filter((m) => fs.existsSync(path.join(root, "modules", m, "browser")));
    expect(copies).toEqual([]);
  });

  it("catches each deliberate breach", () => {
    const doc = 'export const handle = { page: "document" };\nexport default function P() { return null; }\n';
    const withLoader = `${doc}export { documentClientLoader as clientLoader, documentLoader as loader } from "~/utils/document-page";\n`;
    expect(modeBreaches("ok.tsx", withLoader)).toEqual([]);
    expect(modeBreaches("a.tsx", doc)[0]).toContain("exports documentClientLoader");
    expect(modeBreaches("f.tsx", `${doc}export { documentClientLoader as clientLoader } from "~/utils/document-page";\n`)).toEqual([
      "f.tsx: a document page has a server loader (documentLoader if it needs no data)",
    ]);
    expect(modeBreaches("b.tsx", `${withLoader}const [x] = useState(1);\n`)[0]).toContain("useState on a document page");
    expect(modeBreaches("c.tsx", `${withLoader}<button onClick={() => 1} />\n`)[0]).toContain("onClick={ on a document page");
    expect(modeBreaches("d.tsx", 'export const handle = { hydrate: "html" };\n')[0]).toContain("handle.hydrate is gone");
    expect(modeBreaches("e.tsx", "<script nonce={n} />\n")[0]).toContain("a script tag");
    expect(
      nestingBreaches([
        { file: "users.add.tsx", mode: "document" },
        { file: "users.add.more.tsx", mode: "app" },
        { file: "users_.x.tsx", mode: "app" },
      ]),
    ).toEqual(["users.add.more.tsx: an app page nested in a document page"]);
  });
});
