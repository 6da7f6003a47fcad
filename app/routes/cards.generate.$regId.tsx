import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button, LinkButton } from "~/components/button";
import { FormErrors } from "~/components/field";
import { PageHeader } from "~/components/page-header";
import { cardActionResponse } from "~/utils/card-action.server";
import { clientAddress } from "~/utils/rate-limit.server";
import { requirePermission } from "~/utils/guards.server";
import { generateCards } from "@modules/cards/lifecycle.server";
import { getRegistration } from "@modules/registration/service.server";

/** Generate cards without payment: holders of the grantable permission only, after confirmation. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "generateCard");
  // The permission is the authorisation: its holder may look at any registration to generate for it.
  const reg = await getRegistration(Number(params.regId), { ...user, userType: 4 });
  if (!reg) throw new Response("Not Found", { status: 404 });
  return { id: reg.id, status: reg.status, routeName: reg.routeName, trekkers: reg.trekkers.length };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "generateCard");
  const regId = Number(params.regId);
  return cardActionResponse(`/new-register/${regId}`, () => generateCards(user, regId, { ip: clientAddress(request) }));
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
        <p className="mt-2 text-sm text-slate-500">Are you sure ? You won't be able to revert your action</p>
        <FormErrors errors={result?.error ? [result.error] : []} className="mt-3" />
        <Form method="post" className="mt-4 flex gap-2">
          <Button type="submit">Generate Card</Button>
          <LinkButton to={`/new-register/${reg.id}`} variant="secondary">
            Back
          </LinkButton>
        </Form>
      </div>
    </section>
  );
}
