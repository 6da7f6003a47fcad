/**
 * Card prices (spec 1 §9), in paisa. A rule matches a user type (or any) and a price region (or
 * any); the most specific match wins. Region: 1 SAARC, 2 others, 5 child (trekker type 5).
 */
export interface FeeRuleData {
  userType: number | null;
  regionId: number | null;
  amountPaisa: number;
}

export const DEFAULT_FEE_RULES: readonly FeeRuleData[] = [
  // "Type 4 costs 500": registrations made by the board (user type 4), e.g. for diplomats.
  { userType: 4, regionId: null, amountPaisa: 500_00 },
  { userType: null, regionId: 5, amountPaisa: 0 },
  { userType: null, regionId: 1, amountPaisa: 1000_00 },
  { userType: null, regionId: 2, amountPaisa: 2000_00 },
];

export const CHILD_TYPE = 5;
export const CHILD_REGION = 5;

export function priceRegion(trekkerType: number, countryRegion: number): number {
  return trekkerType === CHILD_TYPE ? CHILD_REGION : countryRegion;
}

export function feeFor(rules: readonly FeeRuleData[], userType: number, regionId: number): number {
  let best: { score: number; amount: number } | null = null;
  for (const r of rules) {
    if (r.userType !== null && r.userType !== userType) continue;
    if (r.regionId !== null && r.regionId !== regionId) continue;
    const score = (r.userType !== null ? 2 : 0) + (r.regionId !== null ? 1 : 0);
    if (!best || score > best.score) best = { score, amount: r.amountPaisa };
  }
  if (!best) throw new Error(`No fee rule for user type ${userType}, region ${regionId}`);
  return best.amount;
}

export interface PricedTrekker {
  trekkerType: number;
  countryRegion: number;
}

export function totalFor(rules: readonly FeeRuleData[], userType: number, trekkers: readonly PricedTrekker[]): number {
  return trekkers.reduce((sum, t) => sum + feeFor(rules, userType, priceRegion(t.trekkerType, t.countryRegion)), 0);
}

// Money as the pages show it: in lib/numbers so a list page's chunk need not carry this module along.
export { formatNrs } from "@lib/numbers";
