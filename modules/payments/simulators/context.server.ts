import type { PaymentConfig } from "../gateways/config.server";
import { escapeHtml } from "@lib/html";
import { errorPage, htmlPage } from "./html.server";
import type { SimChoice, SimDecision, SimView } from "./types";

export interface SimContext {
  config: PaymentConfig;
  /** Path prefix the simulators answer under ("/sim"), for links between their own pages. */
  mount: string;
}

export interface ProviderSimulator {
  view(id: string, ctx: SimContext): SimView | null;
  /** Applies the user's choice and answers what the provider would: a redirect, or the card's auto-post page. */
  decide(id: string, decision: SimDecision, options: { pendingLookups: number }, ctx: SimContext): Response;
}

export function sessionPath(ctx: SimContext, provider: string, id: string): string {
  return `${ctx.mount}/${provider}/session/${encodeURIComponent(id)}`;
}

export const alreadyDone = (provider: string) => errorPage(provider, "This payment is already finished.", 409);
export const unknownChoice = (provider: string, decision: string) => errorPage(provider, `${provider} offers no "${decision}" here.`, 400);
export const unknownPayment = (provider: string) => errorPage(provider, "Unknown or expired payment.", 404);

const DEFAULT_LABELS: Partial<Record<SimDecision, string>> = {
  success: "Pay (success)",
  failure: "Fail (failure)",
  cancel: "Cancel (failure)",
  abandon: "Pay and close the window (never comes back)",
  delayed: "Delayed (pending first)",
  tampered: "Tampered (forged amount)",
};

/** What the provider shows a payer who closes the window: nothing goes back to the merchant. */
export function abandonedPage(provider: string, paid: boolean): Response {
  const text = paid ? "Payment received. You closed the window before returning to the merchant." : "You closed the window without paying.";
  return htmlPage(`${provider} (simulator)`, `<h1>${escapeHtml(provider)} (simulator)</h1><p role="status">${escapeHtml(text)}</p>`);
}

/**
 * A page's buttons, in a fixed order: the defaults above, with a provider's own words where it
 * has them; `null` drops a choice the provider lacks. "decline" appears only when labelled.
 */
export function choices(labels: Partial<Record<SimDecision, string | null>> = {}): SimChoice[] {
  const order: SimDecision[] = ["success", "failure", "cancel", "decline", "abandon", "delayed", "tampered"];
  return order.flatMap((value) => {
    const label = value in labels ? labels[value] : DEFAULT_LABELS[value];
    if (!label) return [];
    return [{ value, label, tone: value === "success" ? "primary" : value === "tampered" ? "danger" : "secondary" } as SimChoice];
  });
}

export function doneText(state: string): string | undefined {
  return state === "open" ? undefined : `Finished: ${state}.`;
}
