// Visitors' pages of comments, kept in this process for a few seconds (docs/decisions/035, amended
// in issue 20). A drama's conversation is read by many visitors for each comment written; a page
// kept here costs a map look-up instead of four queries. Each page is kept under its target's
// comments version (services/comments/comment-versions.ts), which every committed write to the
// target's comments or reactions bumps in this process: the next read here computes a fresh page.
// Another instance's kept page is at most VISITOR_PAGE_TTL_MS old. This is not the catalogue's
// answer cache (api/public-cache.ts), which forgets everything on each catalogue change: a comment
// is no catalogue change and flushes nothing there. Signed-in callers' pages are never kept.
import { LRUCache } from 'lru-cache';
import { commentsVersion, type CommentTargetKey } from '../../services/comments/comment-versions.ts';

export const VISITOR_PAGE_TTL_MS = 5_000;
/** bytes of kept pages at most (a page of 50 comments with long replies is a few hundred kB) */
const MAX_BYTES = 16 * 1024 * 1024;

const pages = new LRUCache<string, Promise<string>>({
  maxSize: MAX_BYTES,
  maxEntrySize: 2 * 1024 * 1024,
  // a pending page weighs its key until its body is known (set again then, with its body)
  sizeCalculation: (_value, key) => key.length + 64,
  ttl: VISITOR_PAGE_TTL_MS,
});

/**
 * The JSON of a visitor's page: kept (fresh: this target's version, at most VISITOR_PAGE_TTL_MS old),
 * or computed by `compute` and kept. Concurrent misses of one page share one computation. `fresh`
 * (a request's `Cache-Control: no-cache`) computes it again.
 */
export async function visitorCommentPage(target: CommentTargetKey, query: string, fresh: boolean, compute: () => Promise<string>): Promise<string> {
  const key = `${target}|${commentsVersion(target)}|${query}`;
  const kept = fresh ? undefined : pages.get(key);
  if (kept) return kept;
  const computing = compute();
  pages.set(key, computing);
  try {
    const body = await computing;
    // weighed at two bytes a UTF-16 unit (what a string of non-Latin-1 text takes), so MAX_BYTES bounds the memory
    if (pages.peek(key) === computing) pages.set(key, computing, { size: key.length + 64 + body.length * 2, noUpdateTTL: true });
    return body;
  } catch (error) {
    if (pages.peek(key) === computing) pages.delete(key);
    throw error;
  }
}

/** Forgets every kept page (tests). */
export function forgetVisitorCommentPages(): void {
  pages.clear();
}
