import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { paramId, notFound } from "@lib/param-id";
import { requireUser } from "~/utils/guards.server";
import { cardPdfState, hasVisibleCard, trekkerCardData } from "@modules/cards/index.server";
import { useT } from "@lib/i18n/context";
import { pageTexts } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "TIMS Card" };

const CHECK_EVERY_MS = 3_000;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // Only someone who may see the card learns whether its PDF is ready.
  const card = await trekkerCardData(paramId(params, "trekkerId"), user);
  if (!card || !hasVisibleCard(card.status, card.cardNumber)) throw notFound();
  const state = await cardPdfState(card.trekkerId);
  return {
    trekkerId: card.trekkerId,
    status: state.status === "ready" ? "ready" : state.status === "failed" ? "failed" : "preparing",
    texts: await pageTexts(request, ["card"]),
  } as const;
}

/**
 * Shown while the PDF job runs. No timed <meta> refresh (it moves the page under a screen reader
 * user, WCAG 2.2.1): with JavaScript the page checks every few seconds and starts the download
 * when the file is ready; without, the link downloads it (or comes back here) when pressed.
 */
export default function PdfPreparing() {
  const { trekkerId, status } = useLoaderData<typeof loader>();
  const href = `/tims-cards/${trekkerId}/pdf`;
  const revalidator = useRevalidator();
  const { t } = useT();
  useEffect(() => {
    if (status !== "preparing") return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, CHECK_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [status, revalidator]);
  useEffect(() => {
    if (status === "ready") window.location.assign(href);
  }, [status, href]);
  const text = {
    preparing: ["Your card is being prepared", "The download starts by itself when the PDF is ready; it takes a few seconds.", "Download when ready"],
    ready: ["Your card is ready", "The download has started. If it has not, use the link below.", "Download the PDF"],
    failed: ["The PDF could not be made", "Please try again in a few minutes.", "Try again"],
  }[status];
  return (
    <section className="mx-auto max-w-lg rounded-lg bg-white p-6 text-center shadow-sm" data-testid="pdf-preparing">
      <h2 className="text-lg font-semibold">{t(text[0])}</h2>
      <p className="mt-2 text-slate-600" role="status">
        {t(text[1])}
      </p>
      <Link to={href} reloadDocument className="mt-4 inline-block text-blue-700 underline">
        {t(text[2])}
      </Link>
    </section>
  );
}
