import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, Link, useLoaderData } from "@remix-run/react";
import { readOutboxMessage, requireOutboxViewer } from "~/utils/outbox.server";
import { notFound } from "@lib/param-id";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

// The layout writes the one <title> from handle.title; a meta title would add a second one.
export const handle = { title: "Outbox e-mail" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireOutboxViewer(request, context);
  const message = await readOutboxMessage(params.id ?? "");
  if (!message) throw notFound();
  return json({
    id: message.id,
    date: message.date,
    from: message.from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    // Only what the page shows: attachment bytes would bloat the loader response.
    attachments: message.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      size: a.content.length,
    })),
  });
}

export default function DevOutboxMessage() {
  const m = useLoaderData<typeof loader>();
  const rows: [string, string][] = [
    ["Date", m.date.replace("T", " ").slice(0, 19)],
    ["From", m.from],
    ["To", m.to],
    ["Subject", m.subject],
  ];
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-6">
      <Link to="/dev/outbox" className="text-sm text-blue-700 hover:underline">
        ← Outbox
      </Link>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 rounded-lg border border-gray-200 bg-white p-4 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-gray-600">{label}</dt>
            <dd className="break-all text-gray-900">{value}</dd>
          </div>
        ))}
        {m.attachments.length > 0 && (
          <div className="contents">
            <dt className="font-medium text-gray-600">Attachments</dt>
            <dd className="text-gray-900">
              {m.attachments.map((a, i) => (
                <span key={i} className="mr-3">
                  {a.filename ?? "(unnamed)"} ({a.contentType}, {a.size} bytes)
                </span>
              ))}
            </dd>
          </div>
        )}
      </dl>
      {m.html !== null && (
        <section>
          <h2 className="mb-2 text-lg font-semibold text-gray-900">HTML</h2>
          {/* Empty sandbox: the mail's markup runs no scripts and cannot touch this page. */}
          <iframe title="E-mail HTML" sandbox="" srcDoc={m.html} className="h-[32rem] w-full rounded-lg border border-gray-200 bg-white" />
        </section>
      )}
      {m.text !== null && (
        <section>
          <h2 className="mb-2 text-lg font-semibold text-gray-900">Text</h2>
          <pre className="whitespace-pre-wrap rounded-lg border border-gray-200 bg-gray-50 p-4 text-sm">{m.text}</pre>
        </section>
      )}
    </div>
  );
}
