import { Op, QueryTypes, col, fn, type Transaction, type WhereOptions } from "sequelize";
import { sequelize, writeTransaction } from "../../db/sequelize.server";
import { insertRows } from "../../db/insert-rows.server";
import { selectArrays } from "../../db/select-arrays.server";
import type { CheckedUpload } from "@lib/files/upload-rules";
import { deleteStoredFile, storeFile } from "@lib/files/storage.server";
import { RouteCheckpoint, RouteImage, TrekRoute, type RouteImageKind, type RouteStatus } from "./models/trek-route.server";
import { sanitizeDescription } from "./sanitize.server";
import { DomainError } from "@lib/errors";
import { PROVINCES } from "@modules/lookups";
import { cachedFor } from "@lib/cached-for.server";
import { config } from "@lib/config.server";

export type { RouteImageKind, RouteStatus };

/** What forms elsewhere (add checkpost user, registration) offer as route and checkpost choices. */
export interface RouteChoice {
  id: number;
  name: string;
  checkpoints: { id: number; name: string }[];
}

export interface RouteRow {
  id: number;
  name: string;
  provinceId: number;
  /** The province's name, looked up here so the list page needs no lookup tables in the browser. */
  province: string;
  startPoint: string;
  endPoint: string;
  status: RouteStatus;
}

export interface RouteImageView {
  id: number;
  kind: RouteImageKind;
  fileName: string;
}

export interface RouteDetail extends RouteRow {
  description: string;
  checkpoints: { id: number; name: string }[];
  gallery: RouteImageView[];
  map: RouteImageView[];
}

export interface RouteInput {
  name: string;
  provinceId: number;
  startPoint: string;
  endPoint: string;
  description: string;
  /** Checkpoint names in route order. On update, an entry with an id keeps that checkpoint. */
  checkpoints: { id?: number; name: string }[];
}

export interface NewRouteImage {
  kind: RouteImageKind;
  file: CheckedUpload;
}

/** Registrations use the route, so it can only be disabled: a 409 DomainError. */
export class RouteInUseError extends DomainError {
  constructor() {
    super("This route cannot be deleted because registrations use it. Disable it instead.", { status: 409 });
  }
}

const IMAGE_AREA = "route-images";

export function toRow(r: TrekRoute): RouteRow {
  const provinceId = Number(r.provinceId);
  return {
    id: r.id,
    name: r.name,
    provinceId,
    province: PROVINCES.find((p) => p.id === provinceId)?.name ?? "",
    startPoint: r.startPoint,
    endPoint: r.endPoint,
    status: r.status,
  };
}

/**
 * Every route's id and name (disabled ones too), by name: the list filters' choices, read on
 * nearly every list page alongside its count and rows, so one light statement (no checkpoints,
 * no model instances), kept per process as the agency choices are (ADR 0033): a list page then
 * runs its count, its rows and one more (issue 30). A route written through the model in this
 * process is forgotten at once (the hooks below); the browser tests keep nothing
 * (FILTER_CHOICES_SECONDS=0). The result is shared: callers map it, never change it.
 */
export const listRouteNames = cachedFor(
  () => config.filterChoicesSeconds * 1000,
  async (): Promise<{ id: number; name: string }[]> => {
    const rows = await sequelize.query<{ id: number; name: string }>("SELECT id, name FROM trek_routes ORDER BY name, id", { type: QueryTypes.SELECT });
    return rows.map((r) => ({ id: Number(r.id), name: r.name }));
  },
);
// A route created, renamed, disabled or deleted through the model in this process shows in the
// choices at once: forgotten on the write, and again when its transaction commits (a page read
// between the two would otherwise keep the list from before it).
function forgetRouteNames(...args: unknown[]): void {
  listRouteNames.forget();
  (args[args.length - 1] as { transaction?: Transaction | null } | undefined)?.transaction?.afterCommit(() => listRouteNames.forget());
}
for (const hook of [
  "afterSave",
  "afterDestroy",
  "afterRestore",
  "afterBulkCreate",
  "afterBulkUpdate",
  "afterBulkDestroy",
  "afterBulkRestore",
  "afterUpsert",
] as const) {
  TrekRoute.addHook(hook, "forgetRouteNames", forgetRouteNames);
}

/**
 * Routes with their checkpoints in order, by name: one statement (a LEFT JOIN read as arrays),
 * since the Users list reads it beside its page on every request.
 */
export async function listRouteChoices(opts: { activeOnly?: boolean } = {}): Promise<RouteChoice[]> {
  const rows = await selectArrays(
    `SELECT r.id AS routeId, r.name AS routeName, c.id AS checkpointId, c.name AS checkpointName FROM trek_routes r LEFT JOIN trek_route_checkpoints c ON c.routeId = r.id${opts.activeOnly ? " WHERE r.status = 'Active'" : ""} ORDER BY r.name, r.id, c.position, c.id`,
  );
  const routes: RouteChoice[] = [];
  for (const [routeId, routeName, checkpointId, checkpointName] of rows) {
    const id = Number(routeId);
    if (routes[routes.length - 1]?.id !== id) routes.push({ id, name: String(routeName), checkpoints: [] });
    if (checkpointId !== null && checkpointId !== undefined)
      routes[routes.length - 1].checkpoints.push({ id: Number(checkpointId), name: String(checkpointName) });
  }
  return routes;
}

export async function findCheckpoint(routeId: number, checkpointId: number): Promise<{ id: number; name: string } | null> {
  if (!Number.isSafeInteger(routeId) || !Number.isSafeInteger(checkpointId)) return null;
  const c = await RouteCheckpoint.findOne({ where: { id: checkpointId, routeId } });
  return c ? { id: c.id, name: c.name } : null;
}

/** A route's name and status, for modules that show or check a chosen route. */
export async function findRouteSummary(id: number): Promise<{ id: number; name: string; status: RouteStatus } | null> {
  if (!Number.isSafeInteger(id)) return null;
  const r = await TrekRoute.findByPk(id, { attributes: ["id", "name", "status"] });
  return r ? { id: r.id, name: r.name, status: r.status } : null;
}

export function nameFilter(name?: string): WhereOptions<TrekRoute> {
  const term = name?.trim().toLowerCase();
  if (!term) return {};
  // INSTR, not LIKE: a "%" or "_" typed in the search box is literal on both SQLite and MySQL,
  // which disagree on LIKE's escape character.
  return sequelize.where(fn("instr", fn("lower", col("name")), term), Op.gt, 0) as WhereOptions<TrekRoute>;
}

/** One page of the list, without counting: what a streamed export reads. */
export async function findRouteRows(opts: { name?: string; offset: number; limit: number }): Promise<RouteRow[]> {
  const rows = await TrekRoute.findAll({
    where: nameFilter(opts.name),
    attributes: ["id", "name", "provinceId", "startPoint", "endPoint", "status"],
    order: [
      ["name", "ASC"],
      ["id", "ASC"],
    ],
    offset: opts.offset,
    limit: opts.limit,
  });
  return rows.map(toRow);
}

export async function listRoutes(opts: { name?: string; offset: number; limit: number }): Promise<{ rows: RouteRow[]; total: number }> {
  const [rows, total] = await Promise.all([findRouteRows(opts), TrekRoute.count({ where: nameFilter(opts.name) })]);
  return { rows, total };
}

export async function getRoute(id: number): Promise<RouteDetail | null> {
  if (!Number.isSafeInteger(id)) return null;
  const route = await TrekRoute.findByPk(id);
  if (!route) return null;
  const [checkpoints, images] = await Promise.all([
    RouteCheckpoint.findAll({
      where: { routeId: id },
      order: [
        ["position", "ASC"],
        ["id", "ASC"],
      ],
    }),
    RouteImage.findAll({ where: { routeId: id }, order: [["id", "ASC"]] }),
  ]);
  const view = (i: RouteImage): RouteImageView => ({ id: i.id, kind: i.kind, fileName: i.fileName });
  return {
    ...toRow(route),
    description: route.description,
    checkpoints: checkpoints.map((c) => ({ id: c.id, name: c.name })),
    gallery: images.filter((i) => i.kind === "gallery").map(view),
    map: images.filter((i) => i.kind === "map").map(view),
  };
}

/** The stored file behind an image of a route; null when the pair does not match. */
export async function findRouteImage(routeId: number, imageId: number): Promise<{ fileKey: string; fileName: string } | null> {
  if (!Number.isSafeInteger(routeId) || !Number.isSafeInteger(imageId)) return null;
  const image = await RouteImage.findOne({ where: { id: imageId, routeId } });
  return image ? { fileKey: image.fileKey, fileName: image.fileName } : null;
}

/**
 * Files are written before the transaction commits; if anything fails they are removed again,
 * so a failed save leaves neither rows nor orphan files.
 */
async function storeImages(images: NewRouteImage[]): Promise<{ kind: RouteImageKind; fileKey: string; fileName: string }[]> {
  const stored: { kind: RouteImageKind; fileKey: string; fileName: string }[] = [];
  try {
    for (const image of images) {
      stored.push({ kind: image.kind, fileKey: await storeFile(IMAGE_AREA, image.file.bytes, image.file.kind), fileName: image.file.name });
    }
    return stored;
  } catch (error) {
    await Promise.all(stored.map((s) => deleteStoredFile(s.fileKey).catch(() => {})));
    throw error;
  }
}

function cleanInput(input: RouteInput) {
  return {
    name: input.name.trim(),
    provinceId: input.provinceId,
    startPoint: input.startPoint.trim(),
    endPoint: input.endPoint.trim(),
    description: sanitizeDescription(input.description),
  };
}

export async function createRoute(input: RouteInput, images: NewRouteImage[] = []): Promise<number> {
  const stored = await storeImages(images);
  try {
    return await writeTransaction(async (transaction) => {
      const route = await TrekRoute.create({ ...cleanInput(input), status: "Active" }, { transaction });
      await insertRows(
        RouteCheckpoint,
        input.checkpoints.map((c, position) => ({ routeId: route.id, name: c.name.trim(), position })),
        { transaction },
      );
      await insertRows(
        RouteImage,
        stored.map((s) => ({ ...s, routeId: route.id })),
        { transaction },
      );
      return route.id;
    });
  } catch (error) {
    await Promise.all(stored.map((s) => deleteStoredFile(s.fileKey).catch(() => {})));
    throw error;
  }
}

/**
 * Saves the form: fields, the checkpoint list in its new order (kept ids keep their row, so
 * checkpost users stationed there stay linked), removed images and new ones. Returns false when
 * the route does not exist.
 */
export async function updateRoute(id: number, input: RouteInput, changes: { removeImageIds?: number[]; newImages?: NewRouteImage[] } = {}): Promise<boolean> {
  const route = await TrekRoute.findByPk(id);
  if (!route) return false;
  const stored = await storeImages(changes.newImages ?? []);
  let removedKeys: string[] = [];
  try {
    await writeTransaction(async (transaction) => {
      await route.update(cleanInput(input), { transaction });
      const existing = await RouteCheckpoint.findAll({ where: { routeId: id }, transaction });
      const existingIds = new Set(existing.map((c) => c.id));
      const kept = new Set<number>();
      for (const [position, c] of input.checkpoints.entries()) {
        if (c.id && existingIds.has(c.id) && !kept.has(c.id)) {
          kept.add(c.id);
          await RouteCheckpoint.update({ name: c.name.trim(), position }, { where: { id: c.id, routeId: id }, transaction });
        } else {
          await RouteCheckpoint.create({ routeId: id, name: c.name.trim(), position }, { transaction });
        }
      }
      const dropped = existing.filter((c) => !kept.has(c.id)).map((c) => c.id);
      if (dropped.length) await RouteCheckpoint.destroy({ where: { id: dropped }, transaction });

      const removeIds = changes.removeImageIds ?? [];
      if (removeIds.length) {
        const doomed = await RouteImage.findAll({ where: { routeId: id, id: removeIds }, transaction });
        removedKeys = doomed.map((i) => i.fileKey);
        await RouteImage.destroy({ where: { routeId: id, id: doomed.map((i) => i.id) }, transaction });
      }
      await insertRows(
        RouteImage,
        stored.map((s) => ({ ...s, routeId: id })),
        { transaction },
      );
    });
  } catch (error) {
    await Promise.all(stored.map((s) => deleteStoredFile(s.fileKey).catch(() => {})));
    throw error;
  }
  // Files go only after the rows are gone for good; a leftover file is harmless, a missing one is not.
  await Promise.all(removedKeys.map((k) => deleteStoredFile(k).catch(() => {})));
  return true;
}

export async function setRouteStatus(id: number, status: RouteStatus): Promise<boolean> {
  const [count] = await TrekRoute.update({ status }, { where: { id } });
  return count > 0;
}

/**
 * Deletes a route with its checkpoints and images; refuses while `inUse` says something still
 * refers to it. The caller passes the composition root's question (app/composition.server.ts routeInUse), so
 * this module need not know who uses its routes and no module cycle arises.
 */
export async function deleteRoute(id: number, inUse: (routeId: number) => Promise<boolean>): Promise<boolean> {
  const route = await TrekRoute.findByPk(id);
  if (!route) return false;
  if (await inUse(id)) throw new RouteInUseError();
  const images = await RouteImage.findAll({ where: { routeId: id } });
  await writeTransaction(async (transaction) => {
    await RouteImage.destroy({ where: { routeId: id }, transaction });
    await RouteCheckpoint.destroy({ where: { routeId: id }, transaction });
    await route.destroy({ transaction });
  });
  await Promise.all(images.map((i) => deleteStoredFile(i.fileKey).catch(() => {})));
  return true;
}

/** Names are unique regardless of case, so the route and checkpost choices stay unambiguous. */
export async function routeNameTaken(name: string, exceptId: number | null = null): Promise<boolean> {
  const where: WhereOptions<TrekRoute>[] = [sequelize.where(fn("lower", col("name")), name.trim().toLowerCase())];
  if (exceptId) where.push({ id: { [Op.ne]: exceptId } });
  return (await TrekRoute.count({ where: { [Op.and]: where } })) > 0;
}

export async function countRoutes(): Promise<number> {
  return TrekRoute.count();
}

/** A route's checkpoints in trail order (the last is the route's end for check-ins). */
export async function routeCheckpoints(routeId: number): Promise<{ id: number; name: string }[]> {
  if (!Number.isSafeInteger(routeId)) return [];
  const rows = await RouteCheckpoint.findAll({
    where: { routeId },
    attributes: ["id", "name"],
    order: [
      ["position", "ASC"],
      ["id", "ASC"],
    ],
  });
  return rows.map((c) => ({ id: c.id, name: c.name }));
}
