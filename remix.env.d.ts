/// <reference types="@remix-run/node" />

declare module "*.css" {
  const href: string;
  export default href;
}

declare module "qrcode/lib/core/segments.js" {
  const segments: { fromArray: (array: unknown[]) => unknown[] };
  export default segments;
}
