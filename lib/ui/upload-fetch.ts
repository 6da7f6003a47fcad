// The fetch wrapper of upload progress (upload-progress.tsx, ADR 0007), loaded when a file input is
// first touched.
import type { UploadState } from "./upload-state";

type Publish = (state: UploadState | null) => void;

let lastSubmitted: HTMLFormElement | null = null;
let installed = false;

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

function xhrFetch(url: string, init: RequestInit, body: FormData, publish: Publish): Promise<Response> {
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
export function installUploadProgress(publish: Publish) {
  if (installed || typeof window === "undefined" || typeof XMLHttpRequest === "undefined") return;
  installed = true;
  const browserFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? "GET").toUpperCase();
    if (!(input instanceof Request) && init && method !== "GET" && hasNonEmptyFile(init.body)) {
      return xhrFetch(input instanceof URL ? input.href : String(input), init, init.body, publish);
    }
    return browserFetch(input, init);
  };
  // Captured before any React handler: which form a following upload belongs to.
  document.addEventListener("submit", (e) => (lastSubmitted = e.target instanceof HTMLFormElement ? e.target : null), true);
}
