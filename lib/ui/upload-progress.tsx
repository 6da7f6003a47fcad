import { useEffect, useRef, useSyncExternalStore } from "react";

/**
 * Upload progress for every form with a file (docs/adr/0007-upload-progress.md).
 *
 * `fetch` cannot report upload progress; XMLHttpRequest can. Remix sends a form's action
 * request with the global `fetch`, so once JS runs we wrap `fetch`: a POST whose body is a
 * FormData holding a non-empty file goes out through XMLHttpRequest (reporting
 * `upload.onprogress`) and its answer is handed back to Remix as an ordinary `Response`. Remix
 * then does what it always does with it: action data and 400s re-render the form, redirects
 * navigate (toasts included), thrown errors reach the error boundary. Every other request is the
 * browser's own fetch, untouched. Without JS none of this runs and the form posts as a page.
 */

export interface UploadState {
  /** The form whose submission is being uploaded (null for a programmatic submit). */
  form: HTMLFormElement | null;
  loaded: number;
  total: number;
}

let current: UploadState | null = null;
const listeners = new Set<() => void>();
let lastSubmitted: HTMLFormElement | null = null;
let installed = false;

function publish(next: UploadState | null) {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Whole percent, 0-100; 0 until the size is known. */
export function uploadPercent(state: Pick<UploadState, "loaded" | "total">): number {
  if (!(state.total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((state.loaded / state.total) * 100)));
}

export function hasNonEmptyFile(body: unknown): body is FormData {
  if (typeof FormData === "undefined" || !(body instanceof FormData)) return false;
  for (const value of body.values()) {
    if (typeof value !== "string" && value.size > 0) return true;
  }
  return false;
}

/** Response headers as XMLHttpRequest gives them ("name: value" lines). */
export function parseResponseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(":");
    if (at <= 0) continue;
    try {
      headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
    } catch {
      // A header the Headers class refuses is of no use to Remix either.
    }
  }
  return headers;
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function xhrFetch(url: string, init: RequestInit, body: FormData): Promise<Response> {
  const signal = init.signal ?? undefined;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new DOMException("Aborted", "AbortError"));
    const form = lastSubmitted?.isConnected ? lastSubmitted : null;
    lastSubmitted = null;
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? "POST", url);
    xhr.responseType = "arraybuffer";
    xhr.withCredentials = init.credentials === "include";
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    const onAbort = () => xhr.abort();
    signal?.addEventListener("abort", onAbort);
    const settle = () => {
      signal?.removeEventListener("abort", onAbort);
      publish(null);
    };
    publish({ form, loaded: 0, total: 0 });
    xhr.upload.onprogress = (e) => publish({ form, loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
    xhr.upload.onload = () => publish({ form, loaded: 1, total: 1 });
    xhr.onload = () => {
      settle();
      const status = xhr.status;
      if (status < 200 || status > 599) return reject(new TypeError("Failed to fetch"));
      const headers = parseResponseHeaders(xhr.getAllResponseHeaders());
      resolve(new Response(NULL_BODY_STATUSES.has(status) ? null : (xhr.response as ArrayBuffer), { status, statusText: xhr.statusText, headers }));
    };
    xhr.onerror = xhr.ontimeout = () => {
      settle();
      reject(new TypeError("Failed to fetch"));
    };
    xhr.onabort = () => {
      settle();
      reject(signal?.reason ?? new DOMException("Aborted", "AbortError"));
    };
    xhr.send(body);
  });
}

/** Wraps window.fetch once (browser only); requests without a file pass straight through. */
export function installUploadProgress() {
  if (installed || typeof window === "undefined" || typeof XMLHttpRequest === "undefined") return;
  installed = true;
  const browserFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? "GET").toUpperCase();
    if (!(input instanceof Request) && init && method !== "GET" && hasNonEmptyFile(init.body)) {
      return xhrFetch(input instanceof URL ? input.href : String(input), init, init.body);
    }
    return browserFetch(input, init);
  };
  // Captured before any React handler: which form a following upload belongs to.
  document.addEventListener("submit", (e) => (lastSubmitted = e.target instanceof HTMLFormElement ? e.target : null), true);
}

/**
 * The progress bar for the form it sits in: the UI kit's FileField renders one, so every upload
 * form has it; a form with several file fields shows only the first. The live region is in the
 * page from the start so screen readers announce its changes.
 */
export function UploadProgress() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => installUploadProgress(), []);
  const state = useSyncExternalStore(subscribe, () => current, () => null);
  const el = ref.current;
  const form = el?.closest("form") ?? null;
  const mine = Boolean(state && form && state.form === form && form.querySelector("[data-upload-progress]") === el);
  const percent = state ? uploadPercent(state) : 0;
  return (
    <div ref={ref} data-upload-progress="" aria-live="polite" className={mine ? "mt-2" : undefined}>
      {mine ? (
        <div className="flex items-center gap-2 text-sm text-slate-700">
          <progress max={100} value={percent} aria-label="Upload progress" className="h-2 w-40 max-w-full accent-blue-700">
            {percent}%
          </progress>
          <span>Uploading… {percent}%</span>
        </div>
      ) : null}
    </div>
  );
}
