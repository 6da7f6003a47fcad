import { useLocation } from "@remix-run/react";
import { Modal } from "@lib/ui/modal";
import { SidePanel } from "@lib/ui/side-panel";
import { useErrorView, type ErrorView } from "./layout/error-page";

/** The error boundaries of side panels and modals (see layout/error-page.tsx). */

/** Where closing a failed dialog goes: its parent URL (one path segment up), keeping the query. */
function useParentPath(closeTo?: string): string {
  const location = useLocation();
  if (closeTo) return closeTo;
  const parent = location.pathname.replace(/\/[^/]+\/?$/, "") || "/";
  return `${parent}${location.search}`;
}

function CompactError({ view }: { view: ErrorView }) {
  return (
    <div className="text-center" data-testid={`error-${view.status}`} role="alert">
      <p className="text-4xl font-bold text-blue-700">{view.status}</p>
      <p className="mt-2 text-slate-600">{view.message}</p>
    </div>
  );
}

/** The side-panel variant: the error shows in the panel, the list behind it stays. */
export function PanelErrorBoundary({ closeTo }: { closeTo?: string }) {
  const view = useErrorView();
  const to = useParentPath(closeTo);
  return (
    <SidePanel title={view.title} closeTo={to}>
      <CompactError view={view} />
    </SidePanel>
  );
}

/** The modal variant: the error shows in the modal over the page it was opened from. */
export function ModalErrorBoundary({ closeTo }: { closeTo?: string }) {
  const view = useErrorView();
  const to = useParentPath(closeTo);
  return (
    <Modal title={view.title} closeTo={to} size="sm">
      <CompactError view={view} />
    </Modal>
  );
}
