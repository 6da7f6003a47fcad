import type { RouteHandle } from "~/root";
import { useT } from "@lib/i18n/context";
import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, LinkButton } from "@lib/ui/button";
import { FormErrors } from "@lib/ui/field";
import { ConfirmDialog } from "@lib/ui/modal";
import { displayDate } from "@lib/dates";
import { requireReviewer, submitReviewChange } from "~/utils/registration-action.server";
import { domainErrorResponse } from "~/utils/domain-error.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formatNrs } from "@modules/registration";
import { TrekFields } from "~/components/registration/trek-fields";
import { ChoosePhotoAgain } from "~/components/registration/photo-input";
import { OverlapNotice } from "~/components/registration/overlap-notice";
import { InsuranceFields, TrekkerFields } from "~/components/registration/trekker-fields";
import { PastTrekNotice, WizardSteps } from "@modules/registration/index.ui";
import { registrationFormOptions } from "@modules/registration/index.server";
import { canPay, editDatesHref, trekDatesRefusal } from "@modules/registration";
import { canEditRegistration } from "@modules/registration/index.server";
import { getRegistration, overlappingCards } from "@modules/registration/index.server";
import { cardsOfRegistration, mayGenerateCards } from "@modules/cards/index.server";
import { DataTable } from "@lib/ui/table";
import { paramId, notFound } from "@lib/param-id";
import { richText } from "@lib/i18n/rich";

// A document page (ADR 0043), as read and in its editors (?edit=...): the editors' forms are sent
// by the document script with their upload progress and keep a chosen photo when refused.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireReviewer(request);
  const registration = await getRegistration(paramId(params, "regId"), user);
  // Someone else's registration looks exactly like a missing one.
  if (!registration) throw notFound();
  return {
    registration,
    options: await registrationFormOptions(registration.userType, registration.routeId),
    canEdit: canEditRegistration(user, registration),
    canPay: canPay(user, registration),
    // The cards module's rule (grant and status), not a copy of it.
    canGenerate: await mayGenerateCards(user, registration.id),
    // Neither paid nor generated once the entry date has passed (issue 25): the page says why.
    pastTrek: trekDatesRefusal(registration),
    // Each trekker's card once it is issued (the cards module's rule of what may be shown).
    cards: await cardsOfRegistration(registration.id, user),
    // Cards the same passports already hold for overlapping dates: warned before payment.
    overlaps: await overlappingCards(registration.id, user),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireReviewer(request);
  const regId = paramId(params, "regId");
  const outcome = await submitReviewChange(request, user, regId);
  if (outcome.kind === "changed") return redirectWithToast(`/new-register/${regId}`, { type: "success", message: outcome.success });
  if (outcome.kind === "refused") return data({ result: outcome.result, photoError: outcome.photoError }, { status: outcome.status });
  const submission = { reply: (options?: { fieldErrors?: Record<string, string[]> }) => outcome.reply(options?.fieldErrors) as never };
  return domainErrorResponse(outcome.error, { submission, redirectTo: `/new-register/${regId}`, extra: { photoError: null as string | null } });
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type TrekkerView = LoaderData["registration"]["trekkers"][number];

export default function Review() {
  const { registration: reg, canEdit, canPay: payable, canGenerate: generable, pastTrek, overlaps } = useLoaderData<typeof loader>();
  const blocked = pastTrek && (payable || generable) ? pastTrek : null;
  const canPay = payable && !blocked;
  const canGenerate = generable && !blocked;
  const [params] = useSearchParams();
  const edit = canEdit ? params.get("edit") : null;
  const removing = canEdit ? Number(params.get("remove")) : NaN;
  const removeTarget = reg.trekkers.find((t) => t.id === removing);
  const translator = useT();
  const { t } = translator;
  return (
    <>
      <WizardSteps current={1} />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold text-slate-800">
          {/* Not a "Registration #{{id}}" text: as a template it would also match module messages that start so (lib/i18n/messages.ts). */}
          {t("Registration")} #{reg.id} <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-sm font-normal text-slate-700">{t(reg.status)}</span>
        </h2>
      </div>
      <div className="space-y-6">
        {reg.status === "Pending" ? (
          <p className="rounded-lg bg-blue-50 p-4 text-sm text-blue-900" data-testid="voucher-pending">
            {t("Your voucher has been received. It will be verified within 1 or 2 business days.")}
          </p>
        ) : null}
        {blocked ? <PastTrekNotice message={blocked} editHref={canEdit && edit !== "trek" ? editDatesHref(reg.id) : null} /> : null}
        {/* First, so the link in the e-mail lands on the cards (issue 12, item 6). */}
        <IssuedCards />
        <OverlapNotice overlaps={overlaps} />
        {edit === "trek" ? <TrekEditor /> : <TrekSummary canEdit={canEdit} />}
        {reg.trekkers.map((t, i) =>
          edit === `trekker-${t.id}` ? (
            <TrekkerEditor key={t.id} trekker={t} />
          ) : edit === `insurance-${t.id}` ? (
            <InsuranceEditor key={t.id} trekker={t} />
          ) : (
            <TrekkerSummary key={t.id} trekker={t} index={i} canEdit={canEdit} canRemove={canEdit && reg.trekkers.length > 1} />
          ),
        )}
        {edit === "add" ? (
          <AddTrekker />
        ) : canEdit ? (
          <LinkButton to="?edit=add" reloadDocument variant="secondary">
            {t("Add Trekker")}
          </LinkButton>
        ) : null}

        <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg bg-white p-4 shadow-sm">
          <p className="text-lg">
            {richText(translator, "Total: {{amount}}", { amount: <strong data-testid="total">{formatNrs(reg.totalPaisa)}</strong> })}{" "}
            <span className="text-sm text-slate-500">{t("(including VAT)")}</span>
          </p>
          <div className="flex gap-2">
            {canGenerate ? (
              <LinkButton to={`/cards/generate/${reg.id}`} variant="secondary">
                {t("Generate Card")}
              </LinkButton>
            ) : null}
            {canPay ? <LinkButton to={`/new-register/${reg.id}/payment`}>{t("Next")}</LinkButton> : null}
          </div>
        </div>
      </div>
      {removeTarget ? (
        <ConfirmDialog title={t("Remove Trekker")} closeTo=".">
          <p className="mb-3 text-slate-700">{t("Remove {{name}} from this registration?", { name: removeTarget.fullName })}</p>
          <Form method="post" encType="multipart/form-data">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="trekkerId" value={removeTarget.id} />
            <Button type="submit" variant="danger">
              {t("Remove")}
            </Button>
          </Form>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** The registration's TIMS cards, each with its number, status, page and PDF (once issued). */
function IssuedCards() {
  const { registration: reg, cards } = useLoaderData<typeof loader>();
  const { t } = useT();
  if (!cards.length) return null;
  const nameOf = (trekkerId: number) => reg.trekkers.find((t) => t.id === trekkerId)?.fullName ?? "";
  return (
    <Card title={t("TIMS Cards")}>
      <DataTable
        rows={cards}
        rowKey={(c) => c.trekkerId}
        columns={[
          { key: "trekker", header: t("Trekker"), cell: (c) => nameOf(c.trekkerId) },
          { key: "number", header: t("Card Number"), cell: (c) => <span data-testid={`card-number-${c.trekkerId}`}>{c.cardNumber}</span> },
          { key: "status", header: t("Status"), cell: (c) => t(c.status) },
          {
            key: "links",
            header: t("TIMS Card"),
            cell: (c) => (
              <span className="flex flex-wrap gap-x-4 gap-y-1">
                <Link
                  to={`/tims-cards/${c.trekkerId}`}
                  className="text-blue-700 underline"
                  aria-label={t("View card {{number}} of {{name}}", { number: String(c.cardNumber), name: nameOf(c.trekkerId) })}
                >
                  {t("View card")}
                </Link>
                <a
                  href={`/tims-cards/${c.trekkerId}/pdf`}
                  className="text-blue-700 underline"
                  aria-label={t("Download PDF of card {{number}} of {{name}}", { number: String(c.cardNumber), name: nameOf(c.trekkerId) })}
                >
                  {t("Download PDF")}
                </a>
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}

function Card({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-lg bg-white p-5 shadow-sm">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-800">{title}</h3>
        {actions ? <div className="flex gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** Each row's label is an English text, said in the page's language here. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  const { t } = useT();
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-3">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt className="text-xs uppercase text-slate-500">{t(k)}</dt>
          <dd className="text-slate-800">{v || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

function TrekSummary({ canEdit }: { canEdit: boolean }) {
  const { t, lng } = useT();
  const { registration: reg } = useLoaderData<typeof loader>();
  return (
    <Card
      title={t("Trek Details")}
      actions={
        canEdit ? (
          <LinkButton to="?edit=trek" reloadDocument size="sm" variant="secondary">
            {t("Edit")}
          </LinkButton>
        ) : null
      }
    >
      <Facts
        rows={[
          ["Trekking Area", reg.routeName],
          ["Trek Entry Date", displayDate(reg.entryDate, lng)],
          ["Trek Exit Date", displayDate(reg.exitDate, lng)],
          ["Entry Point", reg.entryPoint],
          ["Exit Point", reg.exitPoint],
        ]}
      />
    </Card>
  );
}

/**
 * One section's form, rendered as it works without JavaScript; the document script (ADR 0043) checks
 * each field by the server with `schema` (/form-check/registration.{schema}) and sends the form to
 * /new-register/:regId/change, answered in JSON.
 */
function useSectionForm(id: string, schema: "trekDetailsSchema" | "trekkerSchema" | "insuranceSchema", defaultValue: Record<string, unknown>) {
  const { registration: reg } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id,
    lastResult: actionData?.result ?? undefined,
    defaultValue: Object.fromEntries(Object.entries(defaultValue).map(([k, v]) => [k, v == null ? undefined : String(v)])),
  });
  const formProps = {
    method: "post" as const,
    encType: "multipart/form-data" as const,
    className: "space-y-4 rounded-lg bg-white p-5 shadow-sm",
    ...getFormProps(form),
    "data-script-action": `/new-register/${reg.id}/change`,
    "data-check": `registration.${schema}`,
  };
  return { form, fields, formProps, photoError: actionData?.photoError ?? null };
}

function EditorButtons() {
  const { t } = useT();
  return (
    <div className="flex gap-2">
      <Button type="submit" size="sm">
        {t("Done")}
      </Button>
      <LinkButton to="." size="sm" variant="secondary">
        {t("Cancel")}
      </LinkButton>
    </div>
  );
}

function TrekEditor() {
  const { registration: reg, options } = useLoaderData<typeof loader>();
  const { form, fields, formProps } = useSectionForm("edit-trek", "trekDetailsSchema", reg);
  return (
    <Form {...formProps}>
      <input type="hidden" name="intent" value="trek" />
      <TrekFields fields={fields} routes={options.routes} />
      <FormErrors errors={form.errors} />
      <EditorButtons />
    </Form>
  );
}

const TYPE_NAMES: Record<number, string> = { 3: "Normal", 4: "Diplomat", 5: "Child" };

function TrekkerSummary({ trekker: t, index, canEdit, canRemove }: { trekker: TrekkerView; index: number; canEdit: boolean; canRemove: boolean }) {
  const { lng } = useT();
  const { registration: reg, options } = useLoaderData<typeof loader>();
  const country = options.countries.find((c) => c.id === t.nationality)?.name;
  const { t: say } = useT();
  return (
    <Card
      title={say("Trekker {{number}}: {{name}}", { number: index + 1, name: t.fullName })}
      actions={
        canEdit ? (
          <>
            <LinkButton to={`?edit=trekker-${t.id}`} reloadDocument size="sm" variant="secondary">
              {say("Edit")}
            </LinkButton>
            <LinkButton to={`?edit=insurance-${t.id}`} reloadDocument size="sm" variant="secondary">
              {say("Edit Insurance")}
            </LinkButton>
            {canRemove ? (
              <LinkButton to={`?remove=${t.id}`} size="sm" variant="danger">
                {say("Remove")}
              </LinkButton>
            ) : null}
          </>
        ) : null
      }
    >
      <div className="flex gap-4" data-testid={`trekker-${t.id}`}>
        <img
          src={`/registration-photo/${reg.id}/${t.id}`}
          alt={say("Photo of {{name}}", { name: t.fullName })}
          className="h-24 w-24 shrink-0 rounded object-cover"
        />
        <Facts
          rows={[
            ["Trekker Type", say(TYPE_NAMES[t.trekkerType] ?? "")],
            ["Nationality", country],
            ["Date of Birth", displayDate(t.dob, lng)],
            ["Email", t.email],
            ["Passport Number", t.passportNumber],
            ["Insurance", [t.insuranceCompany, t.policyNumber, t.policyType].filter(Boolean).join(" · ")],
            ["Price", formatNrs(t.amountPaisa)],
          ]}
        />
      </div>
    </Card>
  );
}

function TrekkerEditor({ trekker }: { trekker: TrekkerView }) {
  const { registration: reg, options } = useLoaderData<typeof loader>();
  const { form, fields, formProps, photoError } = useSectionForm(`edit-trekker-${trekker.id}`, "trekkerSchema", trekker);
  return (
    <Form {...formProps}>
      <input type="hidden" name="intent" value="trekker" />
      <input type="hidden" name="trekkerId" value={trekker.id} />
      <TrekkerFields
        fields={fields}
        options={{ ...options, userType: reg.userType }}
        photo={{ required: false, currentSrc: `/registration-photo/${reg.id}/${trekker.id}`, errors: photoError ? [photoError] : undefined }}
      />
      <FormErrors errors={form.errors} />
      <EditorButtons />
    </Form>
  );
}

function InsuranceEditor({ trekker }: { trekker: TrekkerView }) {
  const { form, fields, formProps } = useSectionForm(`edit-insurance-${trekker.id}`, "insuranceSchema", trekker);
  return (
    <Form {...formProps}>
      <input type="hidden" name="intent" value="insurance" />
      <input type="hidden" name="trekkerId" value={trekker.id} />
      <p className="font-semibold text-slate-800">{trekker.fullName}</p>
      <InsuranceFields fields={fields} />
      <FormErrors errors={form.errors} />
      <EditorButtons />
    </Form>
  );
}

function AddTrekker() {
  const { registration: reg, options } = useLoaderData<typeof loader>();
  const { form, fields, formProps, photoError } = useSectionForm("add-trekker", "trekkerSchema", {});
  const { t } = useT();
  return (
    <Form {...formProps}>
      <input type="hidden" name="intent" value="add" />
      <h3 className="font-semibold text-slate-800">{t("Add Trekker")}</h3>
      <TrekkerFields
        fields={fields}
        options={{ ...options, userType: reg.userType }}
        photo={{ required: true, errors: photoError ? [photoError] : undefined }}
        follower
      />
      <FormErrors errors={form.errors} />
      <ChoosePhotoAgain shown={Boolean(photoError || form.status === "error")} />
      <EditorButtons />
    </Form>
  );
}
