import { Client, formsOf, type Page } from "./client";

export const GATEWAYS = ["esewa", "connectips", "khalti", "fonepay", "card"] as const;
export type Gateway = (typeof GATEWAYS)[number];
export type Decision = "success" | "failure" | "delayed";

/** The page kind of a URL on the payment path, as the benches report them. */
export function paymentKind(url: URL): string {
  if (url.pathname.startsWith("/sim/")) return "provider (simulator)";
  if (/^\/new-register\/\d+\/payment$/.test(url.pathname)) return "payment page";
  if (url.searchParams.get("stored") === "1") return "payment result page";
  if (/^\/new-register\/[^/]+\/[a-z]+\/[a-z]+$/.test(url.pathname)) return "gateway return (confirm + settle)";
  return url.pathname;
}

const onSimulator = (page: Page) => new URL(page.url).pathname.startsWith("/sim/");

/**
 * Pays a registration as a payer without JavaScript does: the payment page, "Pay with …", the
 * signed form to the provider, the provider's page and its decision, back to our return URL
 * (which confirms with the provider and settles), and the result page. Returns where it ended.
 */
export async function payOverHttp(client: Client, regId: number, gateway: Gateway, decision: Decision = "success"): Promise<Page> {
  const payment = await client.go(`/new-register/${regId}/payment`, paymentKind);
  const payForm = formsOf(payment.html, payment.url).find((f) => f.buttons.some((b) => b.name === "gateway" && b.value === gateway));
  if (!payForm) throw new Error(`registration ${regId}: no "Pay with ${gateway}" on ${payment.url} (${payment.status})`);
  const started = await client.submit(payForm, paymentKind, { name: "gateway", value: gateway });
  // Khalti's payment starts server to server and sends the payer straight to its page; the
  // others hand the browser a signed form to post to the provider.
  let page = started;
  if (!onSimulator(started)) {
    const gatewayForm = formsOf(started.html, started.url).find((f) => new URL(f.action).pathname.startsWith("/sim/"));
    if (!gatewayForm) throw new Error(`registration ${regId}: no form to the provider after starting ${gateway} (${started.status})`);
    page = await client.submit(gatewayForm, paymentKind);
  }
  for (let step = 0; onSimulator(page); step++) {
    if (step > 4) throw new Error(`registration ${regId}: stuck on the ${gateway} simulator at ${page.url}`);
    const forms = formsOf(page.html, page.url);
    const decide = forms.find((f) => f.buttons.some((b) => b.name === "decision" && b.value === decision));
    if (decide) {
      page = await client.submit(decide, paymentKind, { name: "decision", value: decision });
      continue;
    }
    // The card gateway's result page posts itself with JavaScript; without it, Continue.
    const next = forms.find((f) => f.buttons.some((b) => /continue/i.test(b.text)));
    if (!next)
      throw new Error(
        `registration ${regId}: nothing to press on ${page.url} (${page.status}): ${page.html
          .replace(/<style[\s\S]*?<\/style>/g, "")
          .replace(/<[^>]*>/g, " ")
          .replace(/\s+/g, " ")
          .slice(0, 300)}`,
      );
    page = await client.submit(
      next,
      paymentKind,
      next.buttons.find((b) => /continue/i.test(b.text)),
    );
  }
  return page;
}
