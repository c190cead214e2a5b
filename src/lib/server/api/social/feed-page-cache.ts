// Visitors' pages of the For You timeline, kept in this process for a few seconds (docs/decisions/037,
// "API (issue 21)"; the comments' model, api/comments/comment-page-cache.ts, and the same keeping:
// api/visitor-page-cache.ts). Every visitor reads the same first page; kept, it costs a map look-up
// instead of three queries. Each page is kept under the feed's version
// (services/social/feed-version.ts), which every committed post write bumps in this process: the
// next read here is fresh. Another instance's kept page is at most VISITOR_FEED_TTL_MS old.
// Signed-in readers' pages (blocks, their likes) are never kept.
import { feedVersion } from '../../services/social/feed-version.ts';
import { visitorPageCache } from '../visitor-page-cache.ts';

export const VISITOR_FEED_TTL_MS = 5_000;

/** bytes of kept pages at most 8 MiB (a page of 50 posts of 500 characters with their quotes is under 200 kB) */
const pages = visitorPageCache({ ttlMs: VISITOR_FEED_TTL_MS, maxBytes: 8 * 1024 * 1024, maxEntryBytes: 1024 * 1024 });

/**
 * The JSON of a visitor's For You page (`query`: its cursor and limit): kept (this feed version, at
 * most VISITOR_FEED_TTL_MS old), or computed by `compute` and kept. Concurrent misses share one
 * computation; `fresh` (a request's `Cache-Control: no-cache`) computes it again.
 */
export function visitorFeedPage(query: string, fresh: boolean, compute: () => Promise<string>): Promise<string> {
  return pages.page(`${feedVersion()}|${query}`, fresh, compute);
}

/** Forgets every kept page (tests). */
export function forgetVisitorFeedPages(): void {
  pages.clear();
}
