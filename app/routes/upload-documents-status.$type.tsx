import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect, Form, useLoaderData } from "@remix-run/react";
import { Button, LinkButton } from "@lib/ui/button";
import { requirePermission } from "~/utils/guards.server";
import { activateVerifiedAgency } from "@modules/users/index.server";
import { agencyOnboardingPath } from "@modules/users/index.server";
import { paramChoice } from "@lib/param-id";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Document Status", chrome: false };

const PAGES = {
  sent: { title: "Document Received!", text: "Document approval may take up to 24 hours or two working days.", action: null },
  rejected: {
    title: "Document Rejected",
    text: "Your document has been rejected. For more information check your email",
    action: { label: "Re-submit", to: "/upload-documents" },
  },
  approved: {
    title: "Document Approved",
    text: "Your document has been approved. For more actions, visit Dashboard.",
    action: null,
  },
} as const;

const STATUS_TYPES = ["sent", "rejected", "approved"] as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "uploadDocuments");
  const type = paramChoice(params, "type", STATUS_TYPES);
  // An agency sees only the status page that matches its state.
  const own = agencyOnboardingPath(user);
  if (own && own !== `/upload-documents-status/${type}`) throw redirect(own);
  if (!own && type !== "approved") throw redirect("/new-register");
  return { type };
}

/** "Go to Dashboard" on the approved page: the verified agency becomes approved and active. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "uploadDocuments");
  const type = paramChoice(params, "type", STATUS_TYPES);
  if (type !== "approved" || user.isVerified !== true) throw redirect(agencyOnboardingPath(user) ?? "/new-register");
  await activateVerifiedAgency(user.id);
  return redirect("/trekkers");
}

export default function DocumentStatus() {
  const { type } = useLoaderData<typeof loader>();
  const page = PAGES[type];
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-800">{page.title}</h1>
      <p className="mt-3 text-slate-600">{page.text}</p>
      {type === "approved" ? (
        <Form method="post" className="mt-6">
          <Button type="submit">Go to Dashboard</Button>
        </Form>
      ) : page.action ? (
        <LinkButton to={page.action.to} className="mt-6">
          {page.action.label}
        </LinkButton>
      ) : null}
      <Form method="post" action="/logout" className="mt-8">
        <button type="submit" className="text-sm text-slate-500 hover:underline">
          Logout
        </button>
      </Form>
    </div>
  );
}
