// The client address that per-address limits count by is what our server (scripts/serve.mjs) puts
// in the load context, never a header. tests/e2e/hardening.spec.ts replays a spoofed
// X-Forwarded-For against the built server.
import { describe, expect, it } from "vitest";
import { clientAddress, throttleAddress } from "@lib/client-address.server";

describe("the client address", () => {
  it("is read from the load context, an IPv4 peer of a dual-stack socket written plainly", () => {
    expect(clientAddress({ clientAddress: "192.0.2.4" })).toBe("192.0.2.4");
    expect(clientAddress({ clientAddress: "::ffff:10.0.0.7" })).toBe("10.0.0.7");
    expect(clientAddress({ clientAddress: "2001:db8::1" })).toBe("2001:db8::1");
  });

  it("is unknown without our server; limits then count all such clients under one key", () => {
    expect(clientAddress(undefined)).toBeNull();
    expect(clientAddress({})).toBeNull();
    expect(throttleAddress({ clientAddress: "192.0.2.4" })).toBe("192.0.2.4");
    expect(throttleAddress({})).toBe("unknown");
  });
});
