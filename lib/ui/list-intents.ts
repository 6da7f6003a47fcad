/**
 * A form's list of repeated fields (e.g. a route's checkpoints) without a form library in the
 * browser. Without JavaScript each add, remove and move button posts Conform's intent
 * (`__intent__`), which the action's parseWithZod applies and answers with the new list, so those
 * buttons keep exactly Conform's values; with JavaScript the page applies the same change itself.
 */
export type ListOp =
  | { type: "insert"; payload: { name: string; defaultValue: Record<string, string> } }
  | { type: "remove"; payload: { name: string; index: number } }
  | { type: "reorder"; payload: { name: string; from: number; to: number } };

/** The name Conform's intent buttons post. */
export const LIST_INTENT = "__intent__";

/** A submit button's attributes that post `op` for the server to apply (as Conform's getButtonProps). */
export function listButtonProps(formId: string, op: ListOp) {
  return { type: "submit" as const, name: LIST_INTENT, value: JSON.stringify(op), form: formId, formNoValidate: true };
}

/** The list after `op`, as Conform's server side applies it (inserts go at the end). */
export function applyListOp<T>(items: readonly T[], op: ListOp, created: () => T): T[] {
  const next = [...items];
  if (op.type === "insert") next.push(created());
  else if (op.type === "remove") next.splice(op.payload.index, 1);
  else next.splice(op.payload.to, 0, ...next.splice(op.payload.from, 1));
  return next;
}

/**
 * Where a field name of the list goes after `op` ("checkpoints[2].name" → "checkpoints[1].name"
 * once the first is removed); null for the removed item's fields; other names stay.
 */
export function renameForListOp(op: ListOp): (name: string) => string | null {
  const prefix = `${op.payload.name}[`;
  const touched = 1 + Math.max(indexIn(op), 0);
  const order = applyListOp(
    Array.from({ length: touched }, (_, i) => i),
    op,
    () => -1,
  );
  return (name) => {
    if (!name.startsWith(prefix)) return name;
    const close = name.indexOf("]", prefix.length);
    const index = Number(name.slice(prefix.length, close));
    if (close < 0 || !Number.isInteger(index)) return name;
    // Indexes past every one the op touches keep their place unless an item was removed before them.
    const at = index < touched ? order.indexOf(index) : index - (op.type === "remove" ? 1 : 0);
    return at < 0 ? null : `${prefix}${at}${name.slice(close)}`;
  };
}

function indexIn(op: ListOp): number {
  if (op.type === "remove") return op.payload.index;
  if (op.type === "reorder") return Math.max(op.payload.from, op.payload.to);
  return -1;
}
