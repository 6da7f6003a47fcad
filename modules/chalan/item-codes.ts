// The ERP's item codes and their descriptions. Apart from rules.ts because the chalan logs' lists
// name items too, and those pages need none of the rules (ADR 0036).

export const ITEM_CODES = { child: "TIMS-CHILD", saarc: "TIMS-SAARC", foreign: "TIMS-FOREIGN" } as const;
export type ItemCode = (typeof ITEM_CODES)[keyof typeof ITEM_CODES];
export const ALL_ITEM_CODES: readonly string[] = Object.values(ITEM_CODES);

export const ITEM_DESCRIPTIONS: Record<string, string> = {
  [ITEM_CODES.child]: "TIMS card, child",
  [ITEM_CODES.saarc]: "TIMS card, SAARC national",
  [ITEM_CODES.foreign]: "TIMS card, foreign national",
};
