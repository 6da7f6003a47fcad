// The forms of a server-rendered page, read from its HTML as a browser would submit them: the
// fuzz test takes every form's action, method, encoding and field names from the pages the app
// serves, so a new form or a new list filter is fuzzed without being listed anywhere.

export interface FormField {
  name: string;
  /** input type, "select", "textarea" or "button" */
  type: string;
  value: string;
  options: string[];
}

export interface PageForm {
  action: string;
  method: "get" | "post";
  multipart: boolean;
  fields: FormField[];
}

const attr = (tag: string, name: string): string | undefined => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? decodeEntities(m[1]) : undefined;
};

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|#39);/gi, (_, e: string) => {
    if (e[0] === "#") return String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return { amp: "&", lt: "<", gt: ">", quot: '"' }[e.toLowerCase()] ?? "";
  });
}

/** Every <form> of `html` (posted to `pageUrl` when it has no action), with its named fields. */
export function formsOf(html: string, pageUrl: string): PageForm[] {
  const forms: PageForm[] = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const [, head, body] = m;
    const method = (attr(head, "method") ?? "get").toLowerCase() === "post" ? "post" : "get";
    const target = new URL(attr(head, "action") ?? pageUrl, new URL(pageUrl, "http://tims.test"));
    const action = target.pathname + target.search;
    const fields: FormField[] = [];
    for (const t of body.matchAll(/<(input|button|textarea|select)\b([^>]*)>([\s\S]*?(?=<\/select>))?/g)) {
      const [, tag, attrs, inner] = t;
      const name = attr(attrs, "name");
      if (!name) continue;
      const type = tag === "input" ? (attr(attrs, "type") ?? "text") : tag;
      if (type === "checkbox" || type === "radio") {
        if (!/\schecked=""/.test(attrs) && fields.some((f) => f.name === name)) continue;
      }
      const options = tag === "select" ? [...(inner ?? "").matchAll(/<option\b([^>]*)>/g)].map((o) => attr(o[1], "value") ?? "") : [];
      const value = attr(attrs, "value") ?? (tag === "select" ? (options.find((o) => o !== "") ?? "") : "");
      fields.push({ name, type, value, options });
    }
    forms.push({ action, method, multipart: (attr(head, "encType") ?? attr(head, "enctype") ?? "").includes("multipart"), fields });
  }
  return forms;
}
