import { describe, expect, it } from "vitest";
import { findLeaks, linkTokens } from "./log-leaks";

describe("the log-leak check", () => {
  const secrets = [
    { kind: "passport", value: "N1234567" },
    { kind: "token", value: "a b/c+d=ef0123456789" },
    { kind: "short", value: "12345" },
  ];

  it("finds a secret as itself, URL-encoded or JSON-escaped, with file and line, never printing it", () => {
    const leaks = findLeaks(secrets, [
      { file: "web.log", text: '{"msg":"ok"}\n{"msg":"insert","sql":"VALUES (\'N1234567\')"}\n' },
      { file: "worker.log", text: `GET /x?t=${encodeURIComponent("a b/c+d=ef0123456789")}\n` },
    ]);
    expect(leaks).toEqual([
      { kind: "passport", file: "web.log", line: 2, masked: "N1******" },
      { kind: "token", file: "worker.log", line: 1, masked: "a ******************" },
    ]);
  });

  it("passes clean logs and ignores values too short to tell from a coincidence", () => {
    expect(findLeaks(secrets, [{ file: "web.log", text: '{"msg":"GET /tims-cards/12345","passportNumber":"[redacted]"}' }])).toEqual([]);
  });

  it("takes the tokens of e-mailed links: long query values and long path segments", () => {
    const text =
      "Reset: https://tims.test/create-new-password?token=eyJhbGciOiJIUzI1NiJ9.abc&x=1. " +
      'Follow <a href="https://tims.test/follow/Zm9sbG93ZXItdG9rZW4tMTIzNDU2Nzg">here</a> and https://tims.test/tims-cards/12';
    expect(linkTokens(text).sort()).toEqual(["Zm9sbG93ZXItdG9rZW4tMTIzNDU2Nzg", "eyJhbGciOiJIUzI1NiJ9.abc"]);
  });
});
