import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PASSWORD_FIELDS } from "~/components/users/account-forms";
import { checkForm } from "~/utils/form-checks.server";

const FIT = { userType: 1 };
const AGENCY = { userType: 2 };

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};

// The blur checks of pages served as HTML (ADR 0034) answer with the form's own schema.
describe("form checks", () => {
  it("answers each failing field with the schema's own messages, cross-field rules included", async () => {
    const errors = await checkForm(
      "users.addUserSchema",
      form({ userType: "", fullName: "R2D2", email: "not-an-email", password: "Trek@2026", confirmPassword: "Trek@2027" }),
      FIT,
    );
    expect(errors?.fullName).toEqual(["Only text allowed"]);
    expect(errors?.email?.[0]).toMatch(/email/i);
    expect(errors?.confirmPassword?.[0]).toMatch(/match/i);
    expect(errors?.password).toBeUndefined();
  });

  it("answers no errors for a valid form", async () => {
    expect(await checkForm("agencies.remarkSchema", form({ intent: "remark", note: "Documents look fine." }), FIT)).toEqual({});
  });

  it("knows only zod schemas exported by a module's index.schemas", async () => {
    expect(await checkForm("users.noSuchSchema", form({}), FIT)).toBeNull();
    expect(await checkForm("nope.addUserSchema", form({}), FIT)).toBeNull();
    expect(await checkForm("users.addUserSchema.extra", form({}), FIT)).toBeNull();
    expect(await checkForm("users.__proto__", form({}), FIT)).toBeNull();
    expect(await checkForm("constructor.addUserSchema", form({}), FIT)).toBeNull();
    // An export that is not a schema (a function not named for one) is not a check.
    expect(await checkForm("registration.splitFirstStep", form({}), FIT)).toBeNull();
  });

  it("calls a schema that depends on who posts with the poster's user type", async () => {
    const trekker = form({ nationality: "524", guideName: "" });
    const fit = await checkForm("registration.trekkerSchema", trekker, FIT);
    const agency = await checkForm("registration.trekkerSchema", trekker, AGENCY);
    expect(fit?.nationality).toBeDefined();
    expect(fit?.guideName).toBeUndefined();
    expect(agency?.nationality).toBeUndefined();
    expect(agency?.guideName).toBeDefined();
  });
});

/** Every `data-check="…"` a form carries, and the password forms' `users.${schema}`. */
function namesInSource(): string[] {
  const names: string[] = Object.keys(PASSWORD_FIELDS).map((schema) => `users.${schema}`);
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith(".tsx")) for (const match of fs.readFileSync(file, "utf8").matchAll(/data-check="([^"]+)"/g)) names.push(match[1]);
    }
  };
  walk("app");
  walk("modules");
  // A path is a form's own check endpoint (the wizard's first step), not a schema name.
  return names.filter((name) => !name.startsWith("/"));
}

describe("forms marked for a blur check", () => {
  it("each name a form carries is a check the server knows; a path is a route that exists", async () => {
    expect(fs.existsSync("app/routes/registration-check.ts")).toBe(true);
    const names = namesInSource();
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(await checkForm(name, new FormData(), FIT), name).not.toBeNull();
  });
});
