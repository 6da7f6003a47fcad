/**
 * The words of a trekker's name as the name search indexes and matches them (issue 28 item 2,
 * docs/adr/0046-name-search-tokens.md). One function for both sides: the tokens stored in
 * `trekker_name_tokens` and the words of what a user types go through `nameTokens`, so "Müller",
 * "MULLER" and "muller" meet at "muller", "O'Brien" and "o'brien" at "o" + "brien".
 *
 * - Compatibility forms unify (NFKD): full-width "Ｍ" is "m", half-width "ｶ" is "カ".
 * - Accents go where they are optional: combining marks after a Latin, Greek, Cyrillic, Arabic
 *   or Hebrew letter are dropped ("Zoë" → "zoe", "Ñúñez" → "nunez", "Ελένη" → "ελενη",
 *   "أحمد" → "احمد", pointed Hebrew → unpointed). After any other script they stay: the vowel
 *   signs of Devanagari, Thai and the other Brahmic scripts are the spelling ("शेर्पा" is not
 *   "शरप"), as are the kana voicing marks ("が" is not "か").
 * - Lower case, and the few Latin letters with no decomposition folded as people type them:
 *   ß → ss, æ → ae, œ → oe, ø → o, ł → l, đ/ð → d, þ → th, dotless ı → i; Greek final ς → σ.
 * - A word is a run of letters, marks and digits: spaces, apostrophes, hyphens, dots and any other
 *   punctuation split ("O'Brien-Müller" → "o", "brien", "muller").
 * - Scripts written without spaces (Chinese, Japanese kana, Korean) make one token per character:
 *   "王小明" → "王", "小", "明", so "小明" finds him (each of its characters, in any order).
 * - Tokens are cut at NAME_TOKEN_MAX characters; a name's tokens are distinct.
 */
export const NAME_TOKEN_MAX = 64;

/** Scripts whose combining marks are optional accents, dropped by the search. */
const ACCENTED = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Hebrew}]/u;
/** Scripts written without spaces between names: every character is a token. */
const PER_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u;
const MARK = /\p{M}/u;
const FOLDS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i", ς: "σ" };
const FOLDED = new RegExp(`[${Object.keys(FOLDS).join("")}]`, "gu");
const WORD_BREAK = /[^\p{L}\p{M}\p{N}]+/u;

/** The name (or a search text) lower-cased, unified and without optional accents. */
export function foldName(text: string): string {
  let out = "";
  let dropMarks = false;
  for (const ch of text.normalize("NFKD")) {
    if (MARK.test(ch)) {
      if (!dropMarks) out += ch;
      continue;
    }
    dropMarks = ACCENTED.test(ch);
    out += ch;
  }
  return out
    .toLowerCase()
    .replace(FOLDED, (c) => FOLDS[c])
    .normalize("NFC");
}

/** The distinct search tokens of a name, or the words of a search text, in order of appearance. */
export function nameTokens(text: string): string[] {
  const tokens = new Set<string>();
  for (const word of foldName(text).split(WORD_BREAK)) {
    let run = "";
    for (const ch of word) {
      if (PER_CHARACTER.test(ch)) {
        if (run) tokens.add(cut(run));
        tokens.add(ch);
        run = "";
      } else run += ch;
    }
    if (run) tokens.add(cut(run));
  }
  tokens.delete("");
  return [...tokens];
}

function cut(token: string): string {
  const chars = [...token];
  return chars.length > NAME_TOKEN_MAX ? chars.slice(0, NAME_TOKEN_MAX).join("") : token;
}

/**
 * The bounds of every token that begins with `prefix`, in code point order (the order of SQLite's
 * BINARY and MariaDB's utf8mb4_bin): `prefix <= token < upper`, one index range on both.
 */
export function prefixRange(prefix: string): { lower: string; upper: string } {
  const chars = [...prefix];
  let last = chars.pop()!.codePointAt(0)! + 1;
  // Skip the surrogate block, which no stored string holds.
  if (last >= 0xd800 && last <= 0xdfff) last = 0xe000;
  return { lower: prefix, upper: chars.join("") + String.fromCodePoint(last) };
}
