/**
 * ExportButton's download (lib/ui/list.tsx), in its own file so the list pages load it only when
 * an export starts: fetches the CSV, reports the rows that have arrived (at most every 500), and
 * saves the bytes under `name`.
 */
export async function downloadCsv(href: string, name: string, signal: AbortSignal, onRows: (rows: number) => void): Promise<void> {
  const response = await fetch(href, { signal, credentials: "same-origin" });
  if (!response.ok || !response.body) throw new Error(`Export failed: ${response.status}`);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let lines = 0;
  let shown = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    for (const byte of value) if (byte === 10) lines++;
    // The header is the first line.
    if (lines - shown >= 500) {
      shown = lines;
      onRows(Math.max(0, lines - 1));
    }
  }
  save(new Blob(chunks as BlobPart[], { type: "text/csv;charset=utf-8" }), name);
}

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
