import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { messageLanguage, requestMessages } from "~/utils/language.server";
import { parseWithZod } from "@lib/zod-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "@lib/ui/button";
import { cx } from "@lib/ui/class-names";
import { FormErrors, SelectField, TextField } from "@lib/ui/field";
import { requireAnonymous } from "~/utils/guards.server";
import { publicOrigin } from "@lib/origin.server";
import { redirectWithToast } from "~/utils/toast.server";
import { listCountries } from "@modules/lookups/index.server";
import { AuthCard } from "@modules/users/index.ui";
import { NewPasswordField } from "~/components/users/password-checklist";
import { limitMailRequest, registerAccount } from "@modules/users/index.server";
import { throttleAddress } from "@lib/client-address.server";
import { REGISTER_TYPES } from "@modules/users";
import { registerSchema } from "@modules/users/index.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { readForm } from "@lib/multipart.server";
import { useT } from "@lib/i18n/context";
import { richText } from "@lib/i18n/rich";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle = { title: "Register", chrome: false, page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

const PASSWORDS = ["password", "confirmPassword"];

function typeFromKey(key: string | null) {
  return REGISTER_TYPES.find((t) => t.key === key) ?? null;
}

// public: sign-up is for visitors without an account.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const type = typeFromKey(new URL(request.url).searchParams.get("type"));
  const countries = type?.id === "1" ? (await listCountries()).map((c) => ({ value: c.id, label: c.name })) : [];
  return { typeKey: type?.key ?? null, countries };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const submission = parseWithZod(await readForm(request), { schema: registerSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: PASSWORDS }) }, { status: 400 });
  return withDomainErrors(
    async () => {
      await limitMailRequest(submission.value.email, throttleAddress(context));
      // A taken address gets the same answer; its owner is told by e-mail instead (no oracle).
      const { email } = await registerAccount(submission.value, publicOrigin(), await messageLanguage(request));
      return redirectWithToast(`/register-success?email=${encodeURIComponent(email)}`, { type: "success", message: "User Successfully Register" });
    },
    { submission, hideFields: PASSWORDS, say: await requestMessages(request) },
  );
}

export default function Register() {
  const { typeKey, countries } = useLoaderData<typeof loader>();
  const type = typeFromKey(typeKey);
  const translator = useT();
  const { t } = translator;
  return (
    <AuthCard title="Create your account" subtitle="First choose how you register" wide={Boolean(type)}>
      <nav aria-label={t("User type")} className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-1">
        {REGISTER_TYPES.map((type_) => (
          <Link
            key={type_.key}
            to={`/register?type=${type_.key}`}
            aria-current={type_.key === typeKey ? "page" : undefined}
            className={cx(
              "rounded-md px-3 py-2 text-center text-sm font-medium",
              type_.key === typeKey ? "bg-white text-blue-700 shadow" : "text-slate-600 hover:text-slate-900",
            )}
          >
            {translator.t(type_.label)}
          </Link>
        ))}
      </nav>
      {type ? (
        <RegisterForm key={type.key} userType={type.id} countries={countries} />
      ) : (
        <p className="mt-4 text-center text-sm text-slate-600">
          {richText(translator, "Register as an {{organization}} (a trekking agency in Nepal) or as an {{individual}} free trekker.", {
            organization: <strong>{t("Organization")}</strong>,
            individual: <strong>{t("Individual")}</strong>,
          })}
        </p>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        {t("Already have an account?")}{" "}
        <Link to="/login" className="font-semibold text-blue-700 hover:underline">
          {t("Login")}
        </Link>
      </p>
    </AuthCard>
  );
}

type TextName = "organizationName" | "panNumber" | "contactPerson" | "contactNo" | "contactAddress" | "fullName" | "email";

function RegisterForm({ userType, countries }: { userType: "1" | "2"; countries: { value: number; label: string }[] }) {
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const [form, fields] = useForm<Record<TextName | "countryId" | "userType" | "password" | "confirmPassword", string>>({
    id: `register-${userType}`,
    lastResult: actionData?.result,
  });
  const text = (name: TextName, label: string, type: "text" | "email" | "tel" = "text", autoComplete?: string) => {
    const { key, ...props } = getInputProps(fields[name], { type });
    return <TextField key={key} label={label} {...props} autoComplete={autoComplete} errors={fields[name].errors} />;
  };
  return (
    <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)} data-check="users.registerSchema">
      <input type="hidden" name="userType" value={userType} />
      {userType === "2" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {text("organizationName", "Organization Name", "text", "organization")}
          {text("panNumber", "PAN Number")}
          {text("contactPerson", "Contact Person", "text", "name")}
          {text("contactNo", "Contact Number", "tel", "tel")}
          {text("contactAddress", "Address", "text", "street-address")}
          <TextField label="Country" name="country" value={t("Nepal")} readOnly disabled hint="Organizations are registered in Nepal." />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {text("fullName", "Full Name", "text", "name")}
          <SelectField label="Country" {...getSelectProps(fields.countryId)} options={countries} errors={fields.countryId.errors} />
        </div>
      )}
      {text("email", "Email", "email", "email")}
      <div className="grid gap-4 sm:grid-cols-2">
        <NewPasswordField field={fields.password} label="Password" />
        <TextField
          label="Confirm Password"
          {...getInputProps(fields.confirmPassword, { type: "password" })}
          autoComplete="new-password"
          errors={fields.confirmPassword.errors}
        />
      </div>
      <FormErrors errors={form.errors} />
      {fields.userType.errors ? <FormErrors errors={fields.userType.errors} /> : null}
      <Button type="submit" className="w-full">
        {t("Register")}
      </Button>
    </Form>
  );
}
