import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { contentDisposition } from "./content-disposition";
import { Readable } from "node:stream";
import { config } from "@lib/config.server";
import { CONTENT_TYPES, type FileKind } from "@lib/files/sniff";
import { notFound } from "@lib/param-id";

/**
 * Uploaded and generated files live under FILES_DIR with random names; the database keeps the
 * key. Keys are "<area>/<yyyy-mm>/<random>.<ext>"; nothing a user typed reaches the path.
 */
const KEY_PATTERN = /^[a-z-]+\/\d{4}-\d{2}\/[a-f0-9]{32}\.(jpg|png|pdf)$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

function absolute(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
  return path.join(config.filesDir, key);
}

export async function storeFile(area: string, bytes: Uint8Array, kind: FileKind): Promise<string> {
  if (!/^[a-z-]+$/.test(area)) throw new Error(`Invalid storage area: ${area}`);
  const month = new Date().toISOString().slice(0, 7);
  const key = `${area}/${month}/${crypto.randomBytes(16).toString("hex")}.${kind}`;
  const file = absolute(key);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  await fsp.writeFile(tmp, bytes);
  await fsp.rename(tmp, file);
  return key;
}

/**
 * The key for generated content named by a digest of what it is made from (a hex string; the
 * first 32 characters are used): the same input gives the same key within a month. Work that dies
 * after storing such a file but before recording its key finds the file again when it is retried,
 * instead of making it twice and leaving the first copy behind.
 */
export function contentKey(area: string, digest: string, kind: FileKind): string {
  const name = digest.toLowerCase().slice(0, 32);
  if (!/^[a-z-]+$/.test(area) || !/^[a-f0-9]{32}$/.test(name)) throw new Error(`Invalid content key: ${area}/${digest}`);
  return `${area}/${new Date().toISOString().slice(0, 7)}/${name}.${kind}`;
}

/** Stores bytes under a key from `contentKey`: written whole or not at all (temporary file, then rename). */
export async function storeFileAt(key: string, bytes: Uint8Array): Promise<void> {
  const file = absolute(key);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  await fsp.writeFile(tmp, bytes);
  await fsp.rename(tmp, file);
}

export async function deleteStoredFile(key: string): Promise<void> {
  await fsp.rm(absolute(key), { force: true });
}

export async function storedFileExists(key: string): Promise<boolean> {
  return fsp.access(absolute(key)).then(
    () => true,
    () => false,
  );
}

/**
 * Streams a stored file. Call only after the caller's own authorisation check: this function
 * knows nothing about who may see what.
 */
export async function storedFileResponse(
  key: string,
  opts: { downloadName?: string; inline?: boolean; cacheSeconds?: number; private?: boolean } = {},
): Promise<Response> {
  const file = absolute(key);
  const stat = await fsp.stat(file).catch(() => null);
  if (!stat) throw notFound();
  const kind = path.extname(key).slice(1) as FileKind;
  const headers = new Headers({
    "Content-Type": CONTENT_TYPES[kind],
    "Content-Length": String(stat.size),
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": contentDisposition(opts.inline === false ? "attachment" : "inline", opts.downloadName ?? path.basename(key), path.basename(key)),
    "Cache-Control": opts.private === false ? `public, max-age=${opts.cacheSeconds ?? 3600}` : "private, no-store",
    // A stored PDF or image never runs script in our origin.
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  });
  const stream = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(stream, { headers });
}
