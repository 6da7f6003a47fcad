/**
 * A Content-Disposition header for a download named in any script (RFC 6266): `filename*` carries
 * the name as UTF-8 (percent-encoded, RFC 8187) and `filename` a plain-ASCII stand-in for clients
 * that read only that one (accents dropped, other characters as "_").
 */
const LIGATURES: Record<string, string> = { ß: "ss", æ: "ae", Æ: "AE", ø: "o", Ø: "O", œ: "oe", Œ: "OE", đ: "d", Đ: "D", ł: "l", Ł: "L", þ: "th", Þ: "Th" };

/** `name` in printable ASCII, safe inside a quoted header parameter. */
export function asciiFileName(name: string, fallback: string): string {
  const ext = /\.[A-Za-z0-9]{1,5}$/.exec(name)?.[0] ?? "";
  const stem = name
    .slice(0, name.length - ext.length)
    .replace(/[ßæÆøØœŒđĐłŁþÞ]/g, (c) => LIGATURES[c] ?? c)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 ._()-]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^[ ._-]+|[ ._-]+$/g, "");
  return /[A-Za-z0-9]/.test(stem) ? `${stem}${ext}` : fallback;
}

/** RFC 8187's value-chars: everything else percent-encoded from UTF-8. */
const encode = (s: string) => encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function contentDisposition(kind: "inline" | "attachment", name: string, fallback = "download"): string {
  const ascii = asciiFileName(name, fallback);
  if (ascii === name) return `${kind}; filename="${ascii}"`;
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encode(name)}`;
}
