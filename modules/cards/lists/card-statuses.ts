import type { FilterOption } from "@lib/list/define";
import { CARD_STATUSES } from "@modules/lookups";

// The card status filter's values and choices, apart from shared.tsx: a list that takes its
// choices from the loader (the Trekkers page, ADR 0038) then loads no lookup table.
export const STATUS_OPTIONS: FilterOption[] = CARD_STATUSES.map((s) => ({ value: s.name, label: s.name }));
export const cardStatusValues = CARD_STATUSES.map((s) => s.name) as [string, ...string[]];
