import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button, LinkButton } from "~/components/button";
import { FormErrors, TextArea } from "~/components/field";
import { PageHeader } from "~/components/page-header";
import { cardActionResponse } from "~/utils/card-action.server";
import { clientAddress } from "~/utils/rate-limit.server";
import { forbidden, requireUser } from "~/utils/guards.server";
import { mayAct, ruleOf } from "@modules/cards/lifecycle";
import { applyCardAction, type CardMove } from "@modules/cards/lifecycle.server";
import { trekkerCardData } from "@modules/registration/card-data.server";
import { refreshCardPdf } from "@modules/cards/pdf.server";

const MOVES: Record<CardMove, { title: string; button: string; danger: boolean }> = {
  cancel: { title: "Cancel Card", button: "Cancel Card", danger: true },
  delete: { title: "Delete Trekker", button: "Delete", danger: true },
  return: { title: "Return Card", button: "Return Card", danger: false },
  approveReturn: { title: "Approve Return", button: "Approve", danger: false },
  rejectReturn: { title: "Reject Return", button: "Reject", danger: true },
};

/** Guard for both loader and action: the move exists, the trekker exists, the role and row allow it. */
async function guard(request: Request, params: LoaderFunctionArgs["params"]) {
  const user = await requireUser(request);
  const move = params.move as CardMove;
  if (!(move in MOVES)) throw new Response("Not Found", { status: 404 });
  const card = await trekkerCardData(Number(params.trekkerId), "system");
  if (!card) throw new Response("Not Found", { status: 404 });
  const verdict = mayAct(user, move, card.registeredBy);
  if (verdict === "forbidden") throw forbidden();
  // Another agency's trekker looks missing rather than forbidden.
  if (verdict === "not-own") throw new Response("Not Found", { status: 404 });
  return { user, move, card };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { move, card } = await guard(request, params);
  return { move, fullName: card.fullName, cardNumber: card.cardNumber, status: card.status, trekkerId: card.trekkerId, reason: ruleOf(move).reason };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, move, card } = await guard(request, params);
  const reason = String((await request.formData()).get("reason") ?? "");
  const back = move === "delete" ? "/trekkers" : `/tims-cards/${card.trekkerId}`;
  return cardActionResponse(back, async () => {
    const result = await applyCardAction(user, move, card.trekkerId, reason, { ip: clientAddress(request) });
    // The PDF carries the CANCELLED watermark too.
    if (move === "cancel") await refreshCardPdf(card.trekkerId);
    return result;
  });
}

export default function CardMovePage() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const meta = MOVES[d.move];
  return (
    <section className="mx-auto max-w-lg">
      <PageHeader title={meta.title} />
      <div className="rounded-lg bg-white p-6 shadow-sm">
        <p className="text-slate-700">
          {d.fullName} · card {d.cardNumber ?? "—"} · {d.status}
        </p>
        <p className="mt-2 text-sm text-slate-500">Are you sure ? You won't be able to revert your action</p>
        <Form method="post" className="mt-4 space-y-3">
          {d.reason !== "none" ? (
            <TextArea label={d.reason === "required" ? "Reason" : "Remarks (optional)"} name="reason" rows={3} required={d.reason === "required"} errors={result?.field === "reason" ? [result.error] : undefined} />
          ) : null}
          <FormErrors errors={result?.error && result.field !== "reason" ? [result.error] : []} />
          <div className="flex gap-2">
            <Button type="submit" variant={meta.danger ? "danger" : "primary"}>
              {meta.button}
            </Button>
            <LinkButton to={`/tims-cards/${d.trekkerId}`} variant="secondary">
              Back
            </LinkButton>
          </div>
        </Form>
      </div>
    </section>
  );
}
