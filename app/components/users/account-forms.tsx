// The name and password forms, one each, shared by a user's own Account Settings and the board's
// views of another account (and /change-user-password), so labels and behaviour cannot drift.
import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormErrors, TextField } from "@lib/ui/field";
import { useLazyValidation } from "@lib/ui/lazy-validation";
import { NewPasswordField } from "./password-checklist";

interface FormBase {
  /** The Conform form id (unique on the page). */
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** The buttons: ModalActions in a modal, a plain submit button on a page. */
  actions: ReactNode;
  className?: string;
}

/** "Full Name", validated with accountNameSchema on both sides. */
export function NameForm({ id, lastResult, actions, fullName, className = "space-y-4" }: FormBase & { fullName: string }) {
  const validate = useLazyValidation(() => import("@modules/users/index.schemas").then((m) => m.accountNameSchema));
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: { fullName },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <Form method="post" className={className} {...getFormProps(form)} data-check="users.accountNameSchema">
      <TextField label="Full Name" {...getInputProps(fields.fullName, { type: "text" })} autoComplete="name" errors={fields.fullName.errors} />
      <FormErrors errors={form.errors} />
      {actions}
    </Form>
  );
}

/** The fields of each password schema (schemas/password.ts), known without loading zod. */
export const PASSWORD_FIELDS = {
  changeOwnPasswordSchema: ["currentPassword", "newPassword", "confirmPassword"],
  changeUserPasswordSchema: ["username", "password", "confirmPassword"],
  setPasswordSchema: ["password", "confirmPassword"],
} as const;
export type PasswordSchemaName = keyof typeof PASSWORD_FIELDS;

/**
 * A new password with its checklist and "Confirm Password". Which other fields show follows the
 * schema's fields: "Username" (setting another account's password by its e-mail), "Current
 * Password" (one's own); the new password is `newPassword` or `password` as the schema names it.
 * The schema is named, not passed: it is loaded only when the form is used (zod stays out of the page).
 */
export function PasswordForm({ id, lastResult, actions, schema, className = "space-y-4" }: FormBase & { schema: PasswordSchemaName }) {
  const [form, fields] = useForm<Record<string, unknown>>({
    id,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(() => import("@modules/users/index.schemas").then((m) => m[schema])),
  });
  const names: readonly string[] = PASSWORD_FIELDS[schema];
  const newPassword = names.includes("newPassword") ? "newPassword" : "password";
  return (
    <Form method="post" className={className} {...getFormProps(form)} data-check={`users.${schema}`}>
      {names.includes("username") ? (
        <TextField
          label="Username"
          {...getInputProps(fields.username, { type: "email" })}
          autoComplete="off"
          hint="The e-mail address the user signs in with."
          errors={fields.username.errors}
        />
      ) : null}
      {names.includes("currentPassword") ? (
        <TextField
          label="Current Password"
          {...getInputProps(fields.currentPassword, { type: "password" })}
          autoComplete="current-password"
          errors={fields.currentPassword.errors}
        />
      ) : null}
      <NewPasswordField field={fields[newPassword] as FieldMetadata<string | undefined>} label="New Password" />
      <TextField
        label="Confirm Password"
        {...getInputProps(fields.confirmPassword, { type: "password" })}
        autoComplete="new-password"
        errors={fields.confirmPassword.errors}
      />
      <FormErrors errors={form.errors} />
      {actions}
    </Form>
  );
}
