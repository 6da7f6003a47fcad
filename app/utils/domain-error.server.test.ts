import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { conflictError, DomainError, fieldError, forbiddenError, notFoundError } from "@lib/errors";
import { domainErrorResponse, withDomainErrors } from "./domain-error.server";

process.env.SESSION_SECRET ??= "test-secret";

const form = () => {
  const body = new FormData();
  body.set("email", "a@b.test");
  return parseWithZod(body, { schema: z.object({ email: z.string() }) });
};
// Remix's data() answers are plain objects carrying the body and the init.
const answer = (value: unknown) => value as { data: any; init: { status: number } };
const thrownStatus = (run: () => unknown) => {
  try {
    run();
    return null;
  } catch (thrown) {
    return thrown instanceof Response ? thrown.status : "not a response";
  }
};

describe("domainErrorResponse", () => {
  it("says the message and the field's messages with `say` (a page's language), the field kept", () => {
    const say = (message: string) => `«${message}»`;
    const refused = answer(domainErrorResponse(fieldError("email", "Taken"), { submission: form(), say }));
    expect(refused.data.error).toBe("«Taken»");
    expect(refused.data.result.error).toEqual({ email: ["«Taken»"] });
    expect(answer(domainErrorResponse(conflictError("Changed meanwhile"), { say })).data).toMatchObject({ error: "«Changed meanwhile»", field: null });
  });

  it("puts a field error under its field of the posted form, with the error's status", () => {
    const refused = answer(domainErrorResponse(fieldError("email", "This email is already registered"), { submission: form() }));
    expect(refused.init.status).toBe(400);
    expect(refused.data.field).toBe("email");
    expect(refused.data.result.error).toEqual({ email: ["This email is already registered"] });
  });

  it("shows a refusal without fields as a form error (409)", () => {
    const refused = answer(domainErrorResponse(conflictError("This application is not awaiting review any more"), { submission: form() }));
    expect(refused.init.status).toBe(409);
    expect(refused.data.result.error).toEqual({ "": ["This application is not awaiting review any more"] });
  });

  it("throws 403 and 404 for the nearest error boundary", () => {
    expect(thrownStatus(() => domainErrorResponse(notFoundError()))).toBe(404);
    expect(thrownStatus(() => domainErrorResponse(forbiddenError()))).toBe(403);
  });

  it("redirects with a toast when asked, and re-throws anything that is not a DomainError", async () => {
    const redirect = domainErrorResponse(new DomainError("The trek can no longer be changed", { status: 409 }), {
      redirectTo: "/new-register/7",
    }) as Promise<Response>;
    const response = await redirect;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/new-register/7");
    expect(response.headers.get("Set-Cookie")).toContain("__tims_toast");
    const bug = new TypeError("x is undefined");
    expect(() => domainErrorResponse(bug)).toThrow(bug);
  });

  it("withDomainErrors passes a result through and answers a refusal", async () => {
    expect(await withDomainErrors(async () => "done")).toBe("done");
    const refused = answer(
      await withDomainErrors(async () => {
        throw fieldError("reason", "Minimum 10 character is required");
      }),
    );
    expect(refused.init.status).toBe(400);
    expect(refused.data).toMatchObject({ error: "Minimum 10 character is required", field: "reason", result: null });
  });
});
