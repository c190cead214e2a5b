// A small per-process memo for answers that are costly to compute and may lag the data a little:
// the totals of drama searches (counting every match of a broad filter reads thousands of rows,
// while the page itself is an index walk that stops after `size` rows) and the filter options.
// Several instances each keep their own: nothing here must be shared or exact, only fresh within
// `ttlMs`. Concurrent callers of a missing key share one computation (no stampede). Every memo
// here derives from the catalogue, so each forgets everything when this process announces a change
// (services/catalogue-events.ts), as the public answer cache does: a fresh answer is not rebuilt
// from a stale memo.
import { onCatalogueChange } from '../catalogue/catalogue-events.ts';

interface Entry<T> {
  value: Promise<T>;
  /** the value once computed */
  settled?: { value: T };
  expires: number;
}

export class ResultCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;

  constructor(options: { ttlMs: number; maxEntries: number }) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    onCatalogueChange(() => this.clear());
  }

  /** The fresh cached value of `key`, else `compute()`'s (a failure is not kept). */
  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (hit) this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) {
      // Map keeps insertion order: the first key is the oldest
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    const value = compute();
    const entry: Entry<T> = { value, expires: now + this.#ttlMs };
    this.#entries.set(key, entry);
    value.then(
      (settled) => {
        entry.settled = { value: settled };
      },
      () => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      },
    );
    return value;
  }

  /** The fresh value of `key` if it is already computed, without waiting or computing. */
  peek(key: string): T | undefined {
    const hit = this.#entries.get(key);
    return hit && hit.expires > Date.now() ? hit.settled?.value : undefined;
  }

  clear(): void {
    this.#entries.clear();
  }
}
