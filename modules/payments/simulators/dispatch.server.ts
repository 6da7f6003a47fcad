import { paymentConfig, type PaymentConfig } from "../gateways/config.server";
import { cardPay, cardSimulator } from "./card.server";
import { connectipsLogin, connectipsSimulator, connectipsValidate } from "./connectips.server";
import type { ProviderSimulator, SimContext } from "./context.server";
import { esewaForm, esewaSimulator, esewaStatus } from "./esewa.server";
import { fonepayQrDownload, fonepayQrSimulator, fonepayQrStatus, fonepayRequest, fonepaySimulator, fonepayVerification } from "./fonepay.server";
import { errorPage } from "./html.server";
import { khaltiInitiate, khaltiLookup, khaltiSimulator } from "./khalti.server";
import { SIM_DECISIONS, type SimDecision, type SimProvider, type SimView } from "./types";
import { readForm } from "@lib/multipart.server";
import { notFound } from "@lib/param-id";

/**
 * Every simulator endpoint, by path under the simulators' mount (/sim). The app serves them through
 * one splat route (app/routes/sim.$.tsx); the integration tests hand this same function to the
 * adapters as their `fetch`, so both exercise identical HTTP handling.
 */
type Handler = (request: Request, ctx: SimContext) => Promise<Response>;

const ENDPOINTS: Record<string, { methods: string[]; handle: Handler }> = {
  "/esewa/api/epay/main/v2/form": { methods: ["POST"], handle: esewaForm },
  "/esewa/api/epay/transaction/status": { methods: ["GET"], handle: esewaStatus },
  "/khalti/api/v2/epayment/initiate": { methods: ["POST"], handle: khaltiInitiate },
  "/khalti/api/v2/epayment/lookup": { methods: ["POST"], handle: khaltiLookup },
  "/connectips/connectipswebgw/loginpage": { methods: ["POST"], handle: connectipsLogin },
  "/connectips/connectipswebws/api/creditor/validatetxn": { methods: ["POST"], handle: connectipsValidate },
  "/fonepay/api/merchantrequest": { methods: ["GET", "POST"], handle: fonepayRequest },
  "/fonepay/api/merchantrequest/verificationmerchant": { methods: ["GET"], handle: fonepayVerification },
  "/fonepay/api/merchant/merchantdetailsforthirdparty/thirdpartydynamicqrdownload": { methods: ["POST"], handle: fonepayQrDownload },
  "/fonepay/api/merchant/merchantdetailsforthirdparty/thirdpartydynamicqrgetstatus": { methods: ["POST"], handle: fonepayQrStatus },
  "/card/pay": { methods: ["POST"], handle: cardPay },
};

export const SIMULATORS: Record<SimProvider, ProviderSimulator> = {
  esewa: esewaSimulator,
  khalti: khaltiSimulator,
  connectips: connectipsSimulator,
  fonepay: fonepaySimulator,
  "fonepay-qr": fonepayQrSimulator,
  card: cardSimulator,
};

function isProvider(value: string): value is SimProvider {
  return Object.hasOwn(SIMULATORS, value);
}

/** Splits /…/sim/rest into the mount ("/…/sim") and the rest. */
function splitPath(pathname: string): { mount: string; rest: string } | null {
  const match = /^(.*?\/sim)(\/.*)?$/.exec(pathname);
  return match ? { mount: match[1], rest: (match[2] ?? "/").replace(/\/+$/, "") || "/" } : null;
}

/** Answers one request to a simulator URL (an API, a form endpoint or a decision). */
export async function handleSimulatorRequest(request: Request, config: PaymentConfig = paymentConfig()): Promise<Response> {
  const parts = splitPath(new URL(request.url).pathname);
  if (!parts) return notFound();
  const ctx: SimContext = { config, mount: parts.mount };
  const decide = /^\/([a-z-]+)\/decide\/([^/]+)$/.exec(parts.rest);
  if (decide) {
    if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
    return handleDecision(decide[1], decodeURIComponent(decide[2]), request, ctx);
  }
  const endpoint = ENDPOINTS[parts.rest.toLowerCase()];
  if (!endpoint) return notFound();
  if (!endpoint.methods.includes(request.method)) return new Response("Method Not Allowed", { status: 405, headers: { Allow: endpoint.methods.join(", ") } });
  return endpoint.handle(request, ctx);
}

async function handleDecision(provider: string, id: string, request: Request, ctx: SimContext): Promise<Response> {
  if (!isProvider(provider)) return notFound();
  const form = await readForm(request);
  const decision = String(form.get("decision") ?? "");
  if (!(SIM_DECISIONS as readonly string[]).includes(decision)) return errorPage("Simulator", `Unknown decision "${decision}".`);
  const asked = Number(form.get("pendingLookups"));
  const pendingLookups = form.has("pendingLookups") && Number.isInteger(asked) && asked >= 0 && asked <= 1000 ? asked : ctx.config.simPendingLookups;
  return SIMULATORS[provider].decide(id, decision as SimDecision, { pendingLookups }, ctx);
}

/** The page of one simulated payment, or null when the provider or payment is unknown. */
export function simulatorView(provider: string, id: string, mount = "/sim", config: PaymentConfig = paymentConfig()): SimView | null {
  return isProvider(provider) ? SIMULATORS[provider].view(id, { config, mount }) : null;
}

/** A `fetch` that answers simulator URLs in-process (tests; no server needed). */
export function simulatorFetch(config: PaymentConfig = paymentConfig()) {
  return (input: string, init?: RequestInit) => handleSimulatorRequest(new Request(input, init), config);
}
