import type { AppLoadContext } from "@remix-run/node";

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** The client's address, set by our web server (scripts/serve.mjs) for every request. */
    clientAddress?: string | null;
  }
}

let warned = false;

/**
 * The client's address as our server saw it: the socket's peer, or behind TRUST_PROXY the address
 * the trusted load balancer reported. Never a header the client chose. Null without our server
 * (a bare `remix-serve`, or a test calling an action directly).
 */
export function clientAddress(context: AppLoadContext | undefined): string | null {
  const address = context?.clientAddress;
  // An IPv4 peer of a dual-stack socket ("::ffff:10.0.0.7") is the same client as 10.0.0.7.
  if (address) return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
  if (!warned && process.env.NODE_ENV === "production") {
    warned = true;
    console.warn("[server] no client address in the load context: start the app with scripts/serve.mjs (npm run serve)");
  }
  return null;
}

/**
 * The key that per-address limits count under. Without a known address every such client shares
 * one "unknown" key, so the limits still hold, only more tightly.
 */
export function throttleAddress(context: AppLoadContext | undefined): string {
  return clientAddress(context) ?? "unknown";
}
