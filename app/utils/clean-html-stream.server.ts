import { Transform, type TransformCallback } from "node:stream";

/**
 * The bytes no server HTML may hold (issue 26, item 9): C0 control characters but tab, line feed
 * and carriage return, and DEL. Each is a single byte in UTF-8 that never occurs inside a
 * multi-byte sequence, so dropping them byte by byte cannot break a character, whatever the chunks.
 */
const isControl = (b: number) => (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f;

/**
 * The stream React's server renderer pipes a page into. React 18.3's renderToPipeableStream
 * writes its whole 2 KB buffer when a multi-byte character (›, é, नेपाल) does not fit in the bytes
 * left: the one or two unfilled bytes go out as NULs (react-dom-server.node writeStringChunk). A
 * text with a control character that reached the page from stored data is cleaned the same way.
 */
export class CleanHtmlStream extends Transform {
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    // A plain loop: a callback per byte (Buffer#some) was a visible share of a page's CPU.
    let clean = true;
    for (let i = 0; i < chunk.length; i++) {
      if (isControl(chunk[i])) {
        clean = false;
        break;
      }
    }
    if (clean) {
      done(null, chunk);
      return;
    }
    done(null, Buffer.from(chunk.filter((b) => !isControl(b))));
  }
}
