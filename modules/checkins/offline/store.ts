/**
 * The scans a checkpost made offline, kept in IndexedDB until the server has answered for them
 * (docs/adr/0022-offline-checkpost.md). A few lines over the raw API rather than a library.
 */
export interface PendingScan {
  clientId: string;
  qr: string;
  method: "qr" | "photo";
  scannedAt: string;
  /** What the page showed offline, for the list of waiting scans. */
  fullName: string;
  /** The signed-in checkpost who scanned: only that account sends it (at its own checkpoint). */
  scannerId: number;
}

const DB_NAME = "tims-scan";
const STORE = "pending";

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  return (opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "clientId" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  }));
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await open();
  return new Promise<T | undefined>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request ? request.result : undefined);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export const addPending = (scan: PendingScan) => run("readwrite", (s) => void s.put(scan));

export const pendingScans = async () =>
  ((await run<PendingScan[]>("readonly", (s) => s.getAll() as IDBRequest<PendingScan[]>)) ?? []).sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));

export const removePending = (clientIds: readonly string[]) =>
  run("readwrite", (s) => {
    for (const id of clientIds) s.delete(id);
  });
