/**
 * The scan page's service worker (docs/adr/0022-offline-checkpost.md), served as /scan-sw.js with
 * the scope /scan. It keeps, network first and refreshed whenever the network answers, the scan
 * page itself, the card key set, the revocation list and the manifest; the page's scripts and
 * styles (hashed, so cache first) are the ones the page lists to it once it has loaded them.
 * Everything else — other pages (/scanned-trekker… shares the scope's prefix), posts — goes to the
 * network untouched. Written as plain script text: the worker is no part of the Remix bundle.
 */
import { CARD_KEYS_PATH, REVOCATION_PATH, SCAN_MANIFEST_PATH, SCAN_SW_SCOPE } from "./paths";

const NETWORK_FIRST = [SCAN_SW_SCOPE, CARD_KEYS_PATH, REVOCATION_PATH, SCAN_MANIFEST_PATH];

export function serviceWorkerSource(): string {
  return `"use strict";
const PAGES = "tims-scan-pages-v1";
const ASSETS = "tims-scan-assets-v1";
const NETWORK_FIRST = ${JSON.stringify(NETWORK_FIRST)};
const ASSET_PATH = /^\\/build[^/]*\\//;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(PAGES).then((cache) => Promise.all(NETWORK_FIRST.map((path) => fetchAndKeep(cache, new Request(path, { credentials: "same-origin" })).catch(() => null)))).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("tims-scan-") && n !== PAGES && n !== ASSETS).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

/**
 * A good answer is kept under the request's path. A page or list the server no longer gives this
 * browser (signed out: a redirect to the sign-in page, or refused) is dropped from the cache.
 */
async function fetchAndKeep(cache, request) {
  const response = await fetch(request);
  const path = new URL(request.url).pathname;
  if (response.ok && !response.redirected && response.type === "basic") await cache.put(path, response.clone());
  else if (response.redirected || response.status === 401 || response.status === 403) await cache.delete(path);
  return response;
}

async function networkFirst(request, path) {
  const cache = await caches.open(PAGES);
  try {
    return await fetchAndKeep(cache, request);
  } catch (error) {
    const kept = await cache.match(path);
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(request, { ignoreSearch: false });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NETWORK_FIRST.includes(url.pathname) && !url.search) return event.respondWith(networkFirst(request, url.pathname));
  if (ASSET_PATH.test(url.pathname)) return event.respondWith(cacheFirst(request));
});

/** The page lists the scripts and styles it loaded: kept, and the ones of an older build dropped. */
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep-assets" || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u) => typeof u === "string" && ASSET_PATH.test(new URL(u, self.location.origin).pathname));
  event.waitUntil(
    (async () => {
      const cache = await caches.open(ASSETS);
      const wanted = new Set(urls.map((u) => new URL(u, self.location.origin).href));
      for (const request of await cache.keys()) if (!wanted.has(request.url)) await cache.delete(request);
      await Promise.all(urls.map((u) => cache.match(u).then((hit) => hit || cache.add(u))));
      const pages = await caches.open(PAGES);
      await Promise.all(NETWORK_FIRST.map((path) => fetchAndKeep(pages, new Request(path, { credentials: "same-origin" })).catch(() => null)));
      if (event.ports[0]) event.ports[0].postMessage({ kept: urls.length });
    })().catch((error) => {
      if (event.ports[0]) event.ports[0].postMessage({ error: String(error) });
    }),
  );
});
`;
}
