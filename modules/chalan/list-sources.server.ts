import { Op, type WhereOptions } from "sequelize";
import type { ListSource } from "@lib/list/list.server";
import { modelListSource } from "@lib/list/model-source.server";
import type { SortOrder } from "@lib/list/define";
import type { KeyPart } from "@lib/list/keyset.server";
import type { ChalanLogRow } from "./chalan-lists";
import { ChalanLine } from "./models.server";
import type { LineStatus } from "./rules";

interface DateFilters {
  startDate?: string;
  endDate?: string;
}

const SORT_COLUMNS: Record<string, keyof ChalanLogRow & string> = { date: "salesDate", dateError: "dateError", customer: "customerCode", item: "itemCode" };

const toRow = (l: ChalanLine): ChalanLogRow => ({
  id: l.id,
  kind: l.kind,
  creditDate: l.creditDate ?? null,
  salesDate: l.salesDate,
  customerCode: l.customerCode,
  itemCode: l.itemCode,
  cardFrom: l.cardFrom,
  cardTo: l.cardTo,
  qty: l.qty,
  dateError: l.dateError ?? null,
  customerCodeError: l.customerCodeError ?? null,
  itemCodeError: l.itemCodeError ?? null,
  cardError: l.cardError ?? null,
  createdAt: new Date(l.createdAt).toISOString(),
  pushedAt: l.pushedAt ? new Date(l.pushedAt).toISOString() : null,
});

/** The chalan logs over chalan_lines of one state, by sales date range; indexes (status, salesDate) and (status, customerCode). */
function lineSource(status: LineStatus): ListSource<ChalanLogRow, DateFilters> {
  return modelListSource({
    model: ChalanLine,
    where: (f: DateFilters): WhereOptions => {
      const where: WhereOptions[] = [{ status }];
      if (f.startDate) where.push({ salesDate: { [Op.gte]: f.startDate } });
      if (f.endDate) where.push({ salesDate: { [Op.lte]: f.endDate } });
      return { [Op.and]: where };
    },
    keys: (sort: SortOrder): KeyPart[] => [
      { column: SORT_COLUMNS[sort.key] ?? "salesDate", desc: sort.desc },
      { column: "id", desc: sort.desc },
    ],
    cursor: (r: ChalanLogRow, sort: SortOrder) => [r[SORT_COLUMNS[sort.key] ?? "salesDate"], r.id],
    rows: (lines) => lines.map(toRow),
  });
}

export const chalanErrorSource = () => lineSource("refused");
export const pushedChalanSource = () => lineSource("pushed");
