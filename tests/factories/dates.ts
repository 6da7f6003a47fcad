import "../setup/compose";
import { kathmanduDate } from "@lib/dates";

/** `n` days from today in Kathmandu, as YYYY-MM-DD (negative for the past). */
export function inDays(n: number): string {
  const d = new Date(`${kathmanduDate()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
