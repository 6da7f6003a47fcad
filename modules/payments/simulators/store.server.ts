/**
 * Simulator state: what each simulated provider knows about its transactions, in a process-wide
 * Map per provider keyed by the provider's id (eSewa transaction_uuid, Khalti pidx, connectIPS
 * TXNID, FonePay PRN, card transaction_uuid). Good enough for one development or test server: it
 * is lost on restart and not shared between instances (the simulators never run in production).
 * Kept on globalThis so that a dev server's module reloads keep it.
 */
const root = ((globalThis as { __timsPaymentSimulators?: Map<string, Map<string, unknown>> }).__timsPaymentSimulators ??= new Map());

export function simStore<T>(provider: string): Map<string, T> {
  let store = root.get(provider);
  if (!store) root.set(provider, (store = new Map()));
  return store as Map<string, T>;
}

/** The decision state every simulated transaction carries. */
export interface SimState {
  state: "open" | "paid" | "failed" | "cancelled" | "declined" | "review" | "expired" | "abandoned";
  /** While > 0, status lookups answer "not yet" (and count down). */
  pendingLookups: number;
  /** Set by the "tampered" decision, for the page and the provider answers that lie. */
  tampered?: boolean;
  createdAt: number;
}

export function newState(): SimState {
  return { state: "open", pendingLookups: 0, createdAt: Date.now() };
}

/** One status lookup of a paid transaction: true while it should still answer "not yet". */
export function stillPending(txn: SimState): boolean {
  if (txn.state !== "paid" || txn.pendingLookups <= 0) return false;
  txn.pendingLookups -= 1;
  return true;
}

export function randomId(length: number, alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789"): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

/** The amount a "tampered" answer names instead of the real one: always different, never negative. */
export function forgedAmount(paisa: number): number {
  return paisa >= 20_000 ? paisa - 10_000 : paisa + 10_000;
}
