import type { Translator } from "./translate";

/**
 * The validation messages of the zod schemas are the spec's English texts, made in lib/validation-rules
 * and shared by server and browser; they are translated here, once, where they are shown (the form
 * fields, the server's blur checks). A message with a label or a number in it is matched against the
 * translator's templates ("{{label}} field is required") and its parts translated.
 */
interface Template {
  key: string;
  names: string[];
  pattern: RegExp;
}

const compiled = new WeakMap<readonly string[], Template[]>();

function compile(templates: readonly string[]): Template[] {
  let out = compiled.get(templates);
  if (out) return out;
  out = templates.map((key) => {
    const names: string[] = [];
    const source = key
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(name);
        return name === "max" ? "(\\d+)" : "(.+?)";
      })
      .join("");
    return { key, names, pattern: new RegExp(`^${source}$`) };
  });
  // The longest (most specific) template first: "TIMS card issued for {{route}}" before "TIMS card
  // {{number}}", which would also read that message, and "{{page}}", which reads every message as itself.
  out.sort((a, b) => b.key.length - a.key.length);
  compiled.set(templates, out);
  return out;
}

/** `part` says each value the template read (lib/i18n/messages.server.ts reads them as messages too). */
export function translateMessage(translator: Translator, message: string, part: (text: string) => string = translator.t): string {
  const { t } = translator;
  const direct = t(message);
  if (direct !== message) return direct;
  for (const template of compile(translator.templates)) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const params = Object.fromEntries(template.names.map((name, i) => [name, name === "max" ? Number(match[i + 1]) : part(match[i + 1])]));
    return t(template.key, params);
  }
  return message;
}

export function translateMessages(translator: Translator, messages: readonly string[] | undefined): string[] | undefined {
  return messages?.map((message) => translateMessage(translator, message));
}
