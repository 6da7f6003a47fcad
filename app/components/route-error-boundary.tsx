// The page error boundary lives beside the root's error page (layout/error-page.tsx): the root loads
// that file on every page, so every route's ErrorBoundary costs no chunk of its own.
export { RouteErrorBoundary, useErrorView, type ErrorView } from "./layout/error-page";
