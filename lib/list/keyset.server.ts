import { Op, type Order, type WhereOptions } from "sequelize";

/**
 * Keyset paging for sources built on Sequelize models: the list's order as columns, the last of
 * them unique (the id), and "the rows after this one" as a WHERE that an index on those columns
 * answers without reading the rows before it.
 */
export interface KeyPart {
  column: string;
  desc: boolean;
}

export function keysetOrder(keys: readonly KeyPart[]): Order {
  return keys.map((k) => [k.column, k.desc ? "DESC" : "ASC"]);
}

/** Rows strictly after the row whose key values are `values`, in the order of `keys`. */
export function keysetWhere(keys: readonly KeyPart[], values: readonly unknown[]): WhereOptions {
  if (keys.length !== values.length || !keys.length) throw new Error("keysetWhere needs one value per key");
  const branches = keys.map((key, i) => ({
    [Op.and]: [...keys.slice(0, i).map((k, j) => ({ [k.column]: values[j] })), { [key.column]: { [key.desc ? Op.lt : Op.gt]: values[i] } }],
  }));
  return branches.length === 1 ? branches[0] : { [Op.or]: branches };
}
