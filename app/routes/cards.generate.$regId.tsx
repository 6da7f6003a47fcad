import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button, LinkButton } from "@lib/ui/button";
import { FormErrors } from "@lib/ui/field";
import { PageHeader } from "@lib/ui/page-header";
import { PastTrekNotice } from "@modules/registration/index.ui";
import { generateAndReturn, registrationForGeneration } from "~/utils/generate-cards.server";
import { pageTexts } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

/** Generate cards without payment: holders of the grantable permission only, after confirmation. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // The past-trek notice's words are the wizard's (PastTrekNotice): sent so the page hydrates in them.
  return { ...(await registrationForGeneration(request, params)), texts: await pageTexts(request, ["wizard"]) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return generateAndReturn(request, params, context, (regId) => `/new-register/${regId}`);
}

export default function GenerateCards() {
  const reg = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-lg">
      <PageHeader title="Generate Card" />
      <div className="rounded-lg bg-white p-6 shadow-sm">
        <p className="text-slate-700">
          Registration #{reg.id} · {reg.routeName} · {reg.trekkers} trekker(s) · {reg.status}
        </p>
        {reg.pastTrek ? (
          <PastTrekNotice message={reg.pastTrek} editHref={reg.editDatesHref} className="mt-3" />
        ) : (
          <p className="mt-2 text-sm text-slate-500">Are you sure ? You won't be able to revert your action</p>
        )}
        <FormErrors errors={result?.error && result.error !== reg.pastTrek ? [result.error] : []} className="mt-3" />
        <Form method="post" className="mt-4 flex gap-2">
          {reg.pastTrek ? null : <Button type="submit">Generate Card</Button>}
          <LinkButton to={`/new-register/${reg.id}`} variant="secondary">
            Back
          </LinkButton>
        </Form>
      </div>
    </section>
  );
}
