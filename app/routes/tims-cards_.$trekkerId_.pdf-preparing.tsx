import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/utils/guards.server";

export const handle = { title: "TIMS Card" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  return { trekkerId: Number(params.trekkerId), failed: new URL(request.url).searchParams.get("failed") === "1" };
}

/** Shown while the PDF job runs; it refreshes itself back to the download, so no blank file is ever served. */
export default function PdfPreparing() {
  const { trekkerId, failed } = useLoaderData<typeof loader>();
  const href = `/tims-cards/${trekkerId}/pdf`;
  return (
    <section className="mx-auto max-w-lg rounded-lg bg-white p-6 text-center shadow-sm" data-testid="pdf-preparing">
      {failed ? null : <meta httpEquiv="refresh" content={`3;url=${href}`} />}
      <h2 className="text-lg font-semibold">{failed ? "The PDF could not be made" : "Your card is being prepared"}</h2>
      <p className="mt-2 text-slate-600">{failed ? "Please try again in a few minutes." : "This page refreshes itself; the download starts when the PDF is ready."}</p>
      <Link to={href} reloadDocument className="mt-4 inline-block text-blue-700 underline">
        {failed ? "Try again" : "Download when ready"}
      </Link>
    </section>
  );
}
