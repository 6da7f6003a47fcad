import { createContext, useContext } from "react";
import { ENGLISH, type Translator } from "./translate";

/**
 * The page's translator. On the server entry.server.tsx provides i18next's for the request's
 * language; in the browser (app pages only: document pages run no React there) entry.client.tsx
 * provides one over the texts the root's loader sent.
 */
export const I18nContext = createContext<Translator>(ENGLISH);

export const I18nProvider = I18nContext.Provider;

export function useT(): Translator {
  return useContext(I18nContext);
}
