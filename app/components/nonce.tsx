import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this page. entry.server.tsx provides it while rendering on
 * the server; in the browser there is none (the inline scripts have already run, and the browser
 * hides a nonce attribute's value anyway).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
