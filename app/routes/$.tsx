import { notFound } from "@lib/param-id";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";
// public: any unknown URL renders the 404 page with a real 404 status.
export async function loader() {
  throw notFound();
}

export default function CatchAll() {
  return null;
}
