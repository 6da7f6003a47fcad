import { describe, expect, it } from "vitest";
import { changeOwnPasswordSchema, changeUserPasswordSchema, setPasswordSchema } from "@modules/users/index.schemas";
import { PASSWORD_FIELDS } from "./account-forms";

describe("PasswordForm's field names", () => {
  it("are the password schemas' own fields", () => {
    const schemas = { changeOwnPasswordSchema, changeUserPasswordSchema, setPasswordSchema };
    for (const [name, fields] of Object.entries(PASSWORD_FIELDS)) expect(Object.keys(schemas[name as keyof typeof schemas].shape)).toEqual(fields);
  });
});
