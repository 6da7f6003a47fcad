// The name and password forms, one each, shared by a user's own Account Settings and the board's
// views of another account (and /change-user-password), so labels and behaviour cannot drift.
import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { FormErrors, TextField } from "@lib/ui/field";
import { accountNameSchema } from "../schemas/account";
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
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: { fullName },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountNameSchema }),
  });
  return (
    <Form method="post" className={className} {...getFormProps(form)}>
      <TextField label="Full Name" {...getInputProps(fields.fullName, { type: "text" })} autoComplete="name" errors={fields.fullName.errors} />
      <FormErrors errors={form.errors} />
      {actions}
    </Form>
  );
}

/**
 * A new password with its checklist and "Confirm Password". Which other fields show follows the
 * schema's fields: "Username" (setting another account's password by its e-mail), "Current
 * Password" (one's own); the new password is `newPassword` or `password` as the schema names it.
 */
export function PasswordForm({ id, lastResult, actions, schema, className = "space-y-4" }: FormBase & { schema: z.ZodObject }) {
  const [form, fields] = useForm<Record<string, unknown>>({
    id,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  // zod keeps the object's shape through the refinement that compares the two passwords.
  const names = Object.keys(schema.shape);
  const newPassword = names.includes("newPassword") ? "newPassword" : "password";
  return (
    <Form method="post" className={className} {...getFormProps(form)}>
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
        <TextField label="Current Password" {...getInputProps(fields.currentPassword, { type: "password" })} autoComplete="current-password" errors={fields.currentPassword.errors} />
      ) : null}
      <NewPasswordField field={fields[newPassword] as FieldMetadata<string | undefined>} label="New Password" />
      <TextField label="Confirm Password" {...getInputProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" errors={fields.confirmPassword.errors} />
      <FormErrors errors={form.errors} />
      {actions}
    </Form>
  );
}
