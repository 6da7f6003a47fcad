import sanitizeHtml from "sanitize-html";

/**
 * The route description is rich text typed by board staff and shown to every user as HTML, so
 * it is cleaned on save and again before rendering: basic formatting only, no scripts, no
 * event handlers, no style, links to http(s) and mailto only.
 */
// Transforms run before sanitize-html's own scheme check, so the link is vetted here too.
const SAFE_HREF = /^\s*(https?:\/\/|mailto:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "h2", "h3", "h4", "a", "blockquote", "div"],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Script and style bodies are dropped with their tags rather than left as text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object"],
  // Editors leave empty paragraphs behind (an emptied line, a trailing Enter).
  exclusiveFilter: (frame) => frame.tag === "p" && frame.text.trim() === "",
  transformTags: {
    // Links open outside the app and never hand it a window.opener.
    a: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs: SAFE_HREF.test(attribs.href ?? "") ? { href: attribs.href.trim(), target: "_blank", rel: "noopener noreferrer nofollow" } : {},
    }),
    // contenteditable produces <div> lines; keep them as paragraphs.
    div: "p",
  },
};

export function sanitizeDescription(input: string): string {
  const html = looksLikeHtml(input ?? "") ? input : plainTextToHtml(input ?? "");
  return sanitizeHtml(html, OPTIONS).trim();
}

function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z!][^>]*>/i.test(text);
}

/**
 * Without JavaScript the description is a textarea; typed plain text keeps its paragraphs and
 * line breaks instead of collapsing into one line when shown as HTML.
 */
function plainTextToHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escape(p).replace(/\n/g, "<br />")}</p>`)
    .join("");
}

/** True when the cleaned HTML has no visible text: "<p><br></p>" is an empty description. */
export function isBlankHtml(html: string): boolean {
  return sanitizeHtml(html ?? "", { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, "") === "";
}
