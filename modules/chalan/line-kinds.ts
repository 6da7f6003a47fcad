// How the logs and files name a line's kind (rules.ts `LineKind`). Apart from rules.ts for the
// same reason as item-codes.ts: the chalan logs' lists need these words and none of the rules.

export const LINE_KIND_LABELS = { sale: "Sale", credit: "Credit" } as const;
