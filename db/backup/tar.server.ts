/**
 * The archive's container: POSIX ustar, gzip-compressed by the caller, so any `tar xzf` reads a
 * backup. Written here (about a hundred lines) rather than taken from a package: no tar package
 * is among the project's declared dependencies. Regular files only; names up to 255 bytes (the
 * ustar prefix and name fields); sizes above 8 GiB in the base-256 form GNU tar and bsdtar read.
 */
import crypto from "node:crypto";

const BLOCK = 512;
export const END_OF_ARCHIVE = Buffer.alloc(BLOCK * 2);

export class TarError extends Error {}

function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: "", name };
  // ustar: the prefix and the name are joined by a "/"; find a slash that leaves both in their fields.
  for (let i = name.lastIndexOf("/"); i > 0; i = name.lastIndexOf("/", i - 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { prefix, name: rest };
  }
  throw new TarError(`The path ${name} is too long for the archive (255 bytes at most).`);
}

function octal(header: Buffer, offset: number, length: number, value: number) {
  header.write(value.toString(8).padStart(length - 1, "0") + "\0", offset, length, "ascii");
}

/** The 512-byte header of a regular file. */
export function fileHeader(path: string, size: number, mtime = new Date()): Buffer {
  const header = Buffer.alloc(BLOCK);
  const split = splitName(path);
  header.write(split.name, 0, 100, "utf8");
  octal(header, 100, 8, 0o644);
  octal(header, 108, 8, 0);
  octal(header, 116, 8, 0);
  if (size < 8 ** 11) octal(header, 124, 12, size);
  else {
    // Base-256: the high bit of the first byte set, the value big-endian in the rest.
    header[124] = 0x80;
    header.writeBigUInt64BE(BigInt(size), 128);
  }
  octal(header, 136, 12, Math.floor(mtime.getTime() / 1000));
  header.write("0", 156, 1, "ascii");
  header.write("ustar\0" + "00", 257, 8, "ascii");
  header.write(split.prefix, 345, 155, "utf8");
  header.fill(" ", 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(sum.toString(8).padStart(6, "0") + "\0 ", 148, 8, "ascii");
  return header;
}

/** Zero bytes that fill a member of `size` bytes to the next block. */
export const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

function readOctal(header: Buffer, offset: number, length: number): number {
  if (header[offset] & 0x80) return Number(header.readBigUInt64BE(offset + length - 8));
  const text = header
    .toString("ascii", offset, offset + length)
    .replace(/[\0 ]+$/, "")
    .trim();
  return text ? parseInt(text, 8) : 0;
}

const text = (header: Buffer, offset: number, length: number) => {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.toString("utf8", 0, end < 0 ? length : end);
};

/** Reads exact byte counts from a stream of chunks of any size. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(n: number): Promise<boolean> {
    while (this.length < n) {
      const next = await this.source.next();
      if (next.done) return false;
      this.buffered.push(next.value);
      this.length += next.value.length;
    }
    return true;
  }

  /** At most `n` bytes (fewer only at the end of the stream), as they arrive. */
  async take(n: number): Promise<Buffer> {
    if (!this.length && !(await this.fill(1))) return Buffer.alloc(0);
    const all = this.buffered.length === 1 ? this.buffered[0] : Buffer.concat(this.buffered);
    const out = all.subarray(0, Math.min(n, all.length));
    const rest = all.subarray(out.length);
    this.buffered = rest.length ? [rest] : [];
    this.length = rest.length;
    return out;
  }

  async exactly(n: number, what: string): Promise<Buffer> {
    if (!(await this.fill(n))) throw new TarError(`The archive ends inside ${what}: it is truncated.`);
    const all = Buffer.concat(this.buffered);
    this.buffered = all.length > n ? [all.subarray(n)] : [];
    this.length = all.length - n;
    return all.subarray(0, n);
  }
}

export interface TarMember {
  path: string;
  size: number;
  /** The member's bytes; read them before asking for the next member (what is left unread is skipped). */
  body: AsyncIterable<Buffer>;
}

/** The members of a (decompressed) tar stream, in order. Refuses anything but regular files. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarMember> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  let last = "the first member's header";
  for (;;) {
    const header = await reader.exactly(BLOCK, `the header after ${last}`);
    if (header.every((b) => b === 0)) return;
    const stored = readOctal(header, 148, 8);
    const copy = Buffer.from(header);
    copy.fill(" ", 148, 156);
    let sum = 0;
    for (const byte of copy) sum += byte;
    if (sum !== stored) throw new TarError(`The header after ${last} is damaged (its checksum does not match).`);
    const prefix = text(header, 345, 155);
    const path = (prefix ? `${prefix}/` : "") + text(header, 0, 100);
    const type = String.fromCharCode(header[156] || 0x30);
    if (type !== "0") throw new TarError(`The member ${path} is not a regular file (type "${type}"): not a TIMS backup.`);
    const size = readOctal(header, 124, 12);
    let left = size;
    async function* body() {
      while (left > 0) {
        const chunk = await reader.take(left);
        if (!chunk.length) throw new TarError(`The archive ends inside the member ${path}: it is truncated.`);
        left -= chunk.length;
        yield chunk;
      }
    }
    yield { path, size, body: body() };
    for await (const chunk of body()) void chunk;
    await reader.exactly(padding(size).length, `the member ${path}`);
    last = `the member ${path}`;
  }
}

/** SHA-256 of a member as it is read; `digest()` once the body is consumed. */
export function hashing(body: AsyncIterable<Buffer>) {
  const hash = crypto.createHash("sha256");
  let size = 0;
  return {
    async *chunks() {
      for await (const chunk of body) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    digest: () => ({ sha256: hash.digest("hex"), size }),
  };
}
