import { describe, expect, it } from "vitest";
import { counter, metricsAccess, metricsText, routeLabel } from "./metrics.server";
import { captureLogs, logger } from "./logger.server";
import { currentRequestId, requestIdFrom, withRequestId } from "./request-id.server";

/** A strict reader of the Prometheus text format (0.0.4): every line a comment or `name{labels} value` (values as Go parses them: NaN in any case). */
function parsePrometheus(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("# HELP ") || line.startsWith("# TYPE ")) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (-?[0-9.eE+-]+|[Nn]a[Nn]|[+-]Inf)$/.exec(line);
    if (!m) throw new Error(`not Prometheus text: ${line}`);
    samples.set(`${m[1]}${m[2] ?? ""}`, /nan/i.test(m[3]) ? NaN : Number(m[3]));
  }
  return samples;
}

describe("metrics", () => {
  it("reads as Prometheus text, and a counter moves", async () => {
    const c = counter({ name: "tims_test_events_total", help: "test", labelNames: ["kind"] });
    const before = parsePrometheus((await metricsText()).body).get('tims_test_events_total{kind="a"}') ?? 0;
    c.inc({ kind: "a" });
    const after = parsePrometheus((await metricsText()).body);
    expect(after.get('tims_test_events_total{kind="a"}')).toBe(before + 1);
    expect([...after.keys()].some((k) => k.startsWith("tims_process_"))).toBe(true);
  });

  it("opens to the machine itself in the embedded mode, to the token anywhere, to no one else", () => {
    const rule = (o: Partial<Parameters<typeof metricsAccess>[0]>) =>
      metricsAccess({ embedded: false, token: "", peerAddress: "10.0.0.5", authorization: null, ...o });
    expect(rule({ embedded: true, peerAddress: "127.0.0.1" })).toBe(200);
    expect(rule({ embedded: true, peerAddress: "::ffff:127.0.0.1" })).toBe(200);
    expect(rule({ embedded: true })).toBe(404);
    // A deployment: loopback is no pass (the proxy runs there), and without a token it stays closed.
    expect(rule({ peerAddress: "127.0.0.1" })).toBe(404);
    expect(rule({ authorization: "Bearer anything" })).toBe(404);
    expect(rule({ token: "s3cret-token", authorization: "Bearer s3cret-token" })).toBe(200);
    expect(rule({ token: "s3cret-token", authorization: "Bearer wrong-token1" })).toBe(401);
    expect(rule({ token: "s3cret-token" })).toBe(404);
  });

  it("labels routes without ids", () => {
    expect(routeLabel("/trekkers/123/edit?x=1", 200)).toBe("/trekkers/:id/edit");
    expect(routeLabel("/reset-password/9f2c7e1b4a5d6e7f8a9b0c1d", 200)).toBe("/reset-password/:id");
    expect(routeLabel("/build/_assets/root-ABCD.js", 200)).toBe("/build/_assets/:file");
    expect(routeLabel("/no/such/page", 404)).toBe("unmatched");
  });
});

describe("logs", () => {
  it("accepts a well-formed request id and replaces any other", () => {
    expect(requestIdFrom("lb-1234.abc")).toBe("lb-1234.abc");
    expect(requestIdFrom("bad id\nforged")).not.toContain("forged");
    expect(requestIdFrom("x".repeat(101))).toHaveLength(36);
  });

  it("logs a thrown Response or a Request as a summary (their getters made the redaction throw: a 503 became a 500)", () => {
    const capture = captureLogs();
    try {
      logger.error({ err: new Response("down", { status: 503, statusText: "Service Unavailable" }) }, "thrown");
      logger.error({ context: { response: new Response(null, { status: 404 }), request: new Request("http://tims.test/trekkers?q=secret") } }, "nested");
    } finally {
      capture.stop();
    }
    const [thrown, nested] = capture.lines().map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(thrown.err).toEqual({ response: { status: 503, statusText: "Service Unavailable" } });
    expect(nested.context).toEqual({ response: { response: { status: 404, statusText: "" } }, request: { request: { method: "GET", path: "/trekkers" } } });
  });

  it("writes JSON lines with the request id and never the redacted fields", () => {
    const capture = captureLogs();
    // The test run logs at "warn" (vitest.config.ts); this line is an "info" one.
    const level = logger.level;
    logger.level = "info";
    try {
      withRequestId("req-42", () => {
        expect(currentRequestId()).toBe("req-42");
        logger.info(
          {
            password: "Hunter2!pass",
            user: { passportNumber: "P1234567" },
            card: { signature: "SIG-abc" },
            req: { headers: { cookie: "s=1", authorization: "Bearer t0k" } },
          },
          "hello",
        );
      });
    } finally {
      logger.level = level;
      capture.stop();
    }
    const lines = capture.lines();
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(line.requestId).toBe("req-42");
    expect(line.msg).toBe("hello");
    for (const secret of ["Hunter2!pass", "P1234567", "SIG-abc", "s=1", "t0k"]) expect(lines[0]).not.toContain(secret);
  });
});
