// Reading the social feed (contract "Social feed"; docs/decisions/037, "API (issue 21)"): the For You
// and Following timelines, a post with its replies, a thread. The model is the comments' reads
// (services/comments/comment-reads.ts, decision 035): keyset paging (decision 033), blocks hiding
// both ways (notBlockedWith), @mentions resolved in one look-up, and a fixed few queries a page
// whatever its size, never one per post:
//   For You:   1. the page's posts with their authors and the reader's like/repost (posts_timeline_index);
//              2. the posts they quote, with their authors; 3. the @names (mentions.ts).
//   Following: 1. whom the reader follows; 2. the page's entries (readFollowingTimeline: the posts of
//              those members and the reader's own, and their reposts); 3. those posts with their
//              authors; 4. the reposters; 5. the quoted posts; 6. the @names.
//
// Following's entries: a post of a followed member (or the reader's) enters the timeline when it was
// written; a repost by a followed member (or the reader) enters it when it was reposted, shown with
// `reposted_by`. A post reposted by several followed members is one entry, its latest repost (an
// older one moves up to the top when a newer repost comes, as a new entry does). The page is ordered
// by (sort_at, rank, id), rank 1 for a repost entry and 0 for a post: a post and a repost of it at
// the same microsecond are two distinct keys, so the cursor (which carries the rank) neither
// repeats nor skips one.
import { and, desc, eq, inArray, isNull, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { isStorableId } from '../../../ids/path-id.ts';
import { canReplyToPost, type Actor, type ReplyControl } from '../../../users/permissions.ts';
import { follows, postLikes, postReposts, posts, users } from '../../db/schema/index.ts';
import { keysetAfter, keysetOrder, keysetPage, keysetTime, readCursor, type Cursor, type KeysetColumns } from '../../db/keyset-paging.ts';
import type { Executor } from '../../db/transactions.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { notBlockedWith } from '../blocks/block-rules.ts';
import { resolveMentions } from '../mentions/mentions.ts';

/** limit's default and largest value (contract "Social feed") */
export const FEED_PAGE_SIZE = { default: 20, max: 50 } as const;
/** a post page shows at most this many of its replies, oldest first */
export const POST_REPLIES_MAX = 500;
/** a thread climbs at most this many ancestors */
export const THREAD_MAX_DEPTH = 100;

export const POST_READ_MESSAGES = {
  notFound: 'Post not found',
  otherTabCursor: 'Invalid cursor: it continues the other tab; start again from the first page',
} as const;

/**
 * A Following cursor carries the entry's rank; a For You one does not. A cursor of one tab sent to
 * the other is a 400 (it would name a wrong place: a For You cursor read as a Following one skips
 * or repeats entries). readForYou checks its own; this is the check for the Following timeline,
 * called before readFollowingTimeline (kept apart so that function stays as measured).
 */
export function checkFollowingCursor(value: string | undefined): void {
  const cursor = readCursor(value);
  if (cursor && cursor.rank === undefined) throw new ValidationError(POST_READ_MESSAGES.otherTabCursor, 'cursor');
}

export type PostKind = 'post' | 'reply' | 'quote';

export interface PostAuthorRow {
  id: number;
  username: string;
  fullName: string;
  avatar: string | null;
  role: string;
}

/** A quoted post as a quote shows it (one level), or its tombstone. */
export interface QuotedPostRow {
  id: number;
  content: string;
  author: PostAuthorRow;
  createdAt: Date;
  spoiler: boolean;
  deleted: boolean;
}

export interface PostRow {
  id: number;
  content: string;
  authorId: number;
  author: PostAuthorRow;
  kind: PostKind;
  parentId: number | null;
  mediaUrl: string | null;
  spoiler: boolean;
  replyControl: ReplyControl;
  quoteDetached: boolean;
  repliesCount: number;
  repostsCount: number;
  likesCount: number;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  /** the reader's like and repost (false for a visitor) */
  isLiked: boolean;
  isReposted: boolean;
  /** whether the reader may reply (reply_control, tombstone; false for a visitor) */
  canReply: boolean;
  /** for a quote not detached: the quoted post, null when it is gone or hidden by a block */
  quoted: QuotedPostRow | null;
}

export interface FeedItemRow extends PostRow {
  repostedBy: PostAuthorRow | null;
  repostedAt: Date | null;
}

export interface FeedPage {
  posts: FeedItemRow[];
  nextCursor: string | null;
  /** lower-cased @name as written → member id */
  mentions: Record<string, number>;
}

export interface PostDetail {
  post: PostRow;
  replies: PostRow[];
  mentions: Record<string, number>;
}

export interface Thread {
  conversation: PostRow[];
  mentions: Record<string, number>;
}

export interface TimelineQuery {
  /** a page's next_cursor (of the same tab) */
  cursor?: string;
  limit: number;
}

const authorFields = { id: users.id, username: users.username, fullName: users.fullName, avatar: users.avatar, role: users.role };

/** The columns a post is shown with, before its quoted post and the reader's flags are added. */
function postFields(readerId: number | undefined) {
  const none = sql<boolean>`false`;
  return {
    id: posts.id,
    content: posts.content,
    authorId: posts.authorId,
    author: authorFields,
    kind: posts.kind,
    parentId: posts.parentId,
    mediaUrl: posts.mediaUrl,
    spoiler: posts.spoiler,
    replyControl: posts.replyControl,
    quoteDetached: posts.quoteDetached,
    repliesCount: posts.repliesCount,
    repostsCount: posts.repostsCount,
    likesCount: posts.likesCount,
    createdAt: posts.createdAt,
    editedAt: posts.editedAt,
    deletedAt: posts.deletedAt,
    cursorAt: keysetTime(posts.createdAt),
    isLiked:
      readerId === undefined
        ? none
        : sql<boolean>`EXISTS (SELECT 1 FROM ${postLikes} WHERE ${postLikes.postId} = ${posts.id} AND ${postLikes.userId} = ${readerId})`,
    isReposted:
      readerId === undefined
        ? none
        : sql<boolean>`EXISTS (SELECT 1 FROM ${postReposts} WHERE ${postReposts.postId} = ${posts.id} AND ${postReposts.userId} = ${readerId})`,
    authorFollowsReader:
      readerId === undefined
        ? none
        : sql<boolean>`EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.followerId} = ${posts.authorId} AND ${follows.followeeId} = ${readerId})`,
  };
}

type SelectedPost = Omit<PostRow, 'canReply' | 'quoted'> & { cursorAt: string; authorFollowsReader: boolean };

function selectPosts(db: Executor, readerId: number | undefined) {
  return db.select(postFields(readerId)).from(posts).innerJoin(users, eq(users.id, posts.authorId));
}

/** Live (not deleted) top-level posts and quotes: what a timeline shows (the partial timeline indexes' condition). */
const onTimeline = (): SQL => and(ne(posts.kind, 'reply'), isNull(posts.deletedAt))!;

/**
 * The rows as answered: with the reader's can_reply and the quoted posts (one query for all of
 * them, blocks hiding a quoted post both ways).
 */
async function finishPosts<Row extends SelectedPost>(db: Executor, rows: Row[], reader?: Actor): Promise<(Row & PostRow)[]> {
  const readerId = reader?.id;
  // a quote shows its quoted post while it is live and not detached (a deleted quote, a tombstone, shows nothing of it)
  const showsQuoted = (r: Row) => r.kind === 'quote' && !r.quoteDetached && r.deletedAt === null && r.parentId !== null;
  const quotedIds = [...new Set(rows.filter(showsQuoted).map((r) => r.parentId!))];
  const quoted = new Map<number, QuotedPostRow>();
  if (quotedIds.length) {
    const found = await db
      .select({ id: posts.id, content: posts.content, author: authorFields, createdAt: posts.createdAt, spoiler: posts.spoiler, deletedAt: posts.deletedAt })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(and(inArray(posts.id, quotedIds), notBlockedWith(readerId, posts.authorId)));
    for (const q of found) {
      quoted.set(q.id, { id: q.id, content: q.deletedAt ? '' : q.content, author: q.author, createdAt: q.createdAt, spoiler: q.spoiler, deleted: q.deletedAt !== null });
    }
  }
  return rows.map((row) => ({
    ...row,
    content: row.deletedAt ? '' : row.content,
    canReply: reader !== undefined && row.deletedAt === null && canReplyToPost(reader, { authorId: row.authorId, replyControl: row.replyControl }, row.authorFollowsReader),
    quoted: showsQuoted(row) ? (quoted.get(row.parentId!) ?? null) : null,
  }));
}

const texts = (rows: PostRow[]) => rows.flatMap((r) => [r.content, ...(r.quoted ? [r.quoted.content] : [])]);

const KEYS: KeysetColumns = { at: posts.createdAt, id: posts.id };

/**
 * For You: every member's live top-level posts and quotes, newest first, `limit` of them after the
 * cursor, for `reader` (undefined for a visitor: nothing hidden, no flags). 400 for a cursor the
 * server did not issue.
 */
export async function readForYou(db: Executor, query: TimelineQuery, reader?: Actor): Promise<FeedPage> {
  const cursor = readCursor(query.cursor);
  if (cursor?.rank !== undefined) throw new ValidationError(POST_READ_MESSAGES.otherTabCursor, 'cursor');
  const rows = (await selectPosts(db, reader?.id)
    .where(and(onTimeline(), notBlockedWith(reader?.id, posts.authorId), keysetAfter(KEYS, cursor && { at: cursor.at, id: cursor.id }, 'desc')))
    .orderBy(...keysetOrder(KEYS, 'desc'))
    .limit(query.limit + 1)) as SelectedPost[];
  const { items, next_cursor } = keysetPage(rows, query.limit, (row) => ({ at: row.cursorAt, id: row.id }));
  const finished = await finishPosts(db, items, reader);
  const feed = finished.map((row) => ({ ...row, repostedBy: null, repostedAt: null }));
  return { posts: feed, nextCursor: next_cursor, mentions: await resolveMentions(db, texts(feed)) };
}

/** An entry of the Following timeline: a post (rank 0) or the latest repost of one by a followed member (rank 1). */
export interface TimelineEntry {
  postId: number;
  /** when it entered the timeline (UTC, microseconds, as the cursor keeps it) */
  sortAt: string;
  rank: 0 | 1;
  reposterId: number | null;
}

/**
 * How the Following timeline's posts are found (docs/decisions/037, "Timeline design" measures them):
 *   any      one keyset scan of posts_author_timeline_index with `author_id = ANY(followed)`, sorted;
 *   lateral  per followed member, the newest `limit + 1` of their posts after the cursor (`JOIN
 *            LATERAL (… WHERE author_id = f.followee_id ORDER BY created_at DESC LIMIT n)`), then the
 *            newest of those: at most (followed + 1) × (limit + 1) rows read, however many posts each has.
 */
export type FollowingStrategy = 'any' | 'lateral';
export const FOLLOWING_STRATEGY: FollowingStrategy = 'any';

/** posts of the followed members and the reader's own: one scan with author_id = ANY(…) */
function followedPostsAny(db: Executor, readerId: number, authorIds: number[], postsAfter: SQL | undefined, limit: number) {
  return db
    .select({ postId: posts.id, sortAt: keysetTime(posts.createdAt) })
    .from(posts)
    .where(and(anyOf(posts.authorId, authorIds), onTimeline(), notBlockedWith(readerId, posts.authorId), postsAfter))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit + 1);
}

/** posts of the followed members (a lateral keyset scan per member) and the reader's own, the newest limit + 1 */
async function followedPostsLateral(db: Executor, readerId: number, postsAfter: SQL | undefined, limit: number) {
  const perMember = db
    .select({ postId: posts.id, createdAt: posts.createdAt, sortAt: keysetTime(posts.createdAt).as('sort_at') })
    .from(posts)
    .where(and(eq(posts.authorId, follows.followeeId), onTimeline(), notBlockedWith(readerId, posts.authorId), postsAfter))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit + 1)
    .as('followed_post');
  const [followed, own] = await Promise.all([
    db
      .select({ postId: perMember.postId, sortAt: perMember.sortAt })
      .from(follows)
      .crossJoinLateral(perMember)
      .where(eq(follows.followerId, readerId))
      .orderBy(desc(perMember.createdAt), desc(perMember.postId))
      .limit(limit + 1),
    db
      .select({ postId: posts.id, sortAt: keysetTime(posts.createdAt) })
      .from(posts)
      .where(and(eq(posts.authorId, readerId), onTimeline(), postsAfter))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(limit + 1),
  ]);
  return [...followed, ...own];
}

/** `column = ANY($1::int[])` with the ids as ONE array parameter (inArray binds one parameter per id, planned each time) */
const anyOf = (column: PgColumn, ids: number[]): SQL => sql`${column} = ANY(${sql.param(ids)}::int[])`;

/**
 * The reposts by `authorIds` after the cursor, the latest per post, newest first, at most
 * `limit + 1`: the newest reposts are taken from post_reposts_user_timeline_index in a subquery (a
 * top-N), the "latest repost of the post" filter applied after; while the filter leaves the page
 * short and the batch was full, the next batch is read (no gap).
 */
async function newestReposts(db: Executor, authorIds: number[], repostsAfter: SQL | undefined, limit: number, since?: SQL) {
  const later = alias(postReposts, 'later_repost');
  const batch = 2 * (limit + 1);
  const found: { postId: number; sortAt: string; reposterId: number }[] = [];
  let after = repostsAfter;
  for (;;) {
    const newest = db
      .select({ postId: postReposts.postId, createdAt: postReposts.createdAt, userId: postReposts.userId })
      .from(postReposts)
      .where(and(anyOf(postReposts.userId, authorIds), since, after))
      .orderBy(desc(postReposts.createdAt), desc(postReposts.postId))
      .limit(batch)
      .as('newest');
    const rows = await db
      .select({
        postId: newest.postId,
        sortAt: sql<string>`to_char(${newest.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        reposterId: newest.userId,
        at: sql<string>`${newest.createdAt}::text`,
        latest: sql<boolean>`${notExists(
          db
            .select({ one: sql`1` })
            .from(later)
            .where(and(eq(later.postId, newest.postId), anyOf(later.userId, authorIds), sql`(${later.createdAt}, ${later.userId}) > (${newest.createdAt}, ${newest.userId})`)),
        )}`,
      })
      .from(newest)
      .orderBy(desc(newest.createdAt), desc(newest.postId));
    for (const r of rows) if (r.latest && found.length < limit + 1) found.push({ postId: r.postId, sortAt: r.sortAt, reposterId: r.reposterId });
    if (found.length >= limit + 1 || rows.length < batch) return found;
    const last = rows.at(-1)!;
    after = sql`(${postReposts.createdAt}, ${postReposts.postId}) < (${last.at}::timestamptz, ${last.postId})`;
  }
}

/** The key of an entry as the cursor keeps it. */
const entryKey = (entry: TimelineEntry): Cursor => ({ at: entry.sortAt, id: entry.postId, rank: entry.rank });

/** Whether entry `a` comes before `b`, newest first: by time, then rank, then post id, all descending. */
function entryBefore(a: TimelineEntry, b: TimelineEntry): number {
  if (a.sortAt !== b.sortAt) return a.sortAt < b.sortAt ? 1 : -1;
  if (a.rank !== b.rank) return b.rank - a.rank;
  return b.postId - a.postId;
}

/**
 * The entries of the Following timeline after `cursor`, at most `limit + 1` (the one more says
 * whether a page follows), for a reader whose timeline shows the posts and reposts of `authorIds`
 * (the members they follow and themselves). Fan-out on read: the posts (by `strategy`) and the
 * reposts (post_reposts with `user_id = ANY(…)`, the latest per post), each newest first and at
 * most `limit + 1`, merged here by (sort_at, rank, id). Blocks hide the posts here and the
 * reposted posts when the page's posts are read (readFollowingTimeline).
 */
async function followingEntries(
  db: Executor,
  readerId: number,
  authorIds: number[],
  cursor: Cursor | undefined,
  limit: number,
  strategy: FollowingStrategy,
): Promise<TimelineEntry[]> {
  const rank = cursor?.rank ?? 0;
  // posts (rank 0) after the cursor: (created_at, 0, id) < (at, rank, id)
  const postsAfter = !cursor
    ? undefined
    : rank === 0
      ? sql`(${posts.createdAt}, ${posts.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
      : sql`${posts.createdAt} <= ${cursor.at}::timestamptz`;
  // reposts (rank 1) after the cursor: (reposted_at, 1, post_id) < (at, rank, id)
  const repostsAfter = !cursor
    ? undefined
    : rank === 1
      ? sql`(${postReposts.createdAt}, ${postReposts.postId}) < (${cursor.at}::timestamptz, ${cursor.id})`
      : sql`${postReposts.createdAt} < ${cursor.at}::timestamptz`;
  // The reposts are read first over a window (REPOSTS_WINDOW_DAYS before the cursor, or before now):
  // each followed member's range of post_reposts_user_timeline_index is then a few entries instead of
  // a year's (2.4 → 0.9 ms for the member following 500). The merged page is exact when it is full
  // and its last entry is inside the window: every repost left out is older than all of it.
  // Otherwise the reposts are read again without the window.
  const windowStart = `${new Date((cursor ? Date.parse(cursor.at) : Date.now()) - REPOSTS_WINDOW_DAYS * 86_400_000).toISOString().slice(0, -1)}000Z`;
  const since = sql`${postReposts.createdAt} > ${windowStart}::timestamptz`;
  const [own, windowed] = await Promise.all([
    strategy === 'lateral' ? followedPostsLateral(db, readerId, postsAfter, limit) : followedPostsAny(db, readerId, authorIds, postsAfter, limit),
    newestReposts(db, authorIds, repostsAfter, limit, since),
  ]);
  const merge = (reposted: typeof windowed): TimelineEntry[] =>
    [
      ...own.map((r) => ({ postId: r.postId, sortAt: r.sortAt, rank: 0 as const, reposterId: null })),
      ...reposted.map((r) => ({ postId: r.postId, sortAt: r.sortAt, rank: 1 as const, reposterId: r.reposterId })),
    ]
      .sort(entryBefore)
      .slice(0, limit + 1);
  const entries = merge(windowed);
  const last = entries.at(-1);
  if (windowed.length > limit || (entries.length > limit && last && last.sortAt > windowStart)) return entries;
  return merge(await newestReposts(db, authorIds, repostsAfter, limit));
}

/** how far back the Following timeline's reposts are read first (followingEntries) */
export const REPOSTS_WINDOW_DAYS = 7;

/**
 * Following: the live top-level posts and quotes of the members the reader follows and their own,
 * and the reposts by those members (with `reposted_by`), in the order each entered the timeline,
 * newest first; `limit` entries after the cursor. 400 for a cursor the server did not issue.
 * Kept in this one function (with followingEntries) so that the timeline's query can be measured
 * and swapped (docs/decisions/037, "Timeline design"). `readerOrId`: the signed-in caller (their role
 * as the session read it: no query) or a member id (the role is read).
 */
export async function readFollowingTimeline(
  db: Executor,
  readerOrId: Actor | number,
  query: TimelineQuery,
  strategy: FollowingStrategy = FOLLOWING_STRATEGY,
): Promise<FeedPage> {
  const readerId = typeof readerOrId === 'number' ? readerOrId : readerOrId.id;
  let cursor = readCursor(query.cursor);
  const followed = await db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, readerId));
  const authorIds = [readerId, ...followed.map((f) => f.id)];
  let reader: Actor | undefined = typeof readerOrId === 'number' ? undefined : readerOrId;
  // Entries whose post is gone (removed between the two reads) or hidden (a repost of a post by a
  // member blocked either way) are dropped after the page is cut: read on from where the page ended
  // until it is full or the timeline ends, so a page is short only on the last one (at most
  // FOLLOWING_FILL_ROUNDS reads: a page that only drops entries ends early rather than never).
  const feed: FeedItemRow[] = [];
  let nextCursor: string | null = null;
  for (let round = 0; round < FOLLOWING_FILL_ROUNDS && feed.length < query.limit; round++) {
    const wanted = query.limit - feed.length;
    const entries = await followingEntries(db, readerId, authorIds, cursor, wanted, strategy);
    const items = entries.slice(0, wanted);
    const last = items.at(-1);
    nextCursor = entries.length > wanted && last ? keysetPage([last, last], 1, entryKey).next_cursor : null;
    if (!items.length) break;
    // the signed-in caller comes with their role (the session's row): no query for it
    reader ??= await readerActor(db, readerId);
    feed.push(...(await hydrateEntries(db, reader, items)));
    if (!nextCursor || !last) break;
    cursor = entryKey(last);
  }
  return { posts: feed, nextCursor, mentions: feed.length ? await resolveMentions(db, texts(feed)) : {} };
}

/** How many reads a Following page may take to fill itself when entries are dropped (blocks, removals). */
const FOLLOWING_FILL_ROUNDS = 4;

/** The posts of timeline entries as the reader sees them, in the entries' order; entries whose post is gone or hidden left out. */
async function hydrateEntries(db: Executor, reader: Actor, items: TimelineEntry[]): Promise<FeedItemRow[]> {
  const postIds = [...new Set(items.map((e) => e.postId))];
  const reposterIds = [...new Set(items.flatMap((e) => (e.reposterId === null ? [] : [e.reposterId])))];
  const [rows, reposters] = await Promise.all([
    selectPosts(db, reader.id).where(and(inArray(posts.id, postIds), notBlockedWith(reader.id, posts.authorId))) as Promise<SelectedPost[]>,
    reposterIds.length ? db.select(authorFields).from(users).where(inArray(users.id, reposterIds)) : Promise.resolve([] as PostAuthorRow[]),
  ]);
  const byId = new Map((await finishPosts(db, rows, reader)).map((row) => [row.id, row]));
  const reposterById = new Map(reposters.map((r) => [r.id, r]));
  const feed: FeedItemRow[] = [];
  for (const entry of items) {
    const post = byId.get(entry.postId);
    if (!post) continue; // removed between the two reads, or a repost of a post by a member blocked either way
    const repostedBy = entry.reposterId === null ? null : (reposterById.get(entry.reposterId) ?? null);
    feed.push({ ...post, repostedBy, repostedAt: repostedBy ? new Date(entry.sortAt) : null });
  }
  return feed;
}

/** The reader as the permissions see them (their role: a mod or an admin may always reply). */
async function readerActor(db: Executor, readerId: number): Promise<Actor> {
  const [row] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, readerId));
  return row ?? { id: readerId, role: 'user' };
}

/**
 * Posts by id as a page shows them, for the reader, in no given order; blocked authors left out
 * unless `hideBlocked` is false (the answer to the reader's own write, such as a detach of a quote
 * by a member they blocked).
 */
export async function readPostsByIds(db: Executor, ids: number[], reader?: Actor, hideBlocked = true): Promise<PostRow[]> {
  const storable = ids.filter(isStorableId);
  if (!storable.length) return [];
  const rows = (await selectPosts(db, reader?.id).where(
    and(inArray(posts.id, storable), hideBlocked ? notBlockedWith(reader?.id, posts.authorId) : undefined),
  )) as SelectedPost[];
  return finishPosts(db, rows, reader);
}

/** One post, or a 404 (none, or hidden from the reader by a block). A tombstone is answered as deleted. */
async function readOnePost(db: Executor, id: number, reader?: Actor): Promise<PostRow> {
  const [post] = await readPostsByIds(db, [id], reader);
  if (!post) throw new NotFoundError(POST_READ_MESSAGES.notFound);
  return post;
}

/** The post's replies the reader sees, oldest first (at most POST_REPLIES_MAX). */
async function readReplies(db: Executor, id: number, reader?: Actor): Promise<PostRow[]> {
  const rows = (await selectPosts(db, reader?.id)
    .where(and(eq(posts.parentId, id), eq(posts.kind, 'reply'), notBlockedWith(reader?.id, posts.authorId)))
    .orderBy(...keysetOrder(KEYS, 'asc'))
    .limit(POST_REPLIES_MAX)) as SelectedPost[];
  return finishPosts(db, rows, reader);
}

/** GET /social/posts/{id}: the post (a tombstone as deleted) with its replies, oldest first. */
export async function readPostDetail(db: Executor, id: number, reader?: Actor): Promise<PostDetail> {
  const post = await readOnePost(db, id, reader);
  const replies = await readReplies(db, id, reader);
  return { post, replies, mentions: await resolveMentions(db, texts([post, ...replies])) };
}

/**
 * GET /social/posts/{id}/thread: the post's ancestors (the posts its reply chain answers, root
 * first), the post, then its replies oldest first. A deleted ancestor shows as deleted; one hidden
 * by a block is left out.
 */
export async function readThread(db: Executor, id: number, reader?: Actor): Promise<Thread> {
  const post = await readOnePost(db, id, reader);
  const ancestorIds = post.kind === 'reply' && post.parentId !== null ? await ancestorsOf(db, post.id) : [];
  const [ancestors, replies] = await Promise.all([readPostsByIds(db, ancestorIds, reader), readReplies(db, id, reader)]);
  const order = new Map(ancestorIds.map((ancestorId, i) => [ancestorId, i]));
  ancestors.sort((a, b) => order.get(b.id)! - order.get(a.id)!); // ancestorIds are nearest first
  const conversation = [...ancestors, post, ...replies];
  return { conversation, mentions: await resolveMentions(db, texts(conversation)) };
}

/** The ids of the posts a reply's chain answers, nearest first (one recursive query, at most THREAD_MAX_DEPTH). */
async function ancestorsOf(db: Executor, id: number): Promise<number[]> {
  const chain = sql`(WITH RECURSIVE chain(id, parent_id, kind, depth) AS (
      SELECT ${posts.id}, ${posts.parentId}, ${posts.kind}, 0 FROM ${posts} WHERE ${posts.id} = ${id}
      UNION ALL
      SELECT p.id, p.parent_id, p.kind, chain.depth + 1 FROM ${posts} p JOIN chain ON p.id = chain.parent_id
      WHERE chain.kind = 'reply' AND chain.depth < ${THREAD_MAX_DEPTH}
    ) SELECT id FROM chain WHERE depth > 0)`;
  const rows = await db
    .select({ id: posts.id, createdAt: posts.createdAt })
    .from(posts)
    .where(inArray(posts.id, chain))
    .orderBy(desc(posts.createdAt), desc(posts.id));
  return rows.map((r) => r.id);
}
