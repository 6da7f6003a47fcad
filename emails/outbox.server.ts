import { open, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { config } from "@lib/config.server";
import { parseEml, parseEmlHeaders, type ParsedAttachment } from "./eml-parse.server";
import { OUTBOX_ID_PATTERN } from "./mailer.server";

export { parseEml, parseEmlHeaders } from "./eml-parse.server";

export interface OutboxEntry {
  id: string;
  /** ISO 8601. */
  date: string;
  to: string;
  subject: string;
}

export interface OutboxMessage extends OutboxEntry {
  from: string;
  headers: Record<string, string>;
  html: string | null;
  text: string | null;
  attachments: ParsedAttachment[];
}

/** The outbox shows every e-mail the system sent: only the embedded mode (no SMTP, no deployment) has it. */
export function requireDevOutbox(): void {
  if (!config.embedded) throw new Response("Not Found", { status: 404 });
}

export function isOutboxId(id: string): boolean {
  return OUTBOX_ID_PATTERN.test(id);
}

/** Newest first; the ids start with a millisecond timestamp, so name order is send order. */
export async function listOutbox(): Promise<OutboxEntry[]> {
  const ids = (await outboxIds()).sort().reverse();
  const entries = await Promise.all(
    ids.map(async (id): Promise<OutboxEntry | null> => {
      const head = await readHead(fileOf(id));
      if (!head) return null; // removed while listing
      const headers = await parseEmlHeaders(head);
      return { id, date: isoDate(headers.date, id), to: headers.to ?? "", subject: headers.subject ?? "" };
    }),
  );
  return entries.filter((e): e is OutboxEntry => e !== null);
}

export async function readOutboxMessage(id: string): Promise<OutboxMessage | null> {
  // The id becomes a file name: only names this system generates get near the file system.
  if (!isOutboxId(id)) return null;
  let raw: Buffer;
  try {
    raw = await readFile(fileOf(id));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const mail = await parseEml(raw);
  return {
    id,
    date: isoDate(mail.date, id),
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    headers: mail.headers,
    html: mail.html,
    text: mail.text,
    attachments: mail.attachments,
  };
}

/** For tests that follow links: the newest message whose To header contains `address`. */
export async function latestOutboxMessageTo(address: string): Promise<OutboxMessage | null> {
  const wanted = address.toLowerCase();
  const entry = (await listOutbox()).find((m) => m.to.toLowerCase().includes(wanted));
  return entry ? readOutboxMessage(entry.id) : null;
}

async function outboxIds(): Promise<string[]> {
  try {
    const names = await readdir(config.outboxDir);
    return names
      .filter((n) => n.endsWith(".eml"))
      .map((n) => n.slice(0, -4))
      .filter(isOutboxId);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

function fileOf(id: string): string {
  return path.join(config.outboxDir, `${id}.eml`);
}

/** Headers sit in the first few kilobytes; listing should not read attached PDFs. */
async function readHead(file: string, bytes = 64 * 1024): Promise<Buffer | null> {
  let handle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The Date header has only seconds; the id is the fallback when it is missing or unreadable. */
function isoDate(header: string | undefined, id: string): string {
  const parsed = header ? new Date(header) : null;
  if (parsed && !Number.isNaN(parsed.getTime())) return parsed.toISOString();
  const stamp = id.slice(0, 24).replace(/T(\d{2})-(\d{2})-(\d{2})/, "T$1:$2:$3");
  return new Date(stamp).toISOString();
}
