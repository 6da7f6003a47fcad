// The dev outbox pages reach emails/ through this file: Remix empties *.server imports for the
// browser only when they resolve inside app/ (see tests/architecture).
import type { AppLoadContext } from "@remix-run/node";
import { clientAddress, isLoopbackAddress } from "@lib/client-address.server";
import { UserType } from "@modules/contract";
import { requireDevOutbox } from "../../emails/outbox.server";
import { getViewer } from "./guards.server";
import { notFound } from "@lib/param-id";

export { listOutbox, readOutboxMessage } from "../../emails/outbox.server";

/**
 * A proxy on this machine that the server is not told to trust (no TRUST_PROXY) connects from a
 * loopback address for every client; the forwarding header it adds gives it away, so such a
 * request is not the machine itself. (With TRUST_PROXY the client address is already the one
 * the proxy reported.)
 */
function viaUntrustedProxy(request: Request): boolean {
  if (process.env.TRUST_PROXY === "1") return false;
  return ["x-forwarded-for", "forwarded", "x-real-ip"].some((name) => request.headers.has(name));
}

/**
 * The outbox holds every e-mail the embedded server wrote, reset links included, so it is shown
 * only to the machine itself (a loopback client address, as our server saw it: behind
 * TRUST_PROXY, the address the load balancer reported) or to a signed-in board user (the real
 * account, also while viewing as someone else). Anyone else gets the same 404 as a deployment,
 * which has no outbox at all. Without our server (no client address) only the board may look.
 */
export async function requireOutboxViewer(request: Request, context: AppLoadContext | undefined): Promise<void> {
  requireDevOutbox();
  if (isLoopbackAddress(clientAddress(context)) && !viaUntrustedProxy(request)) return;
  const viewer = await getViewer(request);
  if (viewer.state === "active" && (viewer.realUser ?? viewer.user).userType === UserType.NTB) return;
  throw notFound();
}
