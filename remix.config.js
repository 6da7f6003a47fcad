// BUILD_SLOT lets several builds live side by side (parallel test runs on one machine).
const out = process.env.BUILD_SLOT ? `build-${process.env.BUILD_SLOT}` : "build";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverBuildPath: `${out}/index.js`,
  assetsBuildDirectory: `public/${out}`,
  publicPath: `/${out}/`,
  postcss: true,
  // Server-only packages stay external; the server bundle imports them from node_modules.
  serverDependenciesToBundle: [],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
