// The version of the feed in this process (docs/decisions/037, "API (issue 21)"), the comments'
// model (services/comments/comment-versions.ts): bumped after every committed write that changes
// what a page of a timeline shows (a post, an edit, a deletion, a like, a repost, a detach). A
// visitor's For You page and a member's first Following page kept in memory
// (api/social/feed-page-cache.ts, following-page-cache.ts) are keyed by it, so this instance's next
// read after a write computes a fresh page; another instance's kept page is at most its short
// lifetime old. Nothing here is shared between instances.
//
// A member's own version (`memberFeedVersion`) moves when what their Following timeline is made
// of changes without a post write: a follow or an unfollow (whom they follow; whether an author
// follows them, so their can_reply), a block or an unblock either way (what is hidden).
import { afterCommit, type Executor } from '../../db/transactions.ts';

let version = 0;
/** member id → their version; only members whose follows or blocks changed in this process are here */
const memberVersions = new Map<number, number>();

/** The current version of the feed. */
export function feedVersion(): number {
  return version;
}

/** After `db`'s transaction commits (at once outside one): visitors' kept pages are stale. */
export function feedChanged(db: Executor): void {
  afterCommit(db, () => {
    version++;
  });
}

/** The version of a member's follows and blocks in this process (0 until one changes). */
export function memberFeedVersion(memberId: number): number {
  return memberVersions.get(memberId) ?? 0;
}

/**
 * After `db`'s transaction commits (at once outside one): the follows or blocks between these
 * members changed, so their kept Following pages are stale. Called by every write that moves a
 * follow or a block (services/follows lockMemberPair, services/blocks unblockMember).
 */
export function membersFeedChanged(db: Executor, ...memberIds: number[]): void {
  afterCommit(db, () => {
    for (const id of memberIds) memberVersions.set(id, (memberVersions.get(id) ?? 0) + 1);
  });
}
