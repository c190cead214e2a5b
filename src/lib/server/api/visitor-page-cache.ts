// Visitors' answers kept in this process for a few seconds, under a version that every committed
// write to what they show bumps (the comments' pages, docs/decisions/035 amended in issue 20; the
// For You timeline, decision 037). A kept page costs a map look-up instead of a few queries; the
// caller puts the version in the key, so this instance's next read after a write is fresh, and
// another instance's kept page is at most `ttlMs` old. Signed-in callers' answers are never kept.
import { LRUCache } from 'lru-cache';

export interface VisitorPageCache {
  /**
   * The JSON kept under `key` (which carries the version), or computed by `compute` and kept.
   * Concurrent misses of one key share one computation; `fresh` (a request's `Cache-Control:
   * no-cache`) computes it again.
   */
  page(key: string, fresh: boolean, compute: () => Promise<string>): Promise<string>;
  /** Forgets every kept page (tests). */
  clear(): void;
}

export function visitorPageCache(options: { ttlMs: number; maxBytes: number; maxEntryBytes: number }): VisitorPageCache {
  const pages = new LRUCache<string, Promise<string>>({
    maxSize: options.maxBytes,
    maxEntrySize: options.maxEntryBytes,
    // a pending page weighs its key until its body is known (set again then, with its body)
    sizeCalculation: (_value, key) => key.length + 64,
    ttl: options.ttlMs,
  });
  return {
    async page(key, fresh, compute) {
      const kept = fresh ? undefined : pages.get(key);
      if (kept) return kept;
      const computing = compute();
      pages.set(key, computing);
      try {
        const body = await computing;
        // weighed at two bytes a UTF-16 unit (what a string of non-Latin-1 text takes), so maxBytes bounds the memory
        if (pages.peek(key) === computing) pages.set(key, computing, { size: key.length + 64 + body.length * 2, noUpdateTTL: true });
        return body;
      } catch (error) {
        if (pages.peek(key) === computing) pages.delete(key);
        throw error;
      }
    },
    clear: () => pages.clear(),
  };
}
