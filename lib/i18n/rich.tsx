import { Fragment, type ReactNode } from "react";
import type { Translator } from "./translate";

const PLACEHOLDER = /\{\{(\w+)\}\}/;

/**
 * A translated sentence with markup inside it ("We have sent a link to {{email}}." with the address
 * in <strong>): the translation is looked up with its placeholders kept, so each language puts the
 * part where its grammar wants it, and the parts are placed as React nodes. A placeholder with no
 * node stays as written, as i18next leaves it.
 */
export function richText(translator: Translator, key: string, nodes: Record<string, ReactNode>): ReactNode {
  const pieces = translator.t(key).split(PLACEHOLDER);
  // split() with one capture group alternates text and placeholder names.
  return pieces.map((piece, i) => (i % 2 === 0 ? piece : <Fragment key={`${piece}-${i}`}>{piece in nodes ? nodes[piece] : `{{${piece}}}`}</Fragment>));
}
