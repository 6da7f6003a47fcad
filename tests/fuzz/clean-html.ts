// What no server HTML may hold (issue 26, item 9): a NUL, any other C0 control character but tab,
// line feed and carriage return, DEL, or U+FFFD (the mark of bytes that were not UTF-8). The bytes
// are decoded strictly, so a broken UTF-8 sequence is named rather than hidden behind U+FFFD.

const BAD = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/g;

export function htmlProblems(html: string | Uint8Array): string[] {
  let text: string;
  if (typeof html === "string") text = html;
  else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(html);
    } catch {
      return ["not valid UTF-8"];
    }
  }
  const found = new Map<string, number>();
  for (const m of text.matchAll(BAD)) {
    if (!found.has(m[0])) found.set(m[0], m.index);
  }
  return [...found].map(
    ([ch, at]) =>
      `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")} at ${at}: …${JSON.stringify(text.slice(Math.max(0, at - 40), at + 10))}…`,
  );
}
