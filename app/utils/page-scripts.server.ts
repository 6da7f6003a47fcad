import { pageScript } from "@lib/page-script.server";

/** The scripts of pages served without React, by the name their URL carries. */
export const PAGE_SCRIPTS = {
  "registration-form": "modules/registration/browser/registration-form.ts",
  "html-page": "lib/ui/browser/html-page.ts",
} as const;

export type PageScriptName = keyof typeof PAGE_SCRIPTS;

/** The script's URL for the page to load: its name and the hash of its code. */
export async function pageScriptUrl(name: PageScriptName): Promise<string> {
  return `/page-script/${name}.${(await pageScript(PAGE_SCRIPTS[name])).hash}.js`;
}

/**
 * The script at `/page-script/{name}.{hash}.js`: cached for good when the hash is the current
 * one (the URL changes with the code), and sent uncached otherwise (a page from before a deploy).
 */
export async function pageScriptResponse(file: string): Promise<Response> {
  const match = /^([a-z-]+)\.([0-9a-f]+)\.js$/.exec(file);
  const name = match?.[1];
  if (!match || !name || !(name in PAGE_SCRIPTS)) return new Response("Not Found", { status: 404 });
  const script = await pageScript(PAGE_SCRIPTS[name as PageScriptName]);
  return new Response(script.code, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": match[2] === script.hash ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
