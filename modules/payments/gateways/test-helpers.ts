import { vi } from "vitest";
import { loadPaymentConfig } from "./config.server";
import type { FetchLike } from "./http.server";

/** Tests' configuration: the defaults (simulators, UAT/dev credentials), isolated from the process env. */
export const testConfig = (env: Record<string, string> = {}) => loadPaymentConfig({ NODE_ENV: "test", PORT: "3999", ...env });

/** A fetch that answers every call with `body` (JSON unless a string) and records the calls. */
export function stubFetch(body: unknown, status = 200) {
  return vi.fn<FetchLike>(async () =>
    typeof body === "string"
      ? new Response(body, { status, headers: { "Content-Type": "application/xml" } })
      : new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
  );
}

export const failingFetch: FetchLike = async () => {
  throw new TypeError("fetch failed");
};

export const START = { registrationId: 12, description: "TIMS card x2" } as const;
