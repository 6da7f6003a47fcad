import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { paramId } from "@lib/param-id";
import { requireUser } from "~/utils/guards.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

export const handle = { title: "TIMS Card" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  return { trekkerId: paramId(params, "trekkerId"), failed: new URL(request.url).searchParams.get("failed") === "1" };
}

// The refresh goes into <head> (a <meta> in the body is invalid HTML), after the layout's own tags.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...matches.flatMap((m) => m.meta ?? []),
  ...(data && !data.failed ? [{ httpEquiv: "refresh", content: `3;url=/tims-cards/${data.trekkerId}/pdf` }] : []),
];

/** Shown while the PDF job runs; it refreshes itself back to the download, so no blank file is ever served. */
export default function PdfPreparing() {
  const { trekkerId, failed } = useLoaderData<typeof loader>();
  const href = `/tims-cards/${trekkerId}/pdf`;
  return (
    <section className="mx-auto max-w-lg rounded-lg bg-white p-6 text-center shadow-sm" data-testid="pdf-preparing">
      <h2 className="text-lg font-semibold">{failed ? "The PDF could not be made" : "Your card is being prepared"}</h2>
      <p className="mt-2 text-slate-600">{failed ? "Please try again in a few minutes." : "This page refreshes itself; the download starts when the PDF is ready."}</p>
      <Link to={href} reloadDocument className="mt-4 inline-block text-blue-700 underline">
        {failed ? "Try again" : "Download when ready"}
      </Link>
    </section>
  );
}
