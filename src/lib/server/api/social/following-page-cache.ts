// A member's first page of the Following timeline, kept in this process for a few seconds
// (docs/decisions/037, "Timeline design"; the model of GET /lists/me, api/lists/list-answers.ts, and
// of the visitors' For You pages, feed-page-cache.ts). A reload, a second tab or a client polling
// the top of the timeline costs a map look-up instead of the timeline's queries.
//
// A kept page is answered only under the version it was computed at: the feed's version (every
// committed post write in this process: a post, an edit, a deletion, a like, a repost, a detach, by
// anyone) and the member's own version (a follow, an unfollow, a block or an unblock involving them).
// Both are read BEFORE the page is computed, so a write committed meanwhile makes the next read
// compute again. So in this instance a member sees at once their own new post, a followed member's
// new post or repost, their own like or repost (is_liked, is_reposted), a follow or a block. What
// another instance writes, and what no post write announces (a profile's name or avatar, a role),
// shows after at most FOLLOWING_PAGE_TTL_MS. Only the first page is kept (a cursor's page is
// computed each time), for the member who asked it only (their blocks, likes, can_reply).
// A request's `Cache-Control: no-cache` computes the page again (the benchmark's uncached figure).
import { LRUCache } from 'lru-cache';
import { feedVersion, memberFeedVersion } from '../../services/social/feed-version.ts';

export const FOLLOWING_PAGE_TTL_MS = 5_000;
/** bytes of kept pages at most (a first page of 20 posts is ~10–40 kB) */
const MAX_BYTES = 32 * 1024 * 1024;

interface Kept {
  version: string;
  body: string;
}

const pages = new LRUCache<string, Kept>({
  maxSize: MAX_BYTES,
  maxEntrySize: 1024 * 1024,
  sizeCalculation: (kept, key) => key.length + kept.version.length + kept.body.length * 2 + 64,
  ttl: FOLLOWING_PAGE_TTL_MS,
});
/** key|version → the computation under way: concurrent misses of one version share it */
const computing = new Map<string, Promise<string>>();

/**
 * The JSON of `memberId`'s first Following page of `limit` entries: kept (this member, this limit,
 * the current versions, at most FOLLOWING_PAGE_TTL_MS old), or computed by `compute` and kept.
 */
export function memberFollowingPage(memberId: number, limit: number, fresh: boolean, compute: () => Promise<string>): Promise<string> {
  const key = `${memberId}|${limit}`;
  const version = `${feedVersion()}.${memberFeedVersion(memberId)}`;
  const kept = fresh ? undefined : pages.get(key);
  if (kept && kept.version === version) return Promise.resolve(kept.body);
  const running = fresh ? undefined : computing.get(`${key}|${version}`);
  if (running) return running;
  const computed = (async () => {
    const body = await compute();
    // never over a page of a newer version
    const now = pages.peek(key);
    if (!now || now.version === version || versionBefore(now.version, version)) pages.set(key, { version, body });
    return body;
  })();
  const runKey = `${key}|${version}`;
  computing.set(runKey, computed);
  const forget = () => computing.get(runKey) === computed && computing.delete(runKey);
  computed.then(forget, forget);
  return computed;
}

/** whether version `a` ("feed.member") is older than `b` (both only grow) */
function versionBefore(a: string, b: string): boolean {
  const [af, am] = a.split('.').map(Number);
  const [bf, bm] = b.split('.').map(Number);
  return af! <= bf! && am! <= bm!;
}

/** Forgets every kept page (tests). */
export function forgetFollowingPages(): void {
  pages.clear();
  computing.clear();
}
