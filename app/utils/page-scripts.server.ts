/** The entries of the document pages' script (ADR 0043), by the name their URL carries. */
export const PAGE_SCRIPTS = {
  document: "lib/ui/browser/document.ts",
} as const;

export type PageScriptName = keyof typeof PAGE_SCRIPTS;
