// The version of each target's comments (docs/decisions/035, amended in issue 20): bumped after
// every committed write that changes what a page of the target's comments shows (a comment, a
// reply, an edit, a removal, by its author or through a report, a reaction), in this process.
// A visitor's page kept in memory (api/comments/comment-routes.ts) is keyed by it, so this
// instance's next read after a write computes a fresh page; another instance's kept page is at most
// its short lifetime old (comment-routes.ts VISITOR_PAGE_TTL_MS). Nothing here is shared between
// instances, and it is no catalogue change: the catalogue's answer cache is not flushed.
import { afterCommit, type Executor } from '../../db/transactions.ts';

export type CommentTargetKey = `dorama:${number}` | `profile:${number}`;

const versions = new Map<string, number>();
/** targets whose version is kept at most; the oldest bumped are forgotten first (their pages then miss once) */
const MAX_TARGETS = 100_000;

/** The key of a comment's target, from its columns. */
export function targetKeyOf(row: { dramaId: number | null; profileUserId: number | null }): CommentTargetKey {
  return row.dramaId !== null ? `dorama:${row.dramaId}` : `profile:${row.profileUserId ?? 0}`;
}

let counter = 0;
/** the version of every target not in the map: raised when one is forgotten, so none goes back to an old version */
let floor = 0;

/** The current version of the target's comments. */
export function commentsVersion(key: CommentTargetKey): number {
  return versions.get(key) ?? floor;
}

/** After `db`'s transaction commits (at once outside one): the target's pages are stale. */
export function commentsChanged(db: Executor, key: CommentTargetKey): void {
  afterCommit(db, () => {
    versions.delete(key); // re-inserted last: the map's order is the order of the last bump
    versions.set(key, ++counter);
    if (versions.size > MAX_TARGETS) {
      versions.delete(versions.keys().next().value!);
      floor = counter;
    }
  });
}
