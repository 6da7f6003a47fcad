import fs from "node:fs";
import path from "node:path";

/**
 * Each page route's way of running in the browser (ADR 0043), read from its source as the root
 * reads it at run time (`handle.page`), and what a route must not do in its mode.
 */
export type PageMode = "app" | "document";
export interface RouteMode {
  file: string;
  mode: PageMode;
}

const ROUTES = "app/routes";
const CLIENT_LOADER = /export \{ documentClientLoader as clientLoader(, documentLoader as loader)? \} from "~\/utils\/document-page";/;
const SERVER_LOADER = /export (async )?function loader\b|export const loader\b|documentLoader as loader/;
/** React behaviour a document page would never run: no React in the browser there. */
const REACT_BEHAVIOUR =
  /\b(useState|useEffect|useLayoutEffect|useReducer|useLazyValidation|useFetcher|useSubmit|useHydrated|useServerCheck)\b|\bon(Click|Change|Input|Submit|Blur|KeyDown)=\{/;

export function isPage(source: string): boolean {
  return /export default/.test(source);
}

export function modeOf(source: string): PageMode {
  return /\bpage:\s*"document"/.test(source) ? "document" : "app";
}

/** Every page route of the tree with its mode, by file name. */
export function routeModes(root: string): RouteMode[] {
  return fs
    .readdirSync(path.join(root, ROUTES))
    .filter((f) => /\.tsx?$/.test(f))
    .sort()
    .map((file) => ({ file, source: fs.readFileSync(path.join(root, ROUTES, file), "utf8") }))
    .filter(({ source }) => isPage(source))
    .map(({ file, source }) => ({ file, mode: modeOf(source) }));
}

/** What a route's source breaks of its mode's rules (empty: none). */
export function modeBreaches(file: string, source: string): string[] {
  const found: string[] = [];
  const mode = modeOf(source);
  if (/\bhydrate\s*:/.test(source)) found.push(`${file}: handle.hydrate is gone; declare handle.page`);
  if (/<script\b/.test(source)) found.push(`${file}: a script tag in a route (the document script is the one script of document pages)`);
  if (mode === "document" && !CLIENT_LOADER.test(source)) found.push(`${file}: a document page exports documentClientLoader as clientLoader`);
  // With a clientLoader and no server loader Remix renders the route's fallback on the server.
  if (mode === "document" && !SERVER_LOADER.test(source)) found.push(`${file}: a document page has a server loader (documentLoader if it needs no data)`);
  if (mode === "app" && /\bclientLoader\b/.test(source) && CLIENT_LOADER.test(source)) found.push(`${file}: documentClientLoader on an app page`);
  const behaviour = mode === "document" ? REACT_BEHAVIOUR.exec(source) : null;
  if (behaviour) found.push(`${file}: ${behaviour[0]} on a document page (no React runs there; declare the behaviour in the markup)`);
  return found;
}

/** A document route's nested routes (Remix's dot notation, not escaped with `_`) are documents too. */
export function nestingBreaches(modes: RouteMode[]): string[] {
  const id = (file: string) => file.replace(/\.tsx?$/, "");
  const documents = modes.filter((m) => m.mode === "document").map((m) => id(m.file));
  return modes
    .filter((m) => m.mode === "app" && documents.some((d) => id(m.file).startsWith(`${d}.`)))
    .map((m) => `${m.file}: an app page nested in a document page`);
}

/** The ADR's table of every page route and its mode. */
export function modeTable(modes: RouteMode[]): string {
  return ["| route file | mode |", "|---|---|", ...modes.map((m) => `| \`${m.file}\` | ${m.mode} |`)].join("\n");
}
