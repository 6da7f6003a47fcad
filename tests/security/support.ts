// Calling route actions as the server would: a POSTed form, the client address our server puts in
// the load context (scripts/serve.mjs), and the status and Location of whatever comes back.
import type { ActionFunctionArgs } from "@remix-run/node";
import { drainQueue } from "../../jobs/queue.server";
import { listOutbox, readOutboxMessage } from "../../emails/outbox.server";

type Action = (args: ActionFunctionArgs) => Promise<unknown>;

export interface Answer {
  status: number;
  location: string | null;
  /** The action's data (or a Response's text). */
  body: unknown;
}

export function formPost(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  const host = new URL(url).host;
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Host: host, ...headers },
    body: new URLSearchParams(fields),
  });
}

/** Runs `action` for `request` from `address`; a thrown Response (a redirect, a 404) is an answer too. */
export async function post(action: Action, request: Request, address: string): Promise<Answer> {
  let result: unknown;
  try {
    result = await action({ request, params: {}, context: { clientAddress: address } } as ActionFunctionArgs);
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    result = error;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), body: await result.text() };
  const init = (result as { init?: ResponseInit | null }).init;
  return { status: init?.status ?? 200, location: null, body: (result as { data?: unknown }).data ?? result };
}

/** Every e-mail sent to `to` so far, oldest first (jobs drained). */
export async function mailsTo(to: string) {
  await drainQueue();
  const entries = (await listOutbox()).filter((m) => m.to.toLowerCase().includes(to.toLowerCase())).reverse();
  return Promise.all(entries.map(async (e) => (await readOutboxMessage(e.id))!));
}

/** The links (http…) in an e-mail's text. */
export function linksIn(mail: { text?: string | null; html?: string | null }): string[] {
  return [...`${mail.text ?? ""}\n${mail.html ?? ""}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0].replace(/&amp;/g, "&"));
}
