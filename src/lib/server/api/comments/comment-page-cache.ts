// Visitors' pages of comments, kept in this process for a few seconds (docs/decisions/035, amended
// in issue 20). A drama's conversation is read by many visitors for each comment written; a page
// kept here costs a map look-up instead of four queries. Each page is kept under its target's
// comments version (services/comments/comment-versions.ts), which every committed write to the
// target's comments or reactions bumps in this process: the next read here computes a fresh page.
// Another instance's kept page is at most VISITOR_PAGE_TTL_MS old. This is not the catalogue's
// answer cache (api/public-cache.ts), which forgets everything on each catalogue change: a comment
// is no catalogue change and flushes nothing there. Signed-in callers' pages are never kept.
// The keeping itself: api/visitor-page-cache.ts (shared with the social feed's).
import { commentsVersion, type CommentTargetKey } from '../../services/comments/comment-versions.ts';
import { visitorPageCache } from '../visitor-page-cache.ts';

export const VISITOR_PAGE_TTL_MS = 5_000;

/** bytes of kept pages at most 16 MiB (a page of 50 comments with long replies is a few hundred kB) */
const pages = visitorPageCache({ ttlMs: VISITOR_PAGE_TTL_MS, maxBytes: 16 * 1024 * 1024, maxEntryBytes: 2 * 1024 * 1024 });

/**
 * The JSON of a visitor's page: kept (fresh: this target's version, at most VISITOR_PAGE_TTL_MS old),
 * or computed by `compute` and kept. Concurrent misses of one page share one computation. `fresh`
 * (a request's `Cache-Control: no-cache`) computes it again.
 */
export function visitorCommentPage(target: CommentTargetKey, query: string, fresh: boolean, compute: () => Promise<string>): Promise<string> {
  return pages.page(`${target}|${commentsVersion(target)}|${query}`, fresh, compute);
}

/** Forgets every kept page (tests). */
export function forgetVisitorCommentPages(): void {
  pages.clear();
}
