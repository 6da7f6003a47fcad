import { ErrorPage } from "~/components/layout/error-page";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

// public: the spec's not-found page, reachable by URL as well as by the 404 boundary.
export default function NotFound() {
  return <ErrorPage status={404} />;
}
