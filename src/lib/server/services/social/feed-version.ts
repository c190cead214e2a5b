// The version of the For You timeline in this process (docs/decisions/037, "API (issue 21)"), the
// comments' model (services/comments/comment-versions.ts): bumped after every committed write that
// changes what a visitor's page of For You shows (a post, an edit, a deletion, a like, a repost, a
// detach). A visitor's page kept in memory (api/social/feed-page-cache.ts) is keyed by it, so this
// instance's next read after a write computes a fresh page; another instance's kept page is at most
// its short lifetime old. Nothing here is shared between instances.
import { afterCommit, type Executor } from '../../db/transactions.ts';

let version = 0;

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
