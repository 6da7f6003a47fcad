import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useMemo, type ReactNode } from "react";
import { AppHeader } from "./components/layout/app-header";
import { ErrorPage } from "./components/layout/error-page";
import { Sidebar } from "./components/layout/sidebar";
import { Toasts } from "@lib/ui/toasts";
import stylesheet from "./tailwind.css";
import { SwitchBanner } from "./components/layout/switch-banner";
import { EmbeddedBanner } from "./components/layout/embedded-banner";
import { useNonce } from "./components/nonce";
import { pageTitle } from "@lib/title";
import { shellData } from "./utils/shell.server";
import { leadsToDocument } from "./utils/document-page";
import { LanguageSwitch } from "./components/layout/language-switch";
import { I18nProvider, useT } from "@lib/i18n/context";
import { createTranslator, type Resources, type Translator } from "@lib/i18n/translate";
import { htmlLang } from "@lib/i18n/languages";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export const meta: MetaFunction = () => [{ name: "viewport", content: "width=device-width,initial-scale=1" }];

// The root is public: it only describes who is signed in; each page's loader guards itself.
export const loader = ({ request }: LoaderFunctionArgs) => shellData(request);

// Toasts and the signed-in state can change on any navigation, so the root always reloads, but
// for a document page, which is loaded anew (ADR 0043): its own load reads them.
export const shouldRevalidate: ShouldRevalidateFunction = ({ nextUrl }) => !leadsToDocument(nextUrl);

export interface RouteHandle {
  /** The page's title, a text of its namespaces; or made from the route's loader data (a move's page). */
  title?: string | ((data: unknown) => string | undefined);
  /** false hides the sidebar and header (the upload-documents pages). */
  chrome?: boolean;
  /**
   * How the page runs in the browser (ADR 0043): "app" (the default) is hydrated React; a
   * "document" page is the server's HTML with the one document script and no React, however it is
   * reached (such a route also exports `clientLoader` from ~/utils/document-page, which turns the
   * app's client navigation to it into a page load). Decided by the page's own (deepest) route.
   */
  page?: PageMode;
}

export type PageMode = "app" | "document";

/** How the page is served: by its own route's handle. */
function usePageMode(): PageMode {
  const matches = useMatches();
  return (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.page ?? "app";
}

const CHROMELESS = ["/upload-documents", "/upload-documents-status"];

function useTitle(): string {
  const matches = useMatches();
  const location = useLocation();
  const { t } = useT();
  const given = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title);
  const own = (given?.handle as RouteHandle | undefined)?.title;
  const title = typeof own === "function" ? own(given?.data) : own;
  // A route's own title is a text of the shell namespace; a title made from the path stays as it is.
  return pageTitle(location.pathname, title ? t(title) : title);
}

function Shell({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const title = useTitle();
  const matches = useMatches();
  const hideChrome =
    CHROMELESS.some((p) => location.pathname === p || location.pathname.startsWith(`${p}/`)) ||
    matches.some((m) => (m.handle as RouteHandle | undefined)?.chrome === false);
  const user = rootData?.user;
  const nonce = useNonce();
  const mode = usePageMode();
  const script = rootData?.documentScript;
  const { lng, t } = useT();
  return (
    <html lang={htmlLang(lng)} className="h-full">
      <head>
        <meta charSet="utf-8" />
        <Meta />
        <title>{title === "NTB" ? "TIMS - NTB" : `${title} - TIMS`}</title>
        <Links />
      </head>
      <body className="h-full bg-slate-50 text-slate-900 antialiased">
        {rootData?.embedded ? <EmbeddedBanner /> : null}
        {rootData?.viewingAs ? <SwitchBanner name={rootData.viewingAs} /> : null}
        {user && !hideChrome ? (
          <div className="flex min-h-full">
            <Sidebar entries={rootData.sidebar} />
            <div className="flex min-w-0 flex-1 flex-col">
              <AppHeader title={title} user={user} showBell={rootData.showBell} unread={rootData.unread} canSwitch={rootData.canSwitch} />
              <main className="flex-1 p-4 md:p-6">
                <Toasts toasts={rootData?.toasts ?? []} />
                {children}
              </main>
            </div>
          </div>
        ) : (
          <main className="min-h-full">
            <nav aria-label={t("Language")} className="no-print absolute top-2 right-2 z-10">
              <LanguageSwitch />
            </nav>
            <Toasts toasts={rootData?.toasts ?? []} />
            {children}
          </main>
        )}
        {mode === "app" ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : script ? (
          <>
            {script.preload.map((href) => (
              <link key={href} rel="modulepreload" href={href} />
            ))}
            <script type="module" src={script.src} nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

/**
 * The page's translator in the browser, made from the texts the root's loader sent (ADR 0047). It
 * is made here, not in entry.client.tsx: with single fetch the loader data is decoded from its
 * stream after the entry module runs, so reading it there found nothing and every app page in
 * another language hydrated with English words (React error 418, the page then re-rendered in
 * English). On the server the render already has i18next's translator (entry.server.tsx).
 */
function useBrowserTranslator(): Translator {
  const server = useT();
  const i18n = useRouteLoaderData<typeof loader>("root")?.i18n;
  // A page's own namespaces come in its loader data as `texts` (pageTexts in language.server.ts).
  const own: Resources = Object.assign({}, ...useMatches().map((m) => (m.data as { texts?: Resources } | null | undefined)?.texts ?? {}));
  // A namespace's texts in one language never change, so its name says whether the translator must be made anew.
  const names = Object.keys(own).sort().join();
  return useMemo(
    () => (typeof document === "undefined" || !i18n ? server : createTranslator(i18n.lng, { ...i18n.resources, ...own })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `own` is new each render; `names` stands for it (see above)
    [server, i18n, names],
  );
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <I18nProvider value={useBrowserTranslator()}>
      <Shell>{children}</Shell>
    </I18nProvider>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage status={status === 403 || status === 404 || status === 503 ? status : 500} />;
}
