import { z } from "zod";
import { emailField, messages, passwordField, textOnlyField } from "@lib/validation";
import { UserType } from "../../contract";
import { ADDABLE_USER_TYPES } from "../kinds";
import { CHECKPOST_FIELDS, optionalCheckpostPlaceFields, checkpostPlaceFields } from "./checkpost";
import { confirmField, withPasswordMatch } from "./password-pair";

const addable: readonly number[] = ADDABLE_USER_TYPES.map((t) => t.id);

const base = withPasswordMatch(
  z.object({
    userType: z
      .number({ error: messages.required("User Type") })
      .int()
      .refine((v) => addable.includes(v), messages.required("User Type")),
    fullName: textOnlyField("Full Name"),
    email: emailField("Email"),
    password: passwordField("Password"),
    confirmPassword: confirmField("Confirm Password"),
    ...optionalCheckpostPlaceFields,
  }),
);

type Draft = Record<string, unknown>;

/** Spec 2 §5: a checkpost (type 5) also needs province, local government, ward, route and checkpost. */
export const addUserSchema = CHECKPOST_FIELDS.reduce(
  (schema, field) =>
    schema.refine((d: Draft) => checkpostPlaceFields[field.name].safeParse(d[field.name]).success, {
      message: messages.required(field.label),
      path: [field.name],
      // Runs whatever else failed, but only for a checkpost and only while the field is empty.
      when: (payload) => {
        const v = payload.value as Draft | undefined;
        return v?.userType === UserType.Checkpost && (v[field.name] === undefined || v[field.name] === "");
      },
    }),
  base,
);

export type AddUserInput = z.infer<typeof addUserSchema>;
