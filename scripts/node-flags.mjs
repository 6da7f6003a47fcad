// The V8 flags every web server process starts with (npm start, npm run serve, the e2e and
// cluster servers; bench/lists.ts runs under them too, to measure what the server does).
//
// (package.json's "serve" script repeats them: npm scripts cannot import this file.)
//
// --min-semi-space-size=32 --max-semi-space-size=64: a young generation large enough, from the
// start, that an export's batches (2,500 rows, one read ahead) die young instead of being
// promoted. With V8's default (semi-spaces growing up to 16 MB) every batch outlived a scavenge,
// V8 kept growing the old space to hold them, and the RSS of a 1M-row export grew 1.3-1.5x after
// its first 100,000 rows; with these it stays flat (1.00x) and the export spends less time in GC.
// Only the maximum (64) let the young generation grow during the first 250,000 rows (1.26x on
// one run); a minimum of 64 grew the old space again (1.3x). See docs/adr/0032-export-memory.md.
// Given on the command line: V8 sizes its heap at start-up (v8.setFlagsFromString later has no
// effect) and Node refuses --min-semi-space-size in NODE_OPTIONS.
export const SERVER_NODE_FLAGS = ["--min-semi-space-size=32", "--max-semi-space-size=64"];

/** Whether this process was started with them (on the command line or in NODE_OPTIONS). */
export function hasServerNodeFlags() {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
  return SERVER_NODE_FLAGS.every((flag) => given.includes(flag));
}
