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

/**
 * The machine itself: 127.0.0.0/8 or ::1 (an IPv4-mapped peer is already written plainly by
 * clientAddress). An unknown address (null) is not loopback: what is refused to strangers stays
 * refused when the server cannot tell who is asking.
 */
export function isLoopbackAddress(address: string | null): boolean {
  if (!address) return false;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address) || address === "::1" || /^::ffff:127\./i.test(address);
}
