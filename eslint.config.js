// ESLint for the whole tree (docs/adr/0044-lint-and-format.md): `npm run lint`, zero warnings.
// Layers: @eslint/js and typescript-eslint recommended, react-hooks, jsx-a11y, the import
// boundaries of docs/adr/0001 (eslint-plugin-boundaries), and the add-a-page guide's conventions
// (docs/guide-add-a-page.md) as no-restricted-syntax. tests/architecture/lint.test.ts shows each
// custom rule failing on a deliberate breach.
import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import boundaries from "eslint-plugin-boundaries";
import globals from "globals";

const root = path.dirname(fileURLToPath(import.meta.url));

const TEST_FILES = ["**/*.test.{ts,tsx}", "tests/**", "bench/**"];

// --- The add-a-page guide's conventions -------------------------------------------------------
/** A refusal is a thrown DomainError (@lib/errors), never a returned `{ ok: false }`. */
const NO_OK_FALSE = {
  selector: "ObjectExpression > Property[key.name='ok'][value.value=false]",
  message:
    "A refusal throws a DomainError from @lib/errors (fieldError, notFoundError, conflictError…), it does not return { ok: false } (docs/guide-add-a-page.md §1).",
};
/** 404 comes from the one helper, `notFound()` from @lib/param-id (or paramId/parseParams for a param). */
const NO_INLINE_404 = [
  {
    selector: "NewExpression[callee.name='Response'] ObjectExpression > Property[key.name='status'][value.value=404]",
    message:
      "Answer 404 with notFound() from @lib/param-id (throw notFound()), or paramId/parseParams for a bad param: one not-found helper (docs/guide-add-a-page.md §3).",
  },
  {
    selector: "CallExpression[callee.object.name='Response'][callee.property.name='json'] ObjectExpression > Property[key.name='status'][value.value=404]",
    message: "Answer 404 with notFound() from @lib/param-id (throw notFound()): one not-found helper (docs/guide-add-a-page.md §3).",
  },
];
// `throw new Error(` in modules is not linted: of the 55 today all but a handful are invariants and
// configuration errors (a 500 is right), and no syntax tells them from a refusal.

// --- Import boundaries (docs/adr/0001; what tests/architecture/import-graph.ts checked before) ---
// Elements are folders (first match wins); file categories mark the files the rules single out.
// A module's public entries are modules/<m>/index*.ts(x): a pattern, not a list, so entries may be
// renamed or merged without touching this file.
const ELEMENTS = [
  { type: "module", pattern: "modules/*", partialMatch: false, capture: ["module"] },
  { type: "modules-root", pattern: "modules", partialMatch: false }, // contract.ts, permissions.ts, registry.server.ts
  { type: "app", pattern: "app", partialMatch: false },
  { type: "lib", pattern: "lib", partialMatch: false },
  { type: "infrastructure", pattern: ["db", "jobs", "emails"], partialMatch: false },
  { type: "tooling", pattern: ["tests", "bench", "scripts"], partialMatch: false },
];
const FILES = [
  // The composition root (ADR 0045) and the process entries that start it outside Remix.
  { category: "composition", pattern: "app/composition.server.ts" },
  { category: "process-entry", pattern: ["jobs/worker.ts", "db/cli.ts"] },
  { category: "roles", pattern: "modules/roles.ts" },
  { category: "entry", pattern: "modules/*/index*.{ts,tsx}" },
  { category: "permissions", pattern: "modules/*/permissions.ts" },
  { category: "contract", pattern: "modules/contract.ts" },
  { category: "permission-table", pattern: "modules/permissions.ts" },
  { category: "server", pattern: "**/*.server.{ts,tsx}" },
  { category: "test", pattern: ["**/*.test.{ts,tsx}", "**/test-helpers.ts"] },
  { category: "source", pattern: "**/*" }, // every file has a category, so `noneOf` sees them all
];
const anotherModule = { type: "module", captured: { module: "!{{ from.element.captured.module }}" } };
const BOUNDARY_POLICIES = [
  {
    // Tests start their own process, so they may put the app together (the composition root) too.
    from: { element: { types: { anyOf: ["module", "modules-root"] } } },
    disallow: { to: { element: { type: "app" }, file: { categories: { noneOf: ["composition"] } } } },
    message: "module-imports-app: modules never import from app/ (app → modules → lib, docs/adr/0001).",
  },
  {
    from: { element: { type: "lib" } },
    disallow: { to: { module: { origin: "local" }, element: { types: { noneOf: ["lib"] } } } },
    message: "lib-imports-upward: lib/ imports only lib/ and packages (docs/adr/0001).",
  },
  {
    from: { element: { types: { anyOf: ["module", "modules-root"] } }, file: { categories: { noneOf: ["test"] } } },
    disallow: { to: { file: { categories: { anyOf: ["composition"] } } } },
    message: "module-imports-app: only the app, the process entries and tests import the composition root (docs/adr/0045).",
  },
  {
    // The process entries (the worker, the database CLI) put the app together from the composition root.
    from: { element: { type: "infrastructure" }, file: { categories: { noneOf: ["process-entry", "test"] } } },
    disallow: { to: { element: { type: "app" } } },
    message: "infrastructure-imports-app: db/, jobs/ and emails/ never import from app/ (the worker and the CLI only its composition root).",
  },
  {
    from: { file: { categories: { anyOf: ["process-entry"] } } },
    disallow: { to: { element: { type: "app" }, file: { categories: { noneOf: ["composition"] } } } },
    message: "infrastructure-imports-app: db/, jobs/ and emails/ never import from app/ (the worker and the CLI only its composition root).",
  },
  {
    // Another module's files only through its public entries (its own files freely).
    disallow: { to: { element: anotherModule, file: { categories: { noneOf: ["entry", "permissions"] } } } },
    message: "deep-import: import another module only through its public entries modules/<m>/index*.ts (docs/adr/0001, 0016).",
  },
  {
    // A module's permission declaration is read by the permission table and its own module only.
    from: { file: { categories: { noneOf: ["permission-table"] } } },
    disallow: { to: { element: anotherModule, file: { categories: { anyOf: ["permissions"] } } } },
    message: "deep-import: a module's permissions.ts is read only by modules/permissions.ts (the table) and its own module.",
  },
  {
    // A permission declaration stays a leaf, so no cycle can pass through the table.
    from: { file: { categories: { anyOf: ["permissions"] } } },
    disallow: { to: { module: { origin: "local" }, file: { categories: { noneOf: ["contract", "roles"] } } } },
    message: "permission-declaration-imports: modules/<m>/permissions.ts imports only modules/contract.ts or modules/roles.ts (types), so it stays a leaf.",
  },
  {
    // Remix empties *.server files in the browser build only when app/ imports them; a file outside
    // app/ that pages may load must not import one by value, or Sequelize and Bull land in the browser.
    from: { element: { types: { anyOf: ["module", "modules-root", "lib"] } }, file: { categories: { noneOf: ["server", "test"] } } },
    disallow: { to: { file: { categories: { anyOf: ["server"] } } }, dependency: { kind: "value" } },
    message:
      "client-file-imports-server: a file pages may load (outside app/, not *.server, not a test) imports a *.server file by value; import it from a *.server file or make it `import type`.",
  },
  {
    // …and app/ reaches a server file outside app/ only through an alias, which Remix recognises.
    // Tests are never bundled.
    from: { element: { type: "app" }, file: { categories: { noneOf: ["server", "composition", "test"] } } },
    disallow: {
      to: { element: { types: { noneOf: ["app"] } }, file: { categories: { anyOf: ["server"] } } },
      dependency: { source: ["../**", "../../**", "../../../**", "../../../../**"] },
    },
    message:
      "relative-server-import: import a *.server file outside app/ through its alias (@modules/…, @lib/…); Remix empties a relative one only inside app/.",
  },
];

export default tseslint.config(
  {
    // What .gitignore ignores (build output, data, test output) and generated or vendored files.
    ignores: [
      "build/**",
      "build-*/**",
      "public/build/**",
      "public/build-*/**",
      ".cache/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "bench/tmp/**",
      "node_modules/**",
      ".ci/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `_`-prefixed names are deliberately unused (a destructured field left out, an unused handler argument).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // Stripping control characters from text, CSV and QR payloads is what those regexes are for.
      "no-control-regex": "off",
    },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["**/*.{ts,tsx,js,jsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    files: ["app/**/*.tsx", "modules/**/*.tsx", "lib/**/*.tsx", "emails/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A trekker's ID photo is described as one ("Photo of Pemba Sherpa"), on screen and on the printed card.
      "jsx-a11y/img-redundant-alt": "off",
    },
  },
  {
    // Tests and benches reach into page internals (window.__remixRouter) and generic models.
    files: TEST_FILES,
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: [
      "app/**/*.{ts,tsx}",
      "modules/**/*.{ts,tsx}",
      "lib/**/*.{ts,tsx}",
      "db/**/*.ts",
      "jobs/**/*.ts",
      "emails/**/*.{ts,tsx}",
      "tests/**/*.{ts,tsx}",
      "bench/**/*.ts",
    ],
    plugins: { boundaries },
    settings: {
      "boundaries/root-path": root,
      "boundaries/elements": ELEMENTS,
      "boundaries/files": FILES,
      "boundaries/dependency-nodes": ["import", "export", "dynamic-import"],
      "import/resolver": { [path.join(root, "scripts/eslint-alias-resolver.cjs")]: {} },
    },
    rules: {
      "boundaries/dependencies": ["error", { default: "allow", checkInternals: true, policies: BOUNDARY_POLICIES }],
    },
  },
  {
    // Route modules: one not-found helper, one action shape.
    files: ["app/**/*.{ts,tsx}"],
    ignores: TEST_FILES,
    rules: { "no-restricted-syntax": ["error", NO_OK_FALSE, ...NO_INLINE_404] },
  },
  {
    // Module services: refusals are DomainErrors, a missing row is notFound().
    files: ["modules/**/*.{ts,tsx}"],
    // Form readers that hand back all of a submission's field and file errors at once, with
    // Conform's reply, for the route to show (like lib/files' upload checks): not a refusal.
    ignores: [...TEST_FILES, "modules/registration/photo.server.ts", "modules/trek-routes/form.server.ts"],
    rules: { "no-restricted-syntax": ["error", NO_OK_FALSE, ...NO_INLINE_404] },
  },
);
