// Visitors' pages of the For You timeline, kept in this process for a few seconds (docs/decisions/037,
// "API (issue 21)"; the comments' model, api/comments/comment-page-cache.ts). Every visitor reads
// the same first page; kept, it costs a map look-up instead of three queries. Each page is kept
// under the feed's version (services/social/feed-version.ts), which every committed post write
// bumps in this process: the next read here is fresh. Another instance's kept page is at most
// VISITOR_FEED_TTL_MS old. Signed-in readers' pages (blocks, their likes) are never kept.
import { LRUCache } from 'lru-cache';
import { feedVersion } from '../../services/social/feed-version.ts';

export const VISITOR_FEED_TTL_MS = 5_000;
/** bytes of kept pages at most (a page of 50 posts of 500 characters with their quotes is under 200 kB) */
const MAX_BYTES = 8 * 1024 * 1024;

const pages = new LRUCache<string, Promise<string>>({
  maxSize: MAX_BYTES,
  maxEntrySize: 1024 * 1024,
  sizeCalculation: (_value, key) => key.length + 64,
  ttl: VISITOR_FEED_TTL_MS,
});

/**
 * The JSON of a visitor's For You page (`query`: its cursor and limit): kept (this feed version, at
 * most VISITOR_FEED_TTL_MS old), or computed by `compute` and kept. Concurrent misses share one
 * computation; `fresh` (a request's `Cache-Control: no-cache`) computes it again.
 */
export async function visitorFeedPage(query: string, fresh: boolean, compute: () => Promise<string>): Promise<string> {
  const key = `${feedVersion()}|${query}`;
  const kept = fresh ? undefined : pages.get(key);
  if (kept) return kept;
  const computing = compute();
  pages.set(key, computing);
  try {
    const body = await computing;
    if (pages.peek(key) === computing) pages.set(key, computing, { size: key.length + 64 + body.length * 2, noUpdateTTL: true });
    return body;
  } catch (error) {
    if (pages.peek(key) === computing) pages.delete(key);
    throw error;
  }
}

/** Forgets every kept page (tests). */
export function forgetVisitorFeedPages(): void {
  pages.clear();
}
