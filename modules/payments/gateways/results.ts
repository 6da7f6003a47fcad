import type { ConfirmResult, ConfirmStatus } from "./types";

/** A forged or mismatched answer: nothing may be issued on it, and the attempt records why. */
export function tampered(reason: string, raw: unknown): ConfirmResult {
  return { status: "failure", tampered: true, reason, raw };
}

export function outcome(status: ConfirmStatus, raw: unknown, extra: Omit<ConfirmResult, "status" | "raw"> = {}): ConfirmResult {
  return { status, raw, ...extra };
}

/** The return names another attempt than the stored one (TXNID is ours; the lead looks the attempt up by it). */
export function otherTxn(query: URLSearchParams, names: readonly string[], txnId: string): string | null {
  for (const name of names) {
    const value = query.get(name);
    if (value !== null && value !== txnId) return `${name} ${JSON.stringify(value)} is not this attempt's ${txnId}`;
  }
  return null;
}
