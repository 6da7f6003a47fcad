import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createLazyValidator, passThrough } from "@lib/ui/lazy-validation";

const schema = z.object({ email: z.string({ error: "Email field is required" }).email("Please enter a correct email address") });
const form = { isConnected: true } as unknown as HTMLFormElement;

function data(entries: Record<string, string>): FormData {
  const formData = new FormData();
  for (const [k, v] of Object.entries(entries)) formData.set(k, v);
  return formData;
}
const blur = (name: string) => JSON.stringify({ type: "validate", payload: { name } });

describe("passThrough", () => {
  it("lets a submit through and leaves a blur without errors", () => {
    expect(passThrough(data({ email: "x" })).status).toBe("success");
    const validate = passThrough(data({ email: "x", __intent__: blur("email") }));
    expect(validate.status).toBeUndefined();
    expect(validate.status === "success" ? null : validate.error).toEqual({});
  });
});

describe("createLazyValidator", () => {
  it("passes submits through until the schema loads, then validates exactly like parseWithZod", async () => {
    let release!: (s: typeof schema) => void;
    const lazy = createLazyValidator(() => new Promise<typeof schema>((r) => (release = r)), vi.fn());
    expect(lazy.validate({ form, submitter: null, formData: data({ email: "nope" }) }).status).toBe("success");
    release(schema);
    await lazy.load();
    expect(lazy.loaded()).toBe(true);
    const submission = lazy.validate({ form, submitter: null, formData: data({ email: "nope" }) });
    expect(submission.status).toBe("error");
    expect(submission.status === "success" ? null : submission.error).toEqual({ email: ["Please enter a correct email address"] });
  });

  it("runs a blur that came before the schema again once it has loaded, once per field", async () => {
    const replay = vi.fn();
    const lazy = createLazyValidator(async () => schema, replay);
    lazy.validate({ form, submitter: null, formData: data({ email: "", __intent__: blur("email") }) });
    lazy.validate({ form, submitter: null, formData: data({ email: "a", __intent__: blur("email") }) });
    await lazy.load();
    expect(replay).toHaveBeenCalledTimes(1);
    expect(replay).toHaveBeenCalledWith(form, blur("email"));
  });

  it("loads once and tries again after a failed download", async () => {
    const loader = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(schema);
    const lazy = createLazyValidator(loader, vi.fn());
    await lazy.load();
    expect(lazy.loaded()).toBe(false);
    await Promise.all([lazy.load(), lazy.load()]);
    expect(loader).toHaveBeenCalledTimes(2);
    expect(lazy.loaded()).toBe(true);
  });
});
