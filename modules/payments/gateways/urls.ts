import type { ReturnAction } from "./types";

/** Adds query values to a URL that may already have some (absolute or a path). */
export function appendQuery(url: string, values: Record<string, string>): string {
  const [beforeHash, hash] = url.split("#", 2);
  const query = new URLSearchParams(values).toString();
  if (!query) return url;
  const joined = beforeHash.includes("?")
    ? `${beforeHash}${beforeHash.endsWith("?") || beforeHash.endsWith("&") ? "" : "&"}${query}`
    : `${beforeHash}?${query}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

/**
 * Our result URL for one attempt: <returnUrl>/<action>?isPayment=1&regId=..&TXNID=.. (spec 1 §2.1),
 * the address the provider sends the browser back to.
 */
export function resultUrl(returnUrl: string, action: ReturnAction, registrationId: number, txnId: string): string {
  return appendQuery(`${returnUrl.replace(/\/+$/, "")}/${action}`, { isPayment: "1", regId: String(registrationId), TXNID: txnId });
}

/**
 * Some providers append their values with "?" even when the return URL already has a query, which
 * glues the first of them onto our last value (TXNID=abc?data=...). This splits them apart again.
 */
export function normalizeReturnQuery(query: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of query) {
    const mark = value.indexOf("?");
    const glued = mark >= 0 ? value.slice(mark + 1) : "";
    if (mark >= 0 && /^[A-Za-z_][\w-]*=/.test(glued)) {
      out.append(name, value.slice(0, mark));
      for (const [gluedName, gluedValue] of new URLSearchParams(glued)) out.append(gluedName, gluedValue);
    } else {
      out.append(name, value);
    }
  }
  return out;
}

/** A transaction id we issue: up to 20 of [A-Za-z0-9-] (connectIPS TXNID is the tightest). */
export function assertTxnId(txnId: string): void {
  if (!/^[A-Za-z0-9-]{1,20}$/.test(txnId)) throw new Error(`invalid transaction id "${txnId}": 1-20 letters, digits or hyphens`);
}
