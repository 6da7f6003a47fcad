// A Node module hook for the browser tests' own process (registered in playwright.config.ts): the
// app imports its language files as `import en from "./en.json"`, which the Remix compiler and
// Vitest bundle, but Node's loader refuses without `with { type: "json" }`. The modules the tests
// call (factories, the overdue job, e-mails in the recipient's language) load those files, so a
// .json module is loaded as JSON here, as the bundlers do.
export async function load(url, context, nextLoad) {
  if (url.startsWith("file:") && url.endsWith(".json") && !context.importAttributes?.type) {
    return nextLoad(url, { ...context, importAttributes: { ...context.importAttributes, type: "json" } });
  }
  return nextLoad(url, context);
}
