import { describe, it, expect } from "vitest";
import { config } from "@lib/config.server";
import { sessionState } from "./session.server";

const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);
const S = 1000;

describe("session limits", () => {
  it("uses the documented defaults", () => {
    expect(config.sessionIdleSeconds).toBe(3600);
    expect(config.sessionMaxSeconds).toBe(43200);
    expect(config.sessionRememberSeconds).toBe(604800);
  });
});

describe("sessionState", () => {
  it("is none without a user, issue time or last-seen time", () => {
    expect(sessionState({}, NOW)).toBe("none");
    expect(sessionState({ issuedAt: NOW, lastSeen: NOW }, NOW)).toBe("none");
    expect(sessionState({ userId: 1, lastSeen: NOW }, NOW)).toBe("none");
    expect(sessionState({ userId: 1, issuedAt: NOW }, NOW)).toBe("none");
  });

  it("is active when fresh", () => {
    expect(sessionState({ userId: 1, version: 1, issuedAt: NOW, lastSeen: NOW }, NOW)).toBe("active");
  });

  it("expires after an hour unused", () => {
    const data = { userId: 1, issuedAt: NOW - 2 * 3600 * S, lastSeen: NOW - 3600 * S };
    expect(sessionState(data, NOW)).toBe("active");
    expect(sessionState(data, NOW + S)).toBe("idle-expired");
    expect(sessionState({ ...data, lastSeen: NOW - 3599 * S }, NOW)).toBe("active");
  });

  it("expires twelve hours after sign-in even when used", () => {
    const data = { userId: 1, issuedAt: NOW - 12 * 3600 * S, lastSeen: NOW - 60 * S };
    expect(sessionState(data, NOW)).toBe("active");
    expect(sessionState(data, NOW + S)).toBe("absolute-expired");
  });

  it("reports absolute expiry before idle expiry", () => {
    expect(sessionState({ userId: 1, issuedAt: NOW - 13 * 3600 * S, lastSeen: NOW - 2 * 3600 * S }, NOW)).toBe("absolute-expired");
  });

  it("gives remember-me a seven-day absolute limit", () => {
    const day = 24 * 3600 * S;
    const data = { userId: 1, remember: true, issuedAt: NOW - 3 * day, lastSeen: NOW - 60 * S };
    expect(sessionState(data, NOW)).toBe("active");
    expect(sessionState({ ...data, remember: false }, NOW)).toBe("absolute-expired");
    expect(sessionState({ ...data, issuedAt: NOW - 7 * day }, NOW)).toBe("active");
    expect(sessionState({ ...data, issuedAt: NOW - 7 * day - S }, NOW)).toBe("absolute-expired");
  });

  it("keeps the idle limit for remember-me sessions", () => {
    expect(sessionState({ userId: 1, remember: true, issuedAt: NOW - 2 * 3600 * S, lastSeen: NOW - 3601 * S }, NOW)).toBe("idle-expired");
  });
});
