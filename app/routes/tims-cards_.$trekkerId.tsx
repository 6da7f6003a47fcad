import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { PrintButton } from "@modules/cards/index.card";
import { PrintableCard } from "@modules/cards/index.card";
import { requireTrekkerPanel } from "~/utils/trekker-panel.server";
import { requireUser } from "~/utils/guards.server";
import { mayListCards } from "@modules/cards";
import { FOLLOWER_MESSAGES, followerFor, followerFormSchema, revokeFollower, setFollower } from "@modules/registration/index.server";
import { paramId } from "@lib/param-id";
import { readForm } from "@lib/multipart.server";
import { parseWithZod } from "@lib/zod-form.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { redirectWithToast } from "~/utils/toast.server";
import { FollowerBlock } from "~/components/cards/follower-block";
import { useT } from "@lib/i18n/context";
import { richText } from "@lib/i18n/rich";
import { pageTexts } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "TIMS Card" };

const MOVE_LABELS: Record<string, string> = {
  cancel: "Cancel Card",
  delete: "Delete",
  return: "Return Card",
  approveReturn: "Approve Return",
  rejectReturn: "Reject Return",
};

/** The card preview (spec 2 §2 TimsCards/{id}): card with QR, trek and user details, print and PDF. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const panel = await requireTrekkerPanel(request, params);
  const user = await requireUser(request);
  // The breadcrumb leads to the TIMS Cards list only for those who have one (board and TAAN open cards without it).
  // The follower block only for those who manage it (the registration's owner and the board).
  return {
    ...panel,
    canList: mayListCards(user),
    following: await followerFor(user, panel.trekker.trekkerId),
    texts: await pageTexts(request, ["card"]),
  };
}

/** The family follower's forms (issue 29 item 3): name or replace the follower, or stop sharing. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const trekkerId = paramId(params, "trekkerId");
  const submission = parseWithZod(await readForm(request), { schema: followerFormSchema });
  if (submission.status !== "success")
    return data({ errors: { followerEmail: submission.error?.followerEmail ?? undefined, form: submission.error?.intent ?? undefined } }, { status: 400 });
  const value = submission.value;
  return withDomainErrors(
    async () => {
      if (value.intent === "set-follower") await setFollower(user, trekkerId, value.followerEmail);
      else await revokeFollower(user, trekkerId);
      const message = value.intent === "set-follower" ? FOLLOWER_MESSAGES.named : FOLLOWER_MESSAGES.revoked;
      return redirectWithToast(`/tims-cards/${trekkerId}`, { type: "success", message });
    },
    { extra: { errors: null } },
  );
}

export default function CardPreview() {
  const { trekker, card, moves, canList, following } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [search] = useSearchParams();
  const refused = answer && "error" in answer ? (answer.field === "followerEmail" ? { followerEmail: [answer.error] } : { form: [answer.error] }) : null;
  const followerErrors = answer && "errors" in answer && answer.errors ? answer.errors : refused;
  const translator = useT();
  const { t } = translator;
  return (
    <section>
      <PageHeader
        className="no-print"
        title={card ? t("TIMS Card {{number}}", { number: String(card.cardNumber) }) : trekker.fullName}
        breadcrumbs={canList ? [{ label: t("TIMS Cards"), to: "/tims-cards" }, { label: trekker.fullName }] : [{ label: trekker.fullName }]}
        actions={
          card ? (
            <div className="no-print flex gap-2">
              <PrintButton />
              <a href={`/tims-cards/${trekker.trekkerId}/pdf`} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium">
                {t("Download")}
              </a>
            </div>
          ) : null
        }
      />
      <p className="no-print mb-3 text-sm text-slate-600">
        {richText(translator, "Status: {{status}}", { status: <strong data-testid="card-status">{t(trekker.status)}</strong> })}
      </p>
      {moves.length ? (
        <nav aria-label={t("Card actions")} className="no-print mb-4 flex flex-wrap gap-2">
          {moves.map((m) => (
            <Link key={m} to={`/cards/${trekker.trekkerId}/${m}`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm">
              {t(MOVE_LABELS[m])}
            </Link>
          ))}
        </nav>
      ) : null}
      {following ? <FollowerBlock follower={following.follower} confirming={search.get("follower") === "revoke"} errors={followerErrors} /> : null}
      {card ? (
        <PrintableCard card={card} />
      ) : (
        <p className="rounded bg-white p-6 text-slate-600 shadow-sm">
          {t("This trekker has no card yet ({{status}}).", { status: t(trekker.status) })}{" "}
          <Link to={`/new-register/${trekker.registrationId}`} className="text-blue-700 underline">
            {t("Open the registration")}
          </Link>
        </p>
      )}
    </section>
  );
}
