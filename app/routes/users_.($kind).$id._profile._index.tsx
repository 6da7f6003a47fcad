export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";
/** The Profile tab with no modal open; the layout route above renders the tab itself. */
export default function NoModal() {
  return null;
}
