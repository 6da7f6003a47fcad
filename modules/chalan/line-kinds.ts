// How the logs and files name a line's kind (rules.ts `LineKind`). Apart from rules.ts for the
// same reason as item-codes.ts: the chalan logs' lists need these words and none of the rules.

export const LINE_KIND_LABELS = { sale: "Sale", credit: "Credit" } as const;

/** The logs' Type cell: "Sale", or "Credit" with the day it was made (a credit reverses an earlier sale). */
export const lineKindText = (kind: string, creditDate: string | null, formatDate: (d: string) => string) =>
  kind === "credit" ? `${LINE_KIND_LABELS.credit}${creditDate ? ` of ${formatDate(creditDate)}` : ""}` : LINE_KIND_LABELS.sale;
