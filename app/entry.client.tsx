import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { setBsWriter } from "@lib/dates";

// Only app pages run React here (ADR 0043). Their translator is made in the root's Layout from the
// root's data (app/root.tsx, useBrowserTranslator): with single fetch that data is not decoded yet
// when this module runs.
const hydrate = () =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });

// A Nepali page shows BS dates (lib/dates.ts): the calendar is loaded before hydrating, for Nepali
// pages only, so the browser writes the dates as the server did and other pages do not carry it.
if (document.documentElement.lang === "ne")
  void import("@lib/nepali-calendar/compact").then(({ bsCellNepali, bsDateNepali }) => {
    setBsWriter(bsDateNepali, bsCellNepali);
    hydrate();
  });
else hydrate();
