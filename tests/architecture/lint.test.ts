import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * Each custom lint rule (eslint.config.js, docs/adr/0044) fails on a deliberate breach: a snippet
 * is linted as if it were a file at `filePath` in this tree (the file need not exist; what it
 * imports must), with the project's own config, and the rule's id must be in the messages. The
 * import-boundary messages start with the rule's name as the architecture test used to report it.
 */
const root = path.resolve(__dirname, "../..");
let eslint: ESLint;
// The first lint loads the config, the TypeScript parser and the plugins (a few seconds; more on a
// busy machine), so it happens here rather than in the first test.
beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.lintText("export {};\n", { filePath: path.join(root, "lib/warm-up.ts") });
}, 120_000);

/** "ruleId" or "ruleId: first word of the message" for every message on the snippet. */
async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.map((m) => (m.ruleId === "boundaries/dependencies" ? `${m.ruleId}: ${m.message.split(":")[0]}` : String(m.ruleId)));
}

describe("import boundaries (boundaries/dependencies)", () => {
  it("a module importing app/", async () => {
    expect(
      await lint("modules/cards/breach.ts", `import { RouteErrorBoundary } from "~/components/layout/error-page";\nexport const x = RouteErrorBoundary;`),
    ).toEqual(["boundaries/dependencies: module-imports-app"]);
  });
  it("lib/ importing a module or app/", async () => {
    expect(await lint("lib/breach.ts", `import { can } from "@modules/users";\nimport { links } from "../app/root";\nexport const x = [can, links];`)).toEqual([
      "boundaries/dependencies: lib-imports-upward",
      "boundaries/dependencies: lib-imports-upward",
    ]);
  });
  it("db/, jobs/ or emails/ importing app/", async () => {
    expect(await lint("jobs/breach.ts", `export const x = () => import("~/root");`)).toEqual(["boundaries/dependencies: infrastructure-imports-app"]);
  });
  it("a deep import into another module, by alias or relative path, import or re-export, from a route, a module or a test", async () => {
    expect(await lint("app/routes/breach.tsx", `import { CARD_TRANSITIONS } from "@modules/cards/lifecycle";\nexport const x = CARD_TRANSITIONS;`)).toEqual([
      "boundaries/dependencies: deep-import",
    ]);
    expect(
      await lint("app/routes/breach.tsx", `import { CARD_TRANSITIONS } from "../../modules/cards/lifecycle";\nexport const x = CARD_TRANSITIONS;`),
    ).toEqual(["boundaries/dependencies: deep-import"]);
    expect(await lint("modules/payments/breach.ts", `export { CARD_TRANSITIONS } from "@modules/cards/lifecycle";`)).toEqual([
      "boundaries/dependencies: deep-import",
    ]);
    expect(await lint("tests/breach.test.ts", `import type { CardStatus } from "@modules/cards/lifecycle";\nexport type X = CardStatus;`)).toEqual([
      "boundaries/dependencies: deep-import",
    ]);
  });
  it("a module's permission declaration read by anyone but the permission table, or importing more than the contract", async () => {
    expect(await lint("app/routes/breach.tsx", `import { permissions } from "@modules/cards/permissions";\nexport const x = permissions;`)).toEqual([
      "boundaries/dependencies: deep-import",
    ]);
    expect(
      await lint(
        "modules/cards/permissions.ts",
        `import type { UserType } from "@modules/contract";\nimport { can } from "@modules/users";\nexport const x = can; export type X = UserType;`,
      ),
    ).toEqual(["boundaries/dependencies: permission-declaration-imports"]);
  });
  it("a file the browser may load importing a *.server file by value", async () => {
    expect(await lint("modules/cards/breach.ts", `import { pdfJobs } from "./pdf.server";\nexport const x = pdfJobs;`)).toEqual([
      "boundaries/dependencies: client-file-imports-server",
    ]);
  });
  it("a page reaching a server file outside app/ by a relative path", async () => {
    expect(await lint("app/routes/breach.tsx", `import { listCards } from "../../modules/cards/index.server";\nexport const x = listCards;`)).toEqual([
      "boundaries/dependencies: relative-server-import",
    ]);
  });
  it("lets public entries, a module's own files, the permission table, type imports and server files through", async () => {
    expect(
      await lint(
        "app/routes/clean.tsx",
        `import { can } from "@modules/users";\nimport { requireUser } from "~/utils/guards.server";\nimport { NameForm } from "@modules/users/index.ui";\nimport { x } from "@modules/cards/index.server";\nexport const y = [can, requireUser, NameForm, x];`,
      ),
    ).toEqual([]);
    expect(
      await lint(
        "modules/cards/clean.server.ts",
        `import { CARD_TRANSITIONS } from "./lifecycle";\nimport { pdfJobs } from "./pdf.server";\nimport { can } from "@modules/users";\nimport { formatDate } from "@lib/dates";\nexport const y = [CARD_TRANSITIONS, pdfJobs, can, formatDate];`,
      ),
    ).toEqual([]);
    expect(await lint("modules/cards/clean.ts", `import type { Card } from "./card-store.server";\nexport type Y = Card;`)).toEqual([]);
    expect(await lint("modules/permissions.ts", `import { permissions } from "./cards/permissions";\nexport const y = permissions;`)).toEqual([]);
    expect(await lint("modules/cards/clean.test.ts", `import { pdfJobs } from "./pdf.server";\nexport const y = pdfJobs;`)).toEqual([]);
  });
});

describe("the add-a-page guide's conventions (no-restricted-syntax)", () => {
  it("`{ ok: false }` in a route or a module service", async () => {
    expect(await lint("app/routes/breach.tsx", `export async function action() {\n  return { ok: false, message: "No" };\n}`)).toEqual([
      "no-restricted-syntax",
    ]);
    expect(await lint("modules/cards/breach.server.ts", `export async function refuse() {\n  return { ok: false, message: "No" };\n}`)).toEqual([
      "no-restricted-syntax",
    ]);
  });
  it("an inline 404 instead of notFound()", async () => {
    expect(await lint("app/routes/breach.tsx", `export async function loader() {\n  throw new Response("Not Found", { status: 404 });\n}`)).toEqual([
      "no-restricted-syntax",
    ]);
    expect(await lint("app/routes/breach.ts", `export async function action() {\n  return Response.json({ error: "none" }, { status: 404 });\n}`)).toEqual([
      "no-restricted-syntax",
    ]);
    expect(await lint("modules/cards/breach.server.ts", `export async function find() {\n  throw new Response("Not Found", { status: 404 });\n}`)).toEqual([
      "no-restricted-syntax",
    ]);
  });
  it("lets the helpers through", async () => {
    expect(
      await lint(
        "app/routes/clean.tsx",
        `import { notFound } from "@lib/param-id";\nimport { conflictError } from "@lib/errors";\nexport async function loader() {\n  if (Date.now() < 0) throw conflictError("Too late");\n  throw notFound();\n}`,
      ),
    ).toEqual([]);
  });
});

describe("React hooks", () => {
  it("a hook called conditionally (rules-of-hooks) and an effect missing a dependency (exhaustive-deps)", async () => {
    const code = `import { useEffect, useState } from "react";\nexport function Breach({ on, id }: { on: boolean; id: number }) {\n  if (on) useState(0);\n  useEffect(() => console.log(id), []);\n  return null;\n}`;
    expect(await lint("app/components/breach.tsx", code)).toEqual(["react-hooks/rules-of-hooks", "react-hooks/exhaustive-deps"]);
  });
});
