import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PASSWORD_FIELDS } from "@modules/users/index.forms";
import { checkForm } from "~/utils/form-checks.server";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};

// The blur checks of pages served as HTML (ADR 0034) answer with the form's own schema.
describe("form checks", () => {
  it("answers each failing field with the schema's own messages, cross-field rules included", async () => {
    const errors = await checkForm("users.addUserSchema", form({ userType: "", fullName: "R2D2", email: "not-an-email", password: "Trek@2026", confirmPassword: "Trek@2027" }));
    expect(errors?.fullName).toEqual(["Only text allowed"]);
    expect(errors?.email?.[0]).toMatch(/email/i);
    expect(errors?.confirmPassword?.[0]).toMatch(/match/i);
    expect(errors?.password).toBeUndefined();
  });

  it("answers no errors for a valid form", async () => {
    expect(await checkForm("agencies.remarkSchema", form({ intent: "remark", note: "Documents look fine." }))).toEqual({});
  });

  it("knows only zod schemas exported by a module's index.schemas", async () => {
    expect(await checkForm("users.noSuchSchema", form({}))).toBeNull();
    expect(await checkForm("nope.addUserSchema", form({}))).toBeNull();
    expect(await checkForm("users.addUserSchema.extra", form({}))).toBeNull();
    expect(await checkForm("users.__proto__", form({}))).toBeNull();
    expect(await checkForm("constructor.addUserSchema", form({}))).toBeNull();
    // An export that is not a schema (a function) is not a check.
    expect(await checkForm("registration.splitFirstStep", form({}))).toBeNull();
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
  return names;
}

describe("forms marked for a blur check", () => {
  it("each name a form carries is a check the server knows", async () => {
    const names = namesInSource();
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(await checkForm(name, new FormData()), name).not.toBeNull();
  });
});
