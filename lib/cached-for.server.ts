/**
 * A read kept for a while in this process, and forgotten at once by `forget()`: for filter
 * choices that every list page reads beside its count and rows (the board's 500 agencies were
 * the slowest statement of a billing page, ADR 0033). The owning module forgets it whenever its
 * table is written through the model in this process, so this instance shows a change at once;
 * another instance of a deployment (or a process writing the database directly) within the
 * period. A period of 0 reads every time. A failed read is not kept.
 */
export interface CachedRead<T> {
  (): Promise<T>;
  forget(): void;
}

export function cachedFor<T>(periodMs: () => number, read: () => Promise<T>, now: () => number = Date.now): CachedRead<T> {
  let entry: { at: number; value: Promise<T> } | null = null;
  const get = (() => {
    const at = now();
    if (!entry || at - entry.at >= periodMs()) {
      const value = read();
      entry = { at, value };
      value.catch(() => {
        if (entry?.value === value) entry = null;
      });
    }
    return entry.value;
  }) as CachedRead<T>;
  get.forget = () => {
    entry = null;
  };
  return get;
}
