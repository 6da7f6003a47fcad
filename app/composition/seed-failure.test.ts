import { describe, expect, it, vi } from "vitest";
import { countUsers } from "@modules/users/index.server";

// The demo treks fail part-way (a photo that cannot be made, a payment that does not issue).
vi.mock("./demo-treks.server", () => ({ seedDemoTreks: vi.fn(async () => Promise.reject(new Error("the photo step refused the demo photo"))) }));
const { prepareDatabase } = await import("../../db/seed.server");

describe("prepareDatabase when the demo treks fail", () => {
  it("stops with the cause and how to start over; a later start seeds nothing twice", async () => {
    await expect(prepareDatabase({ demo: true })).rejects.toThrow(/the photo step refused the demo photo\).*delete the embedded database \(.+\.sqlite\)/);
    const users = await countUsers();
    expect(users).toBe(6);
    expect(await prepareDatabase({ demo: true })).toMatchObject({ demoSeeded: false });
    expect(await countUsers()).toBe(users);
  });
});
