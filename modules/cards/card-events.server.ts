import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Transaction } from "sequelize";
import { sequelize } from "../../db/sequelize.server";
import { insertRows } from "../../db/insert-rows.server";
import { recordDaily } from "@modules/stats/index.server";
import type { CardAction } from "./lifecycle";

/**
 * The card's history: one row per move of the transition table, written in the transaction of
 * the move itself (user moves, generate, issue on payment, markUnpaid, the sweeper's moves), so
 * a card's history starts where the card does and never misses a step.
 */
export class CardEvent extends Model<InferAttributes<CardEvent>, InferCreationAttributes<CardEvent>> {
  declare id: CreationOptional<number>;
  declare trekkerId: number;
  declare registrationId: number;
  declare action: string;
  declare fromStatus: string;
  declare toStatus: string;
  declare reason: string | null;
  /** Null for system moves (sweeper, payments). */
  declare userId: number | null;
  declare ip: string | null;
  declare createdAt: CreationOptional<Date>;
}

CardEvent.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    trekkerId: { type: DataTypes.INTEGER, allowNull: false },
    registrationId: { type: DataTypes.INTEGER, allowNull: false },
    action: { type: DataTypes.STRING(30), allowNull: false },
    fromStatus: { type: DataTypes.STRING(30), allowNull: false },
    toStatus: { type: DataTypes.STRING(30), allowNull: false },
    reason: DataTypes.TEXT,
    userId: DataTypes.INTEGER,
    ip: DataTypes.STRING(64),
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "card_events", updatedAt: false },
);

export type CardEventInput = Omit<InferCreationAttributes<CardEvent>, "id" | "createdAt"> & { action: CardAction };

/** Logs the moves and counts them in the daily aggregates (ADR 0019), in the move's transaction. */
export async function logCardEvents(events: readonly CardEventInput[], transaction: Transaction): Promise<void> {
  if (!events.length) return;
  const at = new Date();
  await insertRows(
    CardEvent,
    events.map((e) => ({ ...e, createdAt: at })),
    { transaction },
  );
  await recordDaily({ kind: "cardEvents", at, events }, transaction);
}

export interface CardEventView {
  id: number;
  action: CardAction | string;
  fromStatus: string;
  toStatus: string;
  reason: string | null;
  userId: number | null;
  ip: string | null;
  createdAt: Date;
}

/** A card's history, oldest first. */
export async function cardEvents(trekkerId: number): Promise<CardEventView[]> {
  const rows = await CardEvent.findAll({ where: { trekkerId }, order: [["id", "ASC"]] });
  return rows.map((e) => ({
    id: e.id,
    action: e.action,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    reason: e.reason ?? null,
    userId: e.userId ?? null,
    ip: e.ip ?? null,
    createdAt: e.createdAt,
  }));
}
