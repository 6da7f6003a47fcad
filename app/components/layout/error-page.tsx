import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useT } from "@lib/i18n/context";
import { formatNumber } from "@lib/i18n/translate";
import { REQUEST_ID_ELEMENT, useRequestId } from "../request-id";

/** The texts of spec 1 §8 and the not-found placeholder, one per status. */
export const ERROR_TEXTS: Record<number, { title: string; message: string }> = {
  403: { title: "Unauthorized", message: "You do not have permission to view this page." },
  404: { title: "Page Not Found", message: "The page you are looking for does not exist or has been moved." },
  500: { title: "Something went wrong", message: "Something went wrong, Please try again later" },
  // The database is down or unreadable (app/utils/database-down.server.ts).
  503: {
    title: "Service Unavailable",
    message: "TIMS cannot reach its database just now. Nothing you saved before is lost; please try again in a few minutes.",
  },
};

/** The status, its title and message, and the way home: the root's page and a route's boundary alike. */
function ErrorText({ view, inLayout }: { view: { status: number; title: string; message: string }; inLayout: boolean }) {
  const Tag = inLayout ? "section" : "div";
  // The titles and messages are texts of the shell namespace; a reason a service gave is translated where it is known.
  const { t, lng } = useT();
  return (
    <Tag
      className={`mx-auto flex max-w-xl flex-col items-center px-6 text-center ${inLayout ? "py-16" : "py-20"}`}
      data-testid={`error-${view.status}`}
      role={inLayout ? "alert" : undefined}
    >
      <p className="text-6xl font-bold text-blue-700">{formatNumber(lng, view.status)}</p>
      <h1 className="mt-4 text-2xl font-semibold text-slate-800">{t(view.title)}</h1>
      <p className="mt-2 text-slate-600">{t(view.message)}</p>
      <Link to="/" className="mt-6 rounded bg-blue-700 px-4 py-2 text-white hover:bg-blue-800">
        {t("Go to Home")}
      </Link>
    </Tag>
  );
}

/** The root's error page: with the request's id, which the operator finds in the log. */
export function ErrorPage({ status }: { status: number }) {
  const requestId = useRequestId();
  return (
    <>
      <ErrorText view={{ status, ...(ERROR_TEXTS[status] ?? ERROR_TEXTS[500]) }} inLayout={false} />
      {requestId ? (
        <p id={REQUEST_ID_ELEMENT} data-request-id={requestId} className="pb-10 text-center text-sm text-slate-500">
          Reference: {requestId}
        </p>
      ) : null}
    </>
  );
}

/**
 * Nested error boundaries. Each page route exports `ErrorBoundary = RouteErrorBoundary`, so a
 * 4xx (or a bug) inside a page renders in place of that page only: the root layout (sidebar,
 * header) and any parent route (the list behind a side panel) stay. Side panels and modals use
 * PanelErrorBoundary / ModalErrorBoundary (dialog-error-boundaries.tsx, so a page that is no
 * dialog does not load the modal and panel code), which keep the error inside the dialog.
 */

export interface ErrorView {
  status: number;
  title: string;
  message: string;
}

const OTHER_4XX = { title: "Request not completed", message: "The request could not be completed." };

/** Reads the thrown error: a Response keeps its 4xx status (and a short plain-text reason); anything else is a 500. */
export function useErrorView(): ErrorView {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) {
    console.error(error);
    return { status: 500, ...ERROR_TEXTS[500] };
  }
  const status = error.status;
  const known = ERROR_TEXTS[status];
  // A refusal that says why (viewing as another user) keeps its words; a bare 403 gets the spec's.
  if (status === 403 && typeof error.data === "string" && error.data.startsWith("Not allowed")) return { status, title: known.title, message: error.data };
  if (known) return { status, ...known };
  if (status === 503) return { status, ...ERROR_TEXTS[503] };
  if (status >= 400 && status < 500) {
    // A DomainError's words may be the body; show them rather than a generic text.
    const reason = typeof error.data === "string" && error.data.length > 0 && error.data.length <= 200 ? error.data : OTHER_4XX.message;
    return { status, title: OTHER_4XX.title, message: reason };
  }
  return { status: 500, ...ERROR_TEXTS[500] };
}

/** The page variant: same look as the root's error page, inside the layout's main area. */
export function RouteErrorBoundary() {
  return <ErrorText view={useErrorView()} inLayout />;
}
