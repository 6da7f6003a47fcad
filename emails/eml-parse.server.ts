/**
 * A small MIME reader for the outbox (.eml files nodemailer writes) and for the e2e tests that
 * follow links in them: nodemailer composes but does not parse, and mailparser is not a
 * dependency. Handles nested multiparts, base64 / quoted-printable / 7bit / 8bit bodies, RFC 2047
 * encoded words and RFC 2231 parameters, which covers what nodemailer and common clients produce.
 */

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
  date: string;
  html: string | null;
  text: string | null;
  attachments: ParsedAttachment[];
}

interface Part {
  /** Raw values (encoded words kept), so structured headers are split before decoding. */
  headers: Record<string, string>;
  /** latin1: one char per byte, so binary bodies survive until decoded. */
  body: string;
}

export function parseEml(raw: Buffer | string): ParsedEmail {
  const root = splitPart(toLines(raw));
  const headers = decodeHeaders(root.headers);
  const result: ParsedEmail = {
    headers,
    from: headers.from ?? "",
    to: headers.to ?? "",
    subject: headers.subject ?? "",
    date: headers.date ?? "",
    html: null,
    text: null,
    attachments: [],
  };
  walk(root, result);
  return result;
}

/** Headers only, for listings that need not decode every body. */
export function parseEmlHeaders(raw: Buffer | string): Record<string, string> {
  return decodeHeaders(splitPart(toLines(raw)).headers);
}

function toLines(raw: Buffer | string): string {
  const bytes = typeof raw === "string" ? Buffer.from(raw, "utf8") : raw;
  return bytes.toString("latin1").replace(/\r\n/g, "\n");
}

function decodeHeaders(raw: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, decodeWords(v)]));
}

function splitPart(text: string): Part {
  if (text.startsWith("\n")) return { headers: {}, body: text.slice(1) };
  const end = text.indexOf("\n\n");
  if (end === -1) return { headers: parseHeaderBlock(text), body: "" };
  return { headers: parseHeaderBlock(text.slice(0, end)), body: text.slice(end + 2) };
}

function parseHeaderBlock(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const unfolded = block.replace(/\n[ \t]+/g, " ");
  for (const line of unfolded.split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = latin1ToUtf8(line.slice(colon + 1).trim());
  }
  return headers;
}

function walk(part: Part, out: ParsedEmail): void {
  const { value: type, params } = parseStructured(part.headers["content-type"] || "text/plain");
  if (type.startsWith("multipart/") && params.boundary) {
    for (const child of splitMultipart(part.body, params.boundary)) walk(splitPart(child), out);
    return;
  }
  const disposition = parseStructured(part.headers["content-disposition"] ?? "");
  const filename = disposition.params.filename ?? params.name ?? null;
  const content = decodeBody(part.body, part.headers["content-transfer-encoding"]);
  const isAttachment = disposition.value === "attachment" || filename !== null;
  if (!isAttachment && type === "text/html" && out.html === null) {
    out.html = decodeCharset(content, params.charset);
  } else if (!isAttachment && type === "text/plain" && out.text === null) {
    out.text = decodeCharset(content, params.charset);
  } else {
    out.attachments.push({ filename, contentType: type, content });
  }
}

/** The line break before a delimiter belongs to the delimiter, hence the line-wise split. */
function splitMultipart(body: string, boundary: string): string[] {
  const open = `--${boundary}`;
  const close = `--${boundary}--`;
  const parts: string[] = [];
  let current: string[] | null = null; // null while in the preamble
  for (const line of body.split("\n")) {
    const trimmed = line.trimEnd();
    if (trimmed === open || trimmed === close) {
      if (current) parts.push(current.join("\n"));
      if (trimmed === close) return parts;
      current = [];
    } else if (current) {
      current.push(line);
    }
  }
  if (current) parts.push(current.join("\n")); // tolerate a missing closing delimiter
  return parts;
}

function decodeBody(body: string, encoding = "7bit"): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ""), "base64");
    case "quoted-printable":
      // Trailing blanks are transport padding; "=" at a line end is a soft break.
      return unescapeBytes(body.replace(/[ \t]+$/gm, "").replace(/=\n/g, ""), "=");
    default:
      return Buffer.from(body, "latin1");
  }
}

/** Turns `<escape>XX` hex pairs into bytes; other chars are taken as latin1 bytes. */
function unescapeBytes(text: string, escape: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === escape && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(text.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Buffer, charset = "utf-8"): string {
  try {
    return new TextDecoder(charset.trim().toLowerCase()).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/** Raw 8-bit header text (RFC 6532) is UTF-8 in practice. */
function latin1ToUtf8(latin1: string): string {
  return /[\x80-\xff]/.test(latin1) ? Buffer.from(latin1, "latin1").toString("utf8") : latin1;
}

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

/**
 * RFC 2047. Whitespace between adjacent encoded words is dropped, and their bytes are joined
 * before decoding because an encoder may split a long value inside a UTF-8 sequence.
 */
export function decodeWords(value: string): string {
  const words: { charset: string; bytes: Buffer }[] = [];
  let output = "";
  let last = 0;
  for (const match of value.matchAll(ENCODED_WORD)) {
    const between = value.slice(last, match.index);
    if (words.length === 0 || !/^\s*$/.test(between)) {
      output += decodeRun(words) + between;
      words.length = 0;
    }
    const charset = match[1].split("*")[0]; // drop an RFC 2231 language tag
    const bytes =
      match[2].toUpperCase() === "B"
        ? Buffer.from(match[3], "base64")
        : unescapeBytes(match[3].replace(/_/g, " "), "=");
    words.push({ charset, bytes });
    last = match.index! + match[0].length;
  }
  return output + decodeRun(words) + value.slice(last);
}

/** Decodes adjacent encoded words, joining the bytes of neighbours that share a charset. */
function decodeRun(words: { charset: string; bytes: Buffer }[]): string {
  let text = "";
  for (let i = 0; i < words.length; ) {
    let j = i + 1;
    while (j < words.length && words[j].charset.toLowerCase() === words[i].charset.toLowerCase()) j++;
    text += decodeCharset(Buffer.concat(words.slice(i, j).map((w) => w.bytes)), words[i].charset);
    i = j;
  }
  return text;
}

/** `value; a=b; c="d e"; f*0*=utf-8''%E2%82%AC; f*1=x`, RFC 2231 continuations included. */
function parseStructured(header: string): { value: string; params: Record<string, string> } {
  const [first = "", ...pieces] = splitParams(header);
  const params: Record<string, string> = {};
  const extended: Record<string, { index: number; encoded: boolean; text: string }[]> = {};
  for (const piece of pieces) {
    const eq = piece.indexOf("=");
    if (eq <= 0) continue;
    const key = piece.slice(0, eq).trim().toLowerCase();
    let text = piece.slice(eq + 1).trim();
    if (text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1).replace(/\\(.)/g, "$1");
    const m = /^([^*]+)(?:\*(\d+))?(\*)?$/.exec(key);
    if (m && (m[2] !== undefined || m[3] !== undefined)) {
      (extended[m[1]] ??= []).push({ index: Number(m[2] ?? 0), encoded: m[3] === "*", text });
    } else {
      params[key] = decodeWords(text);
    }
  }
  for (const [key, segments] of Object.entries(extended)) {
    segments.sort((a, b) => a.index - b.index);
    let charset = "utf-8";
    const chunks = segments.map((s, i) => {
      if (!s.encoded) return Buffer.from(s.text, "latin1");
      let text = s.text;
      if (i === 0) {
        // charset'language'value
        const match = /^([^']*)'[^']*'(.*)$/s.exec(text);
        if (match) {
          charset = match[1] || charset;
          text = match[2];
        }
      }
      return unescapeBytes(text, "%");
    });
    params[key] = decodeCharset(Buffer.concat(chunks), charset);
  }
  return { value: first.trim().toLowerCase(), params };
}

/** Splits on semicolons outside double quotes. */
function splitParams(header: string): string[] {
  const out: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < header.length; i++) {
    const ch = header[i];
    if (ch === "\\" && quoted) {
      current += ch + (header[++i] ?? "");
      continue;
    }
    if (ch === '"') quoted = !quoted;
    if (ch === ";" && !quoted) {
      out.push(current);
      current = "";
    } else {
      current += ch;
    }
  }
  out.push(current);
  return out;
}
