import { Op, QueryTypes, literal, type IndexHint, type Model, type ModelStatic, type WhereOptions } from "sequelize";
import type { FilterOption, SortOrder } from "./define";
import { keysetOrder, keysetWhere, type KeyPart } from "./keyset.server";
import type { ListQuery, ListSource } from "./list.server";

/**
 * A list kit source over one Sequelize model, for the lists whose rows are one table's (users,
 * agency requests, routes, vouchers). The module that owns the model makes it: its WHERE from the
 * filters (and the viewer's scope), its order as key columns ending in a unique one, and its
 * rows. Pages use OFFSET over that order; exports keyset over it.
 */
export interface ModelSourceSpec<M extends Model, Row, F, L = undefined> {
  model: ModelStatic<M>;
  /** The WHERE of these filters; null when they can match nothing (e.g. an unknown name). */
  where: (filters: F) => WhereOptions | null | Promise<WhereOptions | null>;
  /** The order for a sort, last key unique (the id). */
  keys: (sort: SortOrder) => readonly KeyPart[];
  /** The key values of a row, in the order of `keys`. */
  cursor: (row: Row, sort: SortOrder) => readonly unknown[];
  /** Models to rows (one query for related names, not one per row), with what `lookups` read. */
  rows?: (models: M[], lookups: L) => Row[] | Promise<Row[]>;
  /**
   * What `rows` needs besides the models (name tables), read at the same time as the models
   * rather than after them: a page costs its slowest statement, not the sum.
   */
  lookups?: () => Promise<L>;
  attributes?: string[];
  options?: () => Promise<Record<string, FilterOption[]>>;
  /**
   * Read the page's (or batch's) rows in one statement as arrays, no model instances: `columns`
   * over the table's alias `t`, in the order `row` reads them. Sequelize's instances cost more
   * than a sub-millisecond page query itself (ADR 0031); `rows` is then not used. `select` runs
   * a statement and gives its rows as arrays (the database layer's selectArrays).
   */
  arrays?: { columns: readonly string[]; row: (values: unknown[], lookups: L) => Row; select: (sql: string) => Promise<unknown[][]> };
  /**
   * Index hints for these filters (MariaDB/MySQL only; SQLite has none and ignores them), for a
   * combination the planner is known to get wrong; the module owning the indexes names them.
   */
  indexHints?: (filters: F) => IndexHint[] | undefined;
}

export function modelListSource<M extends Model, Row, F, L = undefined>(spec: ModelSourceSpec<M, Row, F, L>): ListSource<Row, F> {
  const findModels = (where: WhereOptions, q: ListQuery<F>, window: { offset?: number; limit: number }) => {
    const keys = spec.keys(q.sort);
    const indexHints = spec.indexHints?.(q.filters);
    if (!window.offset) return spec.model.findAll({ where, order: keysetOrder(keys), attributes: spec.attributes, limit: window.limit, indexHints });
    // A deep page: the keys of the rows it skips are read from an index alone, and only the
    // page's own rows whole (OFFSET over whole rows read 5,000 users' every column: 20 ms).
    const pk = spec.model.primaryKeyAttribute;
    const ids = modelIdsSql(spec.model, where, {
      order: keys.map((k) => [k.column, k.desc ? "DESC" : "ASC"]),
      limit: window.limit,
      offset: window.offset,
      indexHints,
    });
    const byKeys = { [pk]: { [Op.in]: literal(`(SELECT ${pk} FROM (${ids}) k)`) } } as WhereOptions;
    return spec.model.findAll({ where: byKeys, order: keysetOrder(keys), attributes: spec.attributes });
  };
  const findArrays = (where: WhereOptions, q: ListQuery<F>, window: { offset?: number; limit: number }, arrays: NonNullable<typeof spec.arrays>) => {
    const keys = spec.keys(q.sort);
    // (Sequelize rewrites the order arrays it is given: the outer ORDER BY is written first.)
    const outerOrder = keys.map((k) => `t.${k.column} ${k.desc ? "DESC" : "ASC"}`).join(", ");
    const order = keys.map((k) => [k.column, k.desc ? "DESC" : "ASC"] as [string, "ASC" | "DESC"]);
    const ids = modelIdsSql(spec.model, where, { order, limit: window.limit, offset: window.offset, indexHints: spec.indexHints?.(q.filters) });
    const pk = spec.model.primaryKeyAttribute;
    const table = spec.model.getTableName() as string;
    return arrays.select(
      `SELECT ${arrays.columns.map((c) => `t.${c}`).join(", ")} FROM (${ids}) k JOIN ${table} t ON t.${pk} = k.${pk} ORDER BY ${outerOrder}`,
    );
  };
  const find = async (where: WhereOptions, q: ListQuery<F>, window: { offset?: number; limit: number }) => {
    const lookups = spec.lookups?.() ?? Promise.resolve(undefined as L);
    if (spec.arrays) {
      const [values, looked] = await Promise.all([findArrays(where, q, window, spec.arrays), lookups]);
      return values.map((v) => spec.arrays!.row(v, looked));
    }
    const [models, looked] = await Promise.all([findModels(where, q, window), lookups]);
    if (!spec.rows) throw new Error("a model list source needs rows or arrays");
    return spec.rows(models, looked);
  };
  return {
    async count(q, cap) {
      const where = await spec.where(q.filters);
      return where ? cappedCount(spec.model, where, cap, spec.indexHints?.(q.filters)) : 0;
    },
    async page(q, window) {
      const where = await spec.where(q.filters);
      return where ? find(where, q, window) : [];
    },
    async batch(q, after, limit) {
      const where = await spec.where(q.filters);
      if (!where) return [];
      const keyset = after === null ? where : { [Op.and]: [where, keysetWhere(spec.keys(q.sort), spec.cursor(after, q.sort))] };
      return find(keyset, q, { limit });
    },
    options: spec.options,
  };
}

/**
 * `SELECT <primary key> FROM <model's table> WHERE … [ORDER BY …] LIMIT …` for a derived table:
 * the keys of a page or of a count through the table's indexes alone, written by Sequelize from
 * a WhereOptions (so a list's filters are built once, as model conditions). Soft-deleted rows are
 * left out as `Model.findAll` would.
 */
export function modelIdsSql<M extends Model>(
  model: ModelStatic<M>,
  where: WhereOptions,
  opts: { limit: number; offset?: number; order?: [string, "ASC" | "DESC"][]; indexHints?: IndexHint[] },
): string {
  const options = model.options as { paranoid?: boolean; deletedAt?: string | boolean };
  const deletedAt = typeof options.deletedAt === "string" ? options.deletedAt : "deletedAt";
  const scoped = options.paranoid ? { [Op.and]: [where, { [deletedAt]: { [Op.is]: null } }] } : where;
  const generator = model.sequelize!.getQueryInterface().queryGenerator as {
    selectQuery: (table: unknown, opts: Record<string, unknown>, model: ModelStatic<M>) => string;
  };
  return generator
    .selectQuery(
      model.getTableName(),
      {
        where: scoped,
        attributes: [model.primaryKeyAttribute],
        limit: Math.max(1, Math.floor(opts.limit)),
        offset: opts.offset,
        order: opts.order,
        indexHints: opts.indexHints,
      },
      model,
    )
    .replace(/;\s*$/, "");
}

/**
 * How many rows match, counting no further than `cap`: COUNT over the first `cap` matching keys
 * (a LIMITed subquery), so a list of a million rows costs at most `cap` index entries, never
 * the whole table (docs/adr/0015-list-indexes.md).
 */
export async function cappedCount<M extends Model>(model: ModelStatic<M>, where: WhereOptions, cap: number, indexHints?: IndexHint[]): Promise<number> {
  const inner = modelIdsSql(model, where, { limit: cap, indexHints });
  const [row] = await model.sequelize!.query<{ n: number }>(`SELECT COUNT(*) AS n FROM (${inner}) capped`, { type: QueryTypes.SELECT });
  return Number(row?.n ?? 0);
}
