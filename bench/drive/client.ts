import { performance } from "node:perf_hooks";
import { percentile } from "../support";

/**
 * A browser without JavaScript, for the benches that drive the app over HTTP as its users do
 * (bench/payments-http.ts, bench/peak-hour.ts): a cookie jar per user, redirects followed by hand
 * (each hop timed as the page it is), and HTML forms read and submitted as a browser would submit
 * them (hidden fields, the pressed button's name and value). Every answer's time is recorded
 * under a page kind, so a bench reports what users waited for.
 */
export interface Hop {
  kind: string;
  status: number;
  ms: number;
  /** What the server reported (Server-Timing, with STATEMENT_TIMING=1): its handling's time, its SQL's summed time and statements. */
  appMs?: number;
  dbMs?: number;
  statements?: number;
  poolMs?: number;
}

/** `app;dur=20.1, db;dur=12.3;desc="7 statements"` from a server started with STATEMENT_TIMING=1 (scripts/serve.mjs). */
export function serverTiming(header: string | null): { appMs: number; dbMs: number; statements: number; poolMs: number } | null {
  const db = /db;dur=([\d.]+);desc="(\d+) statements"/.exec(header ?? "");
  const dur = (name: string) => Number(new RegExp(`${name};dur=([\\d.]+)`).exec(header ?? "")?.[1] ?? NaN);
  return db ? { appMs: dur("app"), dbMs: Number(db[1]), statements: Number(db[2]), poolMs: dur("pool") } : null;
}

export interface Page {
  url: string;
  status: number;
  html: string;
}

export interface FormData {
  action: string;
  method: "GET" | "POST";
  enctype: string;
  fields: [string, string][];
  buttons: { name: string; value: string; text: string }[];
}

const attr = (tag: string, name: string): string | null => {
  const m = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return m ? decodeEntities(m[2] ?? m[3] ?? m[4] ?? "") : null;
};

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#x2F;/g, "/")
    .replace(/&amp;/g, "&");
}

/** Every form on the page, with its hidden and filled fields and its submit buttons. */
export function formsOf(html: string, base: string): FormData[] {
  const forms: FormData[] = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const [, open, body] = m;
    const fields: [string, string][] = [];
    for (const input of body.matchAll(/<input\b[^>]*>/gi)) {
      const tag = input[0];
      const name = attr(tag, "name");
      const type = (attr(tag, "type") ?? "text").toLowerCase();
      if (!name || type === "submit" || type === "file") continue;
      if ((type === "checkbox" || type === "radio") && !/\schecked\b/i.test(tag)) continue;
      fields.push([name, attr(tag, "value") ?? ""]);
    }
    for (const sel of body.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
      const name = attr(sel[1], "name");
      if (!name) continue;
      const options = [...sel[2].matchAll(/<option\b([^>]*)>/gi)].map((o) => o[1]);
      const chosen = options.find((o) => /\sselected\b/i.test(o)) ?? options[0];
      if (chosen !== undefined) fields.push([name, attr(chosen, "value") ?? ""]);
    }
    const buttons = [...body.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/gi)]
      .filter((b) => (attr(b[1], "type") ?? "submit").toLowerCase() === "submit")
      .map((b) => ({ name: attr(b[1], "name") ?? "", value: attr(b[1], "value") ?? "", text: b[2].replace(/<[^>]*>/g, "").trim() }));
    forms.push({
      action: new URL(attr(open, "action") ?? base, base).toString(),
      method: (attr(open, "method") ?? "GET").toUpperCase() === "POST" ? "POST" : "GET",
      enctype: attr(open, "enctype") ?? "application/x-www-form-urlencoded",
      fields,
      buttons,
    });
  }
  return forms;
}

export class Client {
  private cookies = new Map<string, string>();
  readonly hops: Hop[] = [];

  constructor(private readonly origin: string) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private keepCookies(answer: Response) {
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** One request, timed under `kind`; redirects are not followed. */
  async request(kind: string, url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", this.cookieHeader());
    if (init.method && init.method !== "GET") headers.set("origin", new URL(url).origin);
    const started = performance.now();
    const answer = await fetch(url, { ...init, headers, redirect: "manual" });
    const body = await answer.arrayBuffer();
    this.hops.push({ kind, status: answer.status, ms: performance.now() - started, ...serverTiming(answer.headers.get("server-timing")) });
    this.keepCookies(answer);
    return new Response(answer.status === 204 || answer.status === 304 ? null : body, { status: answer.status, headers: answer.headers });
  }

  /** Loads `path` and follows redirects (each hop timed as `kindOf(url)`), as a browser does. */
  async go(path: string, kindOf: (url: URL) => string, init: RequestInit = {}): Promise<Page> {
    let url = new URL(path, this.origin).toString();
    let answer = await this.request(kindOf(new URL(url)), url, init);
    for (let hops = 0; answer.status >= 300 && answer.status < 400; hops++) {
      if (hops > 10) throw new Error(`too many redirects from ${path}`);
      url = new URL(answer.headers.get("location") ?? "/", url).toString();
      answer = await this.request(kindOf(new URL(url)), url);
    }
    return { url, status: answer.status, html: await answer.text() };
  }

  /** Submits `form` as a browser would with `button` pressed and `fill` typed in, following redirects. */
  submit(form: FormData, kindOf: (url: URL) => string, button?: { name: string; value: string }, fill: Record<string, string> = {}): Promise<Page> {
    const pairs = form.fields.filter(([name]) => !(name in fill));
    pairs.push(...Object.entries(fill));
    if (button?.name) pairs.push([button.name, button.value]);
    if (form.method === "GET") {
      const url = new URL(form.action);
      for (const [k, v] of pairs) url.searchParams.append(k, v);
      return this.go(url.toString(), kindOf);
    }
    let body: BodyInit;
    if (form.enctype === "multipart/form-data") {
      const data = new globalThis.FormData();
      for (const [k, v] of pairs) data.append(k, v);
      body = data;
    } else body = new URLSearchParams(pairs);
    return this.go(form.action, kindOf, { method: "POST", body });
  }

  /** Signs in through the login form (the demo's or a factory's password). */
  async signIn(email: string, password: string): Promise<void> {
    const page = await this.go("/login", () => "login");
    const form = formsOf(page.html, page.url).find((f) => f.fields.some(([n]) => n === "email") || /login/.test(f.action));
    if (!form) throw new Error("no login form");
    const button = form.buttons.find((b) => b.name === "intent" && b.value === "login") ?? form.buttons[0];
    const after = await this.submit(form, () => "login", button, { email, password });
    if (new URL(after.url).pathname === "/login") throw new Error(`sign-in of ${email} failed (${after.status})`);
  }
}

/**
 * The slowest twentieth of a page kind's answers, split by the server's Server-Timing: the wait
 * before the handler ran (the web process's event loop busy: its CPU), the waits for a pooled
 * database connection, the SQL (statements' times summed; they may run side by side, so the sum
 * can pass the handling's time), and the rest of the handling (its own JavaScript, calls to other
 * services). Medians over those answers, and the largest named.
 */
export function whereTimeWent(mine: Hop[]): string {
  const timed = mine.filter((h) => Number.isFinite(h.appMs));
  if (!timed.length) return "";
  const p95 = percentile(
    timed.map((t) => t.ms),
    95,
  );
  const slow = timed.filter((h) => h.ms >= p95);
  const med = (f: (h: Hop) => number) => percentile(slow.map(f), 50);
  const parts: [string, number][] = [
    ["waiting for the web process (its CPU)", med((h) => Math.max(0, h.ms - h.appMs!))],
    ["waiting for a database connection (pool)", med((h) => (Number.isFinite(h.poolMs) ? h.poolMs! : 0))],
    ["SQL", med((h) => h.dbMs ?? 0)],
    ["the handler's own work (JS, calls out)", med((h) => Math.max(0, h.appMs! - (h.dbMs ?? 0) - (Number.isFinite(h.poolMs) ? h.poolMs! : 0)))],
  ];
  const [most] = [...parts].sort((a, b) => b[1] - a[1])[0];
  const [before, pool, sql, rest] = parts.map(([, ms]) => ms.toFixed(0));
  return `| slowest: before ${before}, pool ${pool}, SQL ${sql} (${med((h) => h.statements ?? 0)} st.), rest ${rest} → ${most}`;
}
