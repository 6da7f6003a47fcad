import { useCallback, useEffect, useRef, useState } from "react";
// Not used here: reaching Remix from this lazily loaded entry keeps React in the same shared chunk as
// ReactDOM and Remix (esbuild groups files by the entries that reach them), one file less on every
// page (ADR 0029).
import "@remix-run/react";
import { displayDateTime, kathmanduDate } from "@lib/dates";
import { useT } from "@lib/i18n/context";
import { translateMessage } from "@lib/i18n/messages";
import { preloadScanner } from "../components/qr-reader";
import { OFFLINE_STARTING, OfflineFrame } from "../components/offline-frame";
import { CARD_KEYS_PATH, REVOCATION_PATH, SCAN_SW_PATH, SCAN_SW_SCOPE, SCAN_SYNC_PATH } from "./paths";
import { addPending, pendingScans, removePending } from "./store";
import { preloadVerifier, verifyOffline, type CardKeySet, type RevocationList } from "./verify";

/** What the scan page hands over when there is no connection: the code's text (null: none read). */
export type OfflineHandler = (text: string | null, method: "qr" | "photo") => void;

type Shown = { tone: "ok" | "warn" | "bad"; title: string; lines: string[] };
/** refused: cards that may not pass, kept as refused scans (ADR 0028); conflicts: scans not recorded at all. */
type Report = { recorded: number; repeat: number; refused: string[]; conflicts: string[] };

const newId = () => (typeof crypto.randomUUID === "function" ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);
const BATCH = 100;

async function getJson<T>(path: string): Promise<T | null> {
  try {
    const res = await fetch(path, { credentials: "same-origin" });
    if (!res.ok || !res.headers.get("content-type")?.includes("json")) return null;
    return (await res.json()) as T;
  } catch {
    return null;
  }
}

/** Every script and style this page loaded from the build, for the service worker to keep. */
function loadedAssets(): string[] {
  const urls = new Set<string>();
  const mine = (u: string) => {
    const url = new URL(u, location.href);
    if (url.origin === location.origin && /^\/build[^/]*\//.test(url.pathname)) urls.add(url.href);
  };
  for (const entry of performance.getEntriesByType("resource")) mine(entry.name);
  document.querySelectorAll<HTMLLinkElement>("link[href]").forEach((l) => mine(l.href));
  document.querySelectorAll<HTMLScriptElement>("script[src]").forEach((s) => mine(s.src));
  return [...urls];
}

function askWorker(worker: ServiceWorker, message: unknown): Promise<{ kept?: number; error?: string }> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data as { kept?: number; error?: string });
    worker.postMessage(message, [channel.port2]);
  });
}

/**
 * The scan page's offline part (docs/adr/0022-offline-checkpost.md), loaded only with
 * JavaScript: installs the service worker, keeps the key set and the revocation list, checks
 * cards without a connection, keeps their check-ins in IndexedDB and sends them once online.
 */
export default function OfflineScan({
  onReady,
  enabled,
  scannerId,
}: {
  onReady: (handler: OfflineHandler | null) => void;
  enabled: boolean;
  scannerId: number;
}) {
  const [installed, setInstalled] = useState<"working" | "ready" | "unsupported" | "failed">("working");
  const [online, setOnline] = useState(true);
  const [pending, setPending] = useState(0);
  const [othersPending, setOthersPending] = useState(0);
  const [shown, setShown] = useState<Shown | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [lists, setLists] = useState<{ keys: CardKeySet | null; revoked: RevocationList | null }>({ keys: null, revoked: null });
  const listsRef = useRef(lists);
  listsRef.current = lists;
  const syncing = useRef(false);
  // The verdicts are written in the page's language when they are made. Read through a ref: a new
  // translator (the root's data revalidated) must not restart the sync and the listeners.
  const translator = useT();
  const { t } = translator;
  const said = useRef(translator);
  said.current = translator;

  const countPending = useCallback(async () => {
    const all = await pendingScans().catch(() => []);
    setPending(all.filter((p) => p.scannerId === scannerId).length);
    setOthersPending(all.filter((p) => p.scannerId !== scannerId).length);
  }, [scannerId]);

  const loadLists = useCallback(async () => {
    const [keys, revoked] = await Promise.all([getJson<CardKeySet>(CARD_KEYS_PATH), getJson<RevocationList>(REVOCATION_PATH)]);
    setLists((old) => ({ keys: keys ?? old.keys, revoked: revoked ?? old.revoked }));
  }, []);

  const sync = useCallback(async () => {
    const say = said.current;
    if (syncing.current || !navigator.onLine) return;
    syncing.current = true;
    try {
      // Another account's scans wait for it: sent by this one they would count at this checkpoint.
      const all = (await pendingScans()).filter((p) => p.scannerId === scannerId);
      if (!all.length) return;
      const sum: Report = { recorded: 0, repeat: 0, refused: [], conflicts: [] };
      for (let i = 0; i < all.length; i += BATCH) {
        const batch = all.slice(i, i + BATCH);
        const res = await fetch(SCAN_SYNC_PATH, {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ scannerId, checkins: batch.map(({ clientId, qr, method, scannedAt }) => ({ clientId, qr, method, scannedAt })) }),
        });
        if (!res.ok || !res.headers.get("content-type")?.includes("json")) {
          sum.conflicts.push(
            res.redirected || res.status === 401 || res.status === 409
              ? say.t("Sign in again as the account that scanned to send the waiting scans.")
              : say.t("The server did not take the scans ({{status}}); they stay on this device.", { status: String(res.status) }),
          );
          break;
        }
        const { results } = (await res.json()) as { results: { clientId: string; outcome: string; message: string; fullName: string | null }[] };
        for (const r of results) {
          const name = r.fullName ?? batch.find((b) => b.clientId === r.clientId)?.fullName ?? say.t("A card");
          const line = `${name}: ${translateMessage(say, r.message)}`;
          if (r.outcome === "recorded") sum.recorded++;
          else if (r.outcome === "repeat") sum.repeat++;
          else if (r.outcome === "refused") sum.refused.push(line);
          else sum.conflicts.push(line);
        }
        await removePending(results.map((r) => r.clientId));
      }
      setReport(sum);
    } catch {
      // Still no connection after all; the scans stay and go at the next chance.
    } finally {
      syncing.current = false;
      await countPending();
    }
  }, [countPending, scannerId]);

  useEffect(() => {
    setOnline(navigator.onLine);
    const up = () => {
      setOnline(true);
      void loadLists().then(sync);
    };
    const down = () => setOnline(false);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    void countPending();
    void loadLists().then(sync);
    if (!("serviceWorker" in navigator) || !crypto.subtle) setInstalled("unsupported");
    else {
      navigator.serviceWorker
        .register(SCAN_SW_PATH, { scope: SCAN_SW_SCOPE })
        .then(() => navigator.serviceWorker.ready)
        .then(async (registration) => {
          // The QR reader and, on a browser without WebCrypto Ed25519, the verifier: loaded now so
          // that the worker keeps them for the scans made offline.
          await Promise.all([preloadScanner(), preloadVerifier()]);
          const answer = registration.active ? await askWorker(registration.active, { type: "keep-assets", urls: loadedAssets() }) : { error: "no worker" };
          setInstalled(answer.error ? "failed" : "ready");
        })
        .catch(() => setInstalled("failed"));
    }
    return () => {
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
    };
  }, [countPending, loadLists, sync]);

  const handle = useCallback<OfflineHandler>(
    async (text, method) => {
      const say = said.current;
      setReport(null);
      if (!text) return setShown({ tone: "bad", title: say.t("Invalid QR Code"), lines: [say.t("No QR code could be read in the photo.")] });
      const { keys, revoked } = listsRef.current;
      if (!keys)
        return setShown({
          tone: "bad",
          title: say.t("Cannot check cards offline yet"),
          lines: [say.t("The card keys are not on this device: open this page once with a connection.")],
        });
      const verdict = await verifyOffline(text, keys, revoked, kathmanduDate());
      if (verdict.kind === "invalid") return setShown({ tone: "bad", title: say.t("Invalid QR Code"), lines: [translateMessage(say, verdict.message)] });
      const fullName = verdict.kind === "card" ? verdict.claims.fullName : "Card of the first format";
      if (verdict.kind === "card") {
        const c = verdict.claims;
        // Card numbers and dates as written (staff copy them); the nationality and route are names.
        const facts = [
          say.t("Card {{card}} · {{nationality}}", { card: String(c.cardNumber), nationality: c.nationality }),
          say.t("{{route}}, {{from}} to {{to}}", { route: c.route, from: c.validFrom, to: c.validTo }),
        ];
        // Red, and kept all the same: the server records a refused card's scan (ADR 0028); a deleted record is no card to keep.
        if (verdict.problem) {
          const kept = verdict.kept ? [say.t("Kept on this device as a refused scan and sent when the connection is back.")] : [];
          setShown({
            tone: "bad",
            title: say.t("{{name}}: not checked in", { name: c.fullName }),
            lines: [translateMessage(say, verdict.problem), ...facts, ...kept],
          });
          if (!verdict.kept) return;
        } else
          setShown({
            tone: "ok",
            title: say.t("{{name}}: genuine card", { name: c.fullName }),
            lines: [...facts, say.t("The check-in is kept on this device and sent when the connection is back.")],
          });
      } else {
        setShown({
          tone: "warn",
          title: say.t("Genuine card of the first format"),
          lines: [say.t("It carries no name or dates: the server checks it when the check-in is sent.")],
        });
      }
      await addPending({ clientId: newId(), qr: text, method, scannedAt: new Date().toISOString(), fullName, scannerId });
      await countPending();
    },
    [countPending, scannerId],
  );

  useEffect(() => {
    onReady(enabled ? handle : null);
    return () => onReady(null);
  }, [onReady, handle, enabled]);

  return (
    <OfflineFrame
      state={
        installed === "ready"
          ? "Ready to scan without a connection."
          : installed === "working"
            ? OFFLINE_STARTING.state
            : installed === "unsupported"
              ? "This browser cannot check cards offline."
              : "Offline checks could not be prepared."
      }
      online={online ? OFFLINE_STARTING.online : "No connection: cards are checked on this device."}
      pending={pending}
      othersPending={othersPending}
      revokedAt={lists.revoked ? displayDateTime(new Date(lists.revoked.generatedAt)) : null}
    >
      {shown ? (
        <div
          role="alert"
          data-testid={shown.tone === "bad" ? "offline-refused" : "offline-result"}
          className={
            shown.tone === "bad"
              ? "rounded-md border-2 border-red-500 bg-red-50 p-3 text-red-900"
              : shown.tone === "warn"
                ? "rounded-md border border-amber-400 bg-amber-50 p-3 text-amber-900"
                : "rounded-md border border-green-500 bg-green-50 p-3 text-green-900"
          }
        >
          <p className="font-semibold">{shown.title}</p>
          {shown.lines.map((line) => (
            <p key={line} className="mt-1 text-sm">
              {line}
            </p>
          ))}
        </div>
      ) : null}
      {report ? (
        <div role="status" data-testid="sync-report" className="text-sm text-slate-800">
          <p>
            {t("Sent: {{recorded}} recorded, {{repeat}} already recorded, {{refused}} refused, {{conflicts}} not recorded.", {
              recorded: report.recorded,
              repeat: report.repeat,
              refused: report.refused.length,
              conflicts: report.conflicts.length,
            })}
          </p>
          {report.refused.length ? (
            <ul className="mt-1 list-disc pl-5 text-red-800" aria-label={t("Refused cards, kept as refused scans")}>
              {report.refused.map((c, i) => (
                <li key={i}>{t("Refused: {{reason}}", { reason: c })}</li>
              ))}
            </ul>
          ) : null}
          {report.conflicts.length ? (
            <ul className="mt-1 list-disc pl-5 text-red-800">
              {report.conflicts.map((c, i) => (
                <li key={i}>{c}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </OfflineFrame>
  );
}
