import { Form, Link } from "@remix-run/react";
import { displayDateTime } from "@lib/dates";
import { Button } from "@lib/ui/button";
import { FormErrors, SelectField, TextField } from "@lib/ui/field";
import { DataTable } from "@lib/ui/table";
import { useT } from "@lib/i18n/context";

/** A device as the board's page shows it (DeviceRow, serialized). */
export interface DeviceItem {
  id: number;
  name: string;
  userName: string;
  tokenPrefix: string;
  createdAt: string | Date;
  createdByName: string;
  lastUsedAt: string | Date | null;
  revokedAt: string | Date | null;
}

/** The devices with their state; a live one offers Revoke (a confirmation over the page). */
export function DeviceTable({ devices }: { devices: readonly DeviceItem[] }) {
  const { t, lng } = useT();
  return (
    <DataTable
      caption="Devices"
      rows={devices}
      rowKey={(d) => d.id}
      columns={[
        { key: "name", header: "Device", cell: (d) => d.name },
        { key: "account", header: "Account", cell: (d) => d.userName },
        { key: "token", header: "Token", cell: (d) => <code>{d.tokenPrefix}…</code> },
        { key: "issued", header: "Issued", cell: (d) => `${displayDateTime(d.createdAt, lng)} ${t("by {{name}}", { name: d.createdByName })}` },
        { key: "used", header: "Last used", cell: (d) => (d.lastUsedAt ? displayDateTime(d.lastUsedAt, lng) : t("Never")) },
        {
          key: "state",
          header: "State",
          cell: (d) =>
            d.revokedAt ? (
              <span className="text-red-700">{t("Revoked {{date}}", { date: displayDateTime(d.revokedAt, lng) })}</span>
            ) : (
              <Link
                to={`/api-devices/${d.id}/revoke`}
                preventScrollReset
                className="text-red-700 hover:underline"
                aria-label={t("Revoke {{name}}", { name: d.name })}
              >
                {t("Revoke")}
              </Link>
            ),
        },
      ]}
    />
  );
}

export interface IssueDeviceFormProps {
  checkposts: readonly { value: string; label: string }[];
  errors?: { name?: string[]; userId?: string[]; form?: string[] } | null;
}

/** The board issues a token: the device's name and the checkpost account it acts as. */
export function IssueDeviceForm({ checkposts, errors }: IssueDeviceFormProps) {
  const { t } = useT();
  return (
    <Form method="post" className="grid gap-3 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-3 sm:items-end">
      <TextField label="Device name" name="name" required maxLength={100} errors={errors?.name} />
      <SelectField label="Account" name="userId" required options={checkposts} errors={errors?.userId} />
      <div>
        <Button type="submit">{t("Issue Token")}</Button>
      </div>
      <FormErrors errors={errors?.form ?? []} className="sm:col-span-3" />
    </Form>
  );
}

/** The new token, shown this once: only its hash is kept. */
export function IssuedToken({ name, token }: { name: string; token: string }) {
  const { t } = useT();
  return (
    <div role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-sm text-green-900">
      <p className="font-semibold">{t("Token issued for {{name}}. Copy it now: it is not shown again.", { name })}</p>
      <p className="mt-2 break-all">
        <code data-testid="issued-token">{token}</code>
      </p>
    </div>
  );
}
