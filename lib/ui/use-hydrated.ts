import { useEffect, useState } from "react";

/**
 * False on the server and during hydration, true once client JavaScript runs. Lets a component
 * render its no-JS fallback (e.g. a "Go" submit button) in the HTML and drop it only when the
 * enhanced behaviour is actually available, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
