/**
 * Reads the outbox's .eml files (nodemailer writes them; it composes but does not parse) for the
 * outbox pages and for the e2e tests that follow links in them, with mailparser: nested
 * multiparts, every transfer encoding and charset, RFC 2047 encoded words and RFC 2231 parameters.
 * The headers it knows (addresses, subject, dates, content types, …) come decoded; others as written.
 * (It replaced a hand-written MIME reader of 261 lines; issue 27 item 7.)
 */
import { simpleParser, type AddressObject, type EmailAddress, type HeaderValue, type ParsedMail } from "mailparser";

export interface ParsedAttachment {
  filename: string | null;
  contentType: string;
  content: Buffer;
}

export interface ParsedEmail {
  /** Lower-cased names, first occurrence wins, encoded words decoded. */
  headers: Record<string, string>;
  from: string;
  to: string;
  subject: string;
  /** ISO 8601 when the Date header is readable, else as written (or ""). */
  date: string;
  html: string | null;
  text: string | null;
  attachments: ParsedAttachment[];
}

// The outbox holds what this system sent; no page or test wants mailparser's HTML sanitising of
// links or its cid: images turned into data URIs.
const OPTIONS = { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true, keepCidLinks: true } as const;

export async function parseEml(raw: Buffer | string): Promise<ParsedEmail> {
  const mail = await simpleParser(raw, OPTIONS);
  const headers = headerRecord(mail);
  return {
    headers,
    from: headers.from ?? "",
    to: headers.to ?? "",
    subject: mail.subject ?? "",
    date: headers.date ?? "",
    html: typeof mail.html === "string" ? mail.html : null,
    text: mail.text ?? null,
    attachments: mail.attachments.map((a) => ({ filename: a.filename ?? null, contentType: a.contentType, content: a.content })),
  };
}

/** Headers only, for listings that need not decode every body: only the header block is parsed. */
export async function parseEmlHeaders(raw: Buffer | string): Promise<Record<string, string>> {
  const bytes = typeof raw === "string" ? Buffer.from(raw, "utf8") : raw;
  const crlf = bytes.indexOf("\r\n\r\n");
  const lf = bytes.indexOf("\n\n");
  const end = crlf !== -1 && (lf === -1 || crlf < lf) ? crlf + 4 : lf !== -1 ? lf + 2 : bytes.length;
  return headerRecord(await simpleParser(bytes.subarray(0, end), OPTIONS));
}

function headerRecord(mail: ParsedMail): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of mail.headers) out[name] = headerText(value);
  return out;
}

/** `Name <address>` as written, without the quotes mailparser's `text` adds around non-ASCII names. */
function addresses(list: EmailAddress[]): string {
  return list.map((a) => (a.group ? `${a.name}: ${addresses(a.group)};` : a.name ? `${a.name} <${a.address ?? ""}>` : (a.address ?? ""))).join(", ");
}

function headerText(value: HeaderValue): string {
  if (typeof value === "string") return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString();
  if (Array.isArray(value)) return (value as unknown[]).map((v) => headerText(v as HeaderValue)).join(", ");
  if ("text" in value) return addresses((value as AddressObject).value);
  const params = Object.entries(value.params ?? {}).map(([k, v]) => `; ${k}=${v}`);
  return `${value.value}${params.join("")}`;
}
