/**
 * A value loaded once and kept for `ttlMs`, for data that every list page reads and that changes
 * rarely (the filter forms' routes and agencies). `clear()` drops it at once; the owning module
 * calls it when it writes (db/invalidate.server.ts), so this process never shows a stale value
 * after its own change; other processes see the change within `ttlMs`. A load that was under way
 * when `clear()` came is returned to its callers but not kept.
 */
export interface Memo<T> {
  get(): Promise<T>;
  clear(): void;
}

export function memo<T>(load: () => Promise<T>, ttlMs: number, now: () => number = Date.now): Memo<T> {
  let value: Promise<T> | null = null;
  let expires = 0;
  let generation = 0;
  return {
    get() {
      if (value && now() < expires) return value;
      const mine = ++generation;
      const loading = load();
      value = loading;
      expires = now() + ttlMs;
      loading.catch(() => {
        if (generation === mine) value = null;
      });
      return loading;
    },
    clear() {
      generation++;
      value = null;
    },
  };
}
