import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nProvider } from "@lib/i18n/context";
import { createTranslator } from "@lib/i18n/translate";
import type { PageTexts } from "~/utils/shell.server";

// Only app pages run React here (ADR 0043). Their words come with the root's data; a change of
// language is a page load (the switch is a plain form), so the translator is made once.
const root = (window as unknown as { __remixContext?: { state?: { loaderData?: Record<string, { i18n?: PageTexts } | undefined> } } }).__remixContext?.state
  ?.loaderData?.root;
const translator = createTranslator(root?.i18n?.lng ?? "en", root?.i18n?.resources ?? {});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nProvider value={translator}>
        <RemixBrowser />
      </I18nProvider>
    </StrictMode>,
  );
});
