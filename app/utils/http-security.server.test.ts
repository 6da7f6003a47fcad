import { describe, expect, it, vi } from "vitest";
import {
  baselineHeaders,
  contentSecurityPolicy,
  createNonce,
  crossSiteReturnPath,
  loopbackRedirect,
  originVerdict,
  permissionsPolicy,
} from "./http-security.server";

const headers = (h: Record<string, string>) => {
  const all = new Headers(h);
  return { get: (name: string) => all.get(name) };
};

describe("originVerdict", () => {
  it("lets same-origin writes and every read through", () => {
    expect(originVerdict("POST", "/logout", headers({ origin: "http://127.0.0.1:3100", host: "127.0.0.1:3100" }))).toBe("allow");
    expect(originVerdict("GET", "/logout", headers({ origin: "https://evil.example", host: "127.0.0.1:3100" }))).toBe("allow");
    // Without an Origin header (curl, server-to-server) Remix does not refuse either.
    expect(originVerdict("POST", "/logout", headers({ host: "127.0.0.1:3100" }))).toBe("allow");
  });

  it("refuses a write from another origin, as Remix would (which answers 500)", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post"]) {
      expect(originVerdict(method, "/account-settings/name", headers({ origin: "https://evil.example", host: "tims.example" }))).toBe("refuse");
    }
    expect(originVerdict("POST", "/logout.data", headers({ origin: "http://127.0.0.1:3101", host: "127.0.0.1:3100" }))).toBe("refuse");
    expect(originVerdict("POST", "/logout", headers({ origin: "null", host: "tims.example" }))).toBe("refuse");
    expect(originVerdict("POST", "/logout", headers({ origin: "::not a url", host: "tims.example" }))).toBe("refuse");
  });

  it("compares with X-Forwarded-Host first, like Remix", () => {
    const proxied = headers({ origin: "https://tims.example", host: "10.0.0.5:3000", "x-forwarded-host": "tims.example, 10.0.0.1" });
    expect(originVerdict("POST", "/login", proxied)).toBe("allow");
    expect(originVerdict("POST", "/login", headers({ origin: "https://tims.example", host: "tims.example", "x-forwarded-host": "evil.example" }))).toBe(
      "refuse",
    );
  });

  it("passes a provider's cross-site post to a payment return URL on, without its Origin", () => {
    const fromGateway = headers({ origin: "https://secureacceptance.cybersource.com", host: "tims.example" });
    expect(originVerdict("POST", "/new-register/12/card/success", fromGateway)).toBe("provider-return");
    expect(originVerdict("POST", "/new-register/noreg/connectips/failure", fromGateway)).toBe("provider-return");
    expect(originVerdict("POST", "/new-register/12/payment", fromGateway)).toBe("refuse");
    expect(crossSiteReturnPath("/new-register/12")).toBe(false);
    expect(crossSiteReturnPath("/new-register/12/card/success/extra")).toBe(false);
  });
});

describe("the page policy", () => {
  it("runs only scripts from us or with this page's nonce", () => {
    const nonce = createNonce();
    expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(createNonce()).not.toBe(nonce);
    const csp = contentSecurityPolicy(nonce, []);
    const directives = Object.fromEntries(csp.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));
    expect(directives["script-src"]).toBe(`'self' 'nonce-${nonce}'`);
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*/);
    expect(directives["style-src"]).toBe("'self'");
    expect(directives["img-src"]).toBe("'self' data: blob:");
    expect(directives["object-src"]).toBe("'none'");
    expect(directives["frame-ancestors"]).toBe("'none'");
    expect(directives["form-action"]).toBe("'self'");
  });

  it("lets forms go to the live payment providers", () => {
    expect(contentSecurityPolicy("n", ["https://epay.esewa.com.np", "https://pay.khalti.com"])).toContain(
      "form-action 'self' https://epay.esewa.com.np https://pay.khalti.com",
    );
  });
});

describe("headers on every response", () => {
  it("allows the camera only on the scanner", () => {
    expect(permissionsPolicy("/dashboard")).toMatch(/^camera=\(\), /);
    expect(permissionsPolicy("/scan")).toMatch(/^camera=\(self\), /);
    expect(permissionsPolicy("/scan/history")).toMatch(/^camera=\(self\), /);
    expect(permissionsPolicy("/new-register/scan")).toMatch(/^camera=\(\), /);
    expect(permissionsPolicy("/dashboard")).toContain("geolocation=()");
  });

  it("sends no HSTS in the embedded mode (plain http on this machine)", () => {
    const names = baselineHeaders("/login").map(([name]) => name);
    expect(names).toEqual(["X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options", "Permissions-Policy"]);
  });

  it("sends HSTS in a deployment", async () => {
    vi.stubEnv("TIMS_MODE", "deployment");
    vi.resetModules();
    try {
      const deployed = await import("./http-security.server");
      expect(deployed.baselineHeaders("/login")).toContainEqual(["Strict-Transport-Security", "max-age=63072000; includeSubDomains"]);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});

describe("loopbackRedirect (embedded mode: one address for cookies, CSP and payment returns)", () => {
  const embedded = { embedded: true, appUrl: "http://localhost:3000" };
  const page = (host: string | null, extra: Record<string, string> = {}) =>
    headers({ ...(host === null ? {} : { host }), "sec-fetch-mode": "navigate", accept: "text/html", ...extra });
  it("sends a browser's page read at another loopback name of the same port to the app's address, path and query kept", () => {
    expect(loopbackRedirect("GET", "/new-register/5/payment?x=1", page("127.0.0.1:3000"), embedded)).toBe("http://localhost:3000/new-register/5/payment?x=1");
    expect(loopbackRedirect("HEAD", "/login", page("[::1]:3000"), embedded)).toBe("http://localhost:3000/login");
    // A browser too old for Sec-Fetch-Mode still asks for HTML.
    expect(loopbackRedirect("GET", "/login", headers({ host: "127.0.0.1:3000", accept: "text/html,application/xhtml+xml" }), embedded)).toBe(
      "http://localhost:3000/login",
    );
  });
  it("never redirects a server-to-server call: the payment adapters' status checks reach the simulators", () => {
    // What Node's fetch sends (the eSewa status API, FonePay's verification, the reconcile job).
    const nodeFetch = headers({ host: "127.0.0.1:3000", "sec-fetch-mode": "cors", accept: "*/*" });
    expect(loopbackRedirect("GET", "/sim/esewa/api/epay/transaction/status/?product_code=EPAYTEST", nodeFetch, embedded)).toBeNull();
    expect(
      loopbackRedirect(
        "GET",
        "/sim/fonepay/api/merchantRequest/verificationMerchant?PRN=1",
        headers({ host: "127.0.0.1:3000", accept: "application/xml" }),
        embedded,
      ),
    ).toBeNull();
    // A script's fetch from a page is not a navigation either.
    expect(loopbackRedirect("GET", "/search.data", page("127.0.0.1:3000", { "sec-fetch-mode": "cors" }), embedded)).toBeNull();
  });
  it("leaves the app's own address, writes, other ports, other hosts and deployments alone", () => {
    expect(loopbackRedirect("GET", "/login", page("localhost:3000"), embedded)).toBeNull();
    expect(loopbackRedirect("POST", "/login", page("127.0.0.1:3000"), embedded)).toBeNull();
    expect(loopbackRedirect("GET", "/login", page("127.0.0.1:3001"), embedded)).toBeNull();
    // A phone on the LAN keeps the address it used.
    expect(loopbackRedirect("GET", "/login", page("192.168.1.20:3000"), embedded)).toBeNull();
    expect(loopbackRedirect("GET", "/login", page("127.0.0.1:3000"), { embedded: false, appUrl: "http://localhost:3000" })).toBeNull();
    // An app address that is not a loopback name (APP_URL set to a LAN name) redirects nothing.
    expect(loopbackRedirect("GET", "/login", page("127.0.0.1:3000"), { embedded: true, appUrl: "http://tims.lan:3000" })).toBeNull();
    expect(loopbackRedirect("GET", "/login", page(null), embedded)).toBeNull();
    expect(loopbackRedirect("GET", "/login", page("bad host:x"), embedded)).toBeNull();
  });
});
