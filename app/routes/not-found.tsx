import type { RouteHandle } from "~/root";
import { ErrorPage } from "~/components/layout/error-page";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

// A document page (ADR 0043): server-rendered HTML, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader, documentLoader as loader } from "~/utils/document-page";

// public: the spec's not-found page, reachable by URL as well as by the 404 boundary.
export default function NotFound() {
  return <ErrorPage status={404} />;
}
