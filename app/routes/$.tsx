
export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";
// public: any unknown URL renders the 404 page with a real 404 status.
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return null;
}
