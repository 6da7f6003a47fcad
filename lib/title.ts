/**
 * Page title rule (spec 1 §2.2): a route's own title wins; otherwise the last path segment in
 * upper case; the header's default is NTB.
 */
export const DEFAULT_TITLE = "NTB";

export function pageTitle(pathname: string, given?: string | null): string {
  if (given) return given;
  const segments = pathname.split("/").filter(Boolean);
  const last = segments[segments.length - 1];
  if (!last) return DEFAULT_TITLE;
  let segment = last;
  try {
    segment = decodeURIComponent(last);
  } catch {
    // A malformed escape in the URL must not break the page (it renders the 404 page).
  }
  return segment.replace(/[-_]+/g, " ").toUpperCase();
}
