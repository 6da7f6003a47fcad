import { createContext, useContext } from "react";

/**
 * The request id of the page being rendered (lib/observability/request-id.server.ts), so an
 * error page can say "Reference: <id>" and an operator can find the request's log lines.
 * entry.server.tsx provides it; in the browser the server's error page is hydrated, so the id is
 * read back from that page's own markup, and an error met later in the browser has none.
 */
export const RequestIdContext = createContext<string | undefined>(undefined);

export const REQUEST_ID_ELEMENT = "tims-request-id";

export function useRequestId(): string | undefined {
  const fromServer = useContext(RequestIdContext);
  if (fromServer || typeof document === "undefined") return fromServer;
  return document.getElementById(REQUEST_ID_ELEMENT)?.dataset.requestId || undefined;
}
