import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { RouteHandle } from "~/root";
import { parseWithZod } from "@lib/zod-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "@lib/multipart.server";
import { Button, LinkButton } from "@lib/ui/button";
import { Checkbox, FormErrors, TextField } from "@lib/ui/field";
import { Modal } from "@lib/ui/modal";
import { displayDate } from "@lib/dates";
import { useT } from "@lib/i18n/context";
import { richText } from "@lib/i18n/rich";
import { forbidden, requirePermission } from "~/utils/guards.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { redirectWithToast } from "~/utils/toast.server";
import { TWO_FACTOR_CODE_LABEL, can } from "@modules/users";
import { twoFactorSettingsSchema } from "@modules/users/index.server";
import {
  beginTwoFactorEnrolment,
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  renewRecoveryCodes,
  setStaffTwoFactorRequired,
  twoFactorStatus,
  type TwoFactorEnrolment,
} from "@modules/users/index.server";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";
export { ModalErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

const BACK = "/account-settings";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "twoFactor");
  const status = await twoFactorStatus(user);
  return {
    status: {
      enabled: status.enabled,
      enabledAt: status.enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: status.recoveryCodesLeft,
      required: status.required,
    },
    enrolment: status.enabled ? null : await beginTwoFactorEnrolment(user),
    policy: can(user, "twoFactorPolicy") ? { requireStaff: status.required } : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "twoFactor");
  const submission = parseWithZod(await readForm(request), { schema: twoFactorSettingsSchema });
  const hideFields = ["code", "password"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }), recoveryCodes: null, enrolment: null }, { status: 400 });
  const input = submission.value;
  // A wrong first code keeps the QR code the app already scanned.
  const keep = input.intent === "enable" ? await beginTwoFactorEnrolment(user, input).catch(() => null) : null;
  return withDomainErrors(
    async () => {
      switch (input.intent) {
        case "enable":
          return data({ result: submission.reply({ resetForm: true }), recoveryCodes: await confirmTwoFactorEnrolment(user, input), enrolment: null });
        case "codes":
          return data({ result: submission.reply({ resetForm: true }), recoveryCodes: await renewRecoveryCodes(user, input.password), enrolment: null });
        case "disable":
          await disableTwoFactor(user, input.password);
          return redirectWithToast(BACK, { type: "success", message: "Two-factor sign-in is off" });
        case "policy":
          if (!can(user, "twoFactorPolicy")) throw forbidden();
          await setStaffTwoFactorRequired(user.id, input.requireStaff);
          return redirectWithToast(BACK, {
            type: "success",
            message: input.requireStaff ? "Board and TAAN staff now need two-factor sign-in" : "Two-factor sign-in is now optional for staff",
          });
      }
    },
    { submission, hideFields, extra: { recoveryCodes: null, enrolment: keep } },
  );
}

/** Account Settings → Two-factor sign-in (board and TAAN): set up, recovery codes, turn off; the board's rule. */
export default function TwoFactorSettings() {
  const { status, enrolment, policy } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const codes = actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : null;
  const kept = actionData && "enrolment" in actionData ? (actionData.enrolment as TwoFactorEnrolment | null) : null;
  const lastResult = actionData?.result;
  const { t } = useT();
  return (
    <Modal title={t("Two-factor sign-in")} closeTo={BACK} size="lg">
      {codes ? (
        <RecoveryCodes codes={codes} />
      ) : status.enabled ? (
        <Enabled status={status} lastResult={lastResult} />
      ) : (
        <SetUp enrolment={kept ?? enrolment!} required={status.required} lastResult={lastResult} />
      )}
      {policy && !codes ? <StaffRule requireStaff={policy.requireStaff} /> : null}
    </Modal>
  );
}

type LastResult = ReturnType<typeof useActionData<typeof action>> extends infer A ? (A extends { result: infer R } ? R : never) : never;

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useT();
  return (
    <div className="space-y-4" data-testid="recovery-codes">
      <p className="text-sm text-gray-700">
        {t(
          "Two-factor sign-in is on. Save these recovery codes somewhere safe now: each signs you in once if you lose your phone, and they will not be shown again.",
        )}
      </p>
      <ul className="grid grid-cols-2 gap-2 rounded-md bg-gray-50 p-4 font-mono text-sm text-gray-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex justify-end">
        <LinkButton to={BACK}>{t("I have saved them")}</LinkButton>
      </div>
    </div>
  );
}

function SetUp({ enrolment, required, lastResult }: { enrolment: TwoFactorEnrolment; required: boolean; lastResult: LastResult | undefined }) {
  const [form, fields] = useForm({ id: "two-factor-enable", lastResult });
  const { t } = useT();
  return (
    <div className="space-y-4">
      {required ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t("The Nepal Tourism Board requires two-factor sign-in for staff accounts. Set it up to continue.")}
        </p>
      ) : null}
      <ol className="list-decimal space-y-2 pl-5 text-sm text-gray-700">
        <li>{t("Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, FreeOTP…).")}</li>
        <li>{t("Scan this QR code, or type the key below into the app.")}</li>
        <li>{t("Enter the 6-digit code the app shows.")}</li>
      </ol>
      <div className="flex flex-wrap items-center gap-4">
        <img
          src={enrolment.qrDataUrl}
          alt={t("QR code to scan with your authenticator app")}
          width={180}
          height={180}
          className="rounded border border-gray-200"
        />
        <p className="text-sm text-gray-700">
          {t("Key:")}{" "}
          <code className="font-mono break-all text-gray-900" data-testid="two-factor-key">
            {enrolment.secret.replace(/(.{4})/g, "$1 ").trim()}
          </code>
        </p>
      </div>
      <Form method="post" className="space-y-4" {...getFormProps(form)} data-check="users.twoFactorSettingsSchema">
        <input type="hidden" name="intent" value="enable" />
        <input type="hidden" name="secret" value={enrolment.secret} />
        <input type="hidden" name="token" value={enrolment.token} />
        <TextField
          label={TWO_FACTOR_CODE_LABEL}
          {...getInputProps(fields.code, { type: "text" })}
          inputMode="numeric"
          autoComplete="one-time-code"
          errors={fields.code.errors}
        />
        <FormErrors errors={form.errors} />
        <div className="flex justify-end gap-2">
          <LinkButton to={BACK} variant="secondary">
            {t("Cancel")}
          </LinkButton>
          <Button type="submit">{t("Turn on")}</Button>
        </div>
      </Form>
    </div>
  );
}

function Enabled({
  status,
  lastResult,
}: {
  status: { enabledAt: string | null; recoveryCodesLeft: number; required: boolean };
  lastResult: LastResult | undefined;
}) {
  const [form, fields] = useForm({ id: "two-factor-manage", lastResult });
  const translator = useT();
  const { t, lng } = translator;
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">
        <span>
          {status.enabledAt
            ? richText(translator, "Two-factor sign-in is {{on}} since {{date}}.", {
                on: <strong>{t("on")}</strong>,
                // English keeps the ISO day it always showed; Nepali its own calendar's.
                date: lng === "ne" ? displayDate(status.enabledAt.slice(0, 10), lng) : status.enabledAt.slice(0, 10),
              })
            : richText(translator, "Two-factor sign-in is {{on}}.", { on: <strong>{t("on")}</strong> })}
        </span>{" "}
        <span>
          {richText(translator, "Recovery codes left: {{count}}.", { count: <strong>{t("{{count}}", { count: status.recoveryCodesLeft })}</strong> })}
        </span>
      </p>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <TextField
          label="Password"
          {...getInputProps(fields.password, { type: "password" })}
          autoComplete="current-password"
          errors={fields.password.errors}
          hint="Your password, to make new recovery codes or to turn two-factor sign-in off."
        />
        <FormErrors errors={form.errors} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="submit" name="intent" value="codes" variant="secondary">
            {t("New recovery codes")}
          </Button>
          {status.required ? null : (
            <Button type="submit" name="intent" value="disable" variant="danger">
              {t("Turn off")}
            </Button>
          )}
        </div>
      </Form>
      {status.required ? (
        <p className="text-xs text-gray-500">{t("The board requires two-factor sign-in for staff accounts, so it cannot be turned off.")}</p>
      ) : null}
    </div>
  );
}

function StaffRule({ requireStaff }: { requireStaff: boolean }) {
  const { t } = useT();
  return (
    <Form method="post" className="mt-6 space-y-3 border-t border-gray-200 pt-4">
      <input type="hidden" name="intent" value="policy" />
      <h3 className="text-sm font-semibold text-gray-900">{t("For all staff")}</h3>
      <Checkbox label="Require two-factor sign-in for board (NTB) and TAAN accounts" name="requireStaff" defaultChecked={requireStaff} />
      <p className="text-xs text-gray-500">{t("Staff without it are sent to set it up when they next open a page.")}</p>
      <div className="flex justify-end">
        <Button type="submit" variant="secondary">
          {t("Save rule")}
        </Button>
      </div>
    </Form>
  );
}
