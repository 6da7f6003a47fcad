// Actions parse forms with parseWithZod from here, never from "@conform-to/zod/v4" directly: a
// route module's static import reaches the browser build even when only its action uses it (esbuild
// makes the page import every chunk its files reach), and that would load zod eagerly again.
// A `.server` module is an empty module in the browser. See ADR 0014.
export { parseWithZod } from "@conform-to/zod/v4";
