import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, Link, useLoaderData } from "@remix-run/react";
import { listOutbox, requireOutboxViewer } from "~/utils/outbox.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

// The layout writes the one <title> from handle.title; a meta title would add a second one.
export const handle = { title: "Outbox" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOutboxViewer(request, context);
  return json({ messages: await listOutbox() });
}

export default function DevOutbox() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl p-6">
      <h1 className="mb-1 text-2xl font-semibold text-gray-900">Outbox</h1>
      <p className="mb-4 text-sm text-gray-500">E-mails the system wrote instead of sending (development only).</p>
      <div className="overflow-x-auto rounded-lg border border-gray-200">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <thead className="bg-gray-50 text-left text-gray-600">
            <tr>
              {/* Subject first: it is the link, and it must be on screen at a phone's width. */}
              <th className="px-4 py-2 font-medium">Subject</th>
              <th className="px-4 py-2 font-medium">To</th>
              <th className="px-4 py-2 font-medium">Date</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100 bg-white">
            {messages.length === 0 ? (
              <tr>
                <td colSpan={3} className="px-4 py-6 text-center text-gray-500">
                  No Data Found
                </td>
              </tr>
            ) : (
              messages.map((m) => (
                <tr key={m.id} className="hover:bg-gray-50">
                  <td className="px-4 py-2">
                    <Link to={`/dev/outbox/${m.id}`} className="text-blue-700 hover:underline">
                      {m.subject || "(no subject)"}
                    </Link>
                  </td>
                  <td className="px-4 py-2">{m.to}</td>
                  <td className="px-4 py-2 text-gray-600">
                    <time dateTime={m.date}>{m.date.replace("T", " ").slice(0, 19)}</time>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
