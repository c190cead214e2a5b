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
import { and, desc, eq, inArray, isNotNull, isNull, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { POST_REPLIES_PAGE_SIZE } from '../../../api/wire/social.ts';
import { isStorableId } from '../../../ids/path-id.ts';
import { canReplyToPost, type Actor, type ReplyControl } from '../../../users/permissions.ts';
import { follows, postLikes, postReposts, posts, users } from '../../db/schema/index.ts';
import { queryRows } from '../../db/named-query.ts';
import { decodeCursor, keysetAfter, keysetOrder, keysetPage, keysetTime, readCursor, type Cursor, type KeysetColumns } from '../../db/keyset-paging.ts';
import type { Executor } from '../../db/transactions.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { notBlockedWith } from '../blocks/block-rules.ts';
import { resolveMentions } from '../mentions/mentions.ts';

/** limit's default and largest value (contract "Social feed") */
export const FEED_PAGE_SIZE = { default: 20, max: 50 } as const;
/** a post page's and a thread's replies come this many a page, oldest first (`replies_next_cursor` continues; the one number: api/wire/social.ts) */
export { POST_REPLIES_PAGE_SIZE };
/** a thread climbs at most this many ancestors */
export const THREAD_MAX_DEPTH = 100;

export const POST_READ_MESSAGES = {
  notFound: 'Post not found',
  otherTabCursor: 'Invalid cursor: it continues the other tab; start again from the first page',
  badRepliesCursor: 'Invalid replies_cursor: start again from the post',
  notRepliesCursor: 'Invalid replies_cursor: it continues a timeline, not the replies; start again from the post',
} as const;

export type PostKind = 'post' | 'reply' | 'quote';

export interface PostAuthorRow {
  id: number;
  username: string;
  fullName: string;
  avatar: string | null;
  role: string;
}

/** A quoted post as a quote shows it (one level), or its tombstone (no author, no text). */
export interface QuotedPostRow {
  id: number;
  content: string;
  author: PostAuthorRow | null;
  createdAt: Date;
  spoiler: boolean;
  deleted: boolean;
}

/** A post as answered; a tombstone (deletedAt set) names no author and has no text nor media. */
export interface PostRow {
  id: number;
  content: string;
  authorId: number | null;
  author: PostAuthorRow | null;
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
  /** a page of its replies, oldest first (the first, or the one after `replies_cursor`) */
  replies: PostRow[];
  /** where the next page of replies starts; null at the end */
  repliesNextCursor: string | null;
  mentions: Record<string, number>;
}

export interface Thread {
  conversation: PostRow[];
  /** where the next page of the post's replies starts (GET /social/posts/{id}?replies_cursor=…); null at the end */
  repliesNextCursor: string | null;
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

/** the quoted post of a quote, and its author, joined into the same statement as the quote (selectPosts) */
const quotedPost = alias(posts, 'quoted_post');
const quotedAuthor = alias(users, 'quoted_author');

type SelectedPost = Omit<PostRow, 'canReply' | 'quoted' | 'authorId' | 'author'> & {
  authorId: number;
  author: PostAuthorRow;
  cursorAt: string;
  authorFollowsReader: boolean;
  quotedRow: { id: number; content: string; createdAt: Date; spoiler: boolean; deletedAt: Date | null } | null;
  quotedAuthor: PostAuthorRow | null;
};

/**
 * The posts as a page shows them, with their authors, the reader's flags and, for a quote that
 * shows its quoted post (live, not detached), that post and its author in the same statement (a
 * left join on the primary key; blocks hide the quoted post both ways): one statement for a page's
 * posts, not one more for the quoted ones.
 */
function selectPosts(db: Executor, readerId: number | undefined) {
  return db
    .select({
      ...postFields(readerId),
      quotedRow: { id: quotedPost.id, content: quotedPost.content, createdAt: quotedPost.createdAt, spoiler: quotedPost.spoiler, deletedAt: quotedPost.deletedAt },
      quotedAuthor: { id: quotedAuthor.id, username: quotedAuthor.username, fullName: quotedAuthor.fullName, avatar: quotedAuthor.avatar, role: quotedAuthor.role },
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(
      quotedPost,
      and(
        eq(posts.kind, 'quote'),
        eq(posts.quoteDetached, false),
        isNull(posts.deletedAt),
        eq(quotedPost.id, posts.parentId),
        notBlockedWith(readerId, quotedPost.authorId),
      ),
    )
    .leftJoin(quotedAuthor, eq(quotedAuthor.id, quotedPost.authorId));
}

/** Live (not deleted) top-level posts and quotes: what a timeline shows (the partial timeline indexes' condition). */
const onTimeline = (): SQL => and(ne(posts.kind, 'reply'), isNull(posts.deletedAt))!;

/** The rows as answered: with the reader's can_reply and the quoted posts (read with them: selectPosts). */
function finishPosts<Row extends SelectedPost>(rows: Row[], reader?: Actor): (Omit<Row, 'quotedRow' | 'quotedAuthor'> & PostRow)[] {
  // a quote shows its quoted post while it is live and not detached (a deleted quote, a tombstone, shows nothing of it)
  const showsQuoted = (r: Row) => r.kind === 'quote' && !r.quoteDetached && r.deletedAt === null && r.parentId !== null;
  // a tombstone names no author and shows no text nor media (the thread stays readable; who wrote what
  // was deleted is not told: decision 037, "Tombstones")
  return rows.map(({ quotedRow: q, quotedAuthor: qa, ...row }) => ({
    ...row,
    authorId: row.deletedAt ? null : row.authorId,
    author: row.deletedAt ? null : row.author,
    content: row.deletedAt ? '' : row.content,
    mediaUrl: row.deletedAt ? null : row.mediaUrl,
    canReply: reader !== undefined && row.deletedAt === null && canReplyToPost(reader, { authorId: row.authorId, replyControl: row.replyControl }, row.authorFollowsReader),
    quoted:
      showsQuoted(row as Row) && q && qa
        ? { id: q.id, content: q.deletedAt ? '' : q.content, author: q.deletedAt ? null : qa, createdAt: q.createdAt, spoiler: q.spoiler, deleted: q.deletedAt !== null }
        : null,
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
  const finished = finishPosts(items, reader);
  const feed = finished.map((row) => ({ ...row, repostedBy: null, repostedAt: null }));
  return { posts: feed, nextCursor: next_cursor, mentions: await resolveMentions(db, texts(feed)) };
}

/** An entry of the Following timeline: a post (rank 0) or the latest repost of one by a followed member (rank 1). */
export interface TimelineEntry {
  postId: number;
  /** when it entered the timeline (UTC, microseconds, as the cursor keeps it) */
  sortAt: string;
  rank: 0 | 1;
  /** who reposted it (rank 1), with what a feed item shows of them */
  reposter: PostAuthorRow | null;
}

/** A row of the entries statement (followingEntryRows): a post (rank 0) or a repost (rank 1) with its reposter. */
interface EntryRow {
  rank: 0 | 1;
  post_id: number;
  sort_at: string;
  /** a repost's time as PostgreSQL prints it (the next batch's key) */
  at: string | null;
  /** whether it is the latest repost of the post by the reader or a followed member */
  latest: boolean;
  reposter_id: number | null;
  username: string | null;
  full_name: string | null;
  avatar: string | null;
  role: string | null;
}

/**
 * The reader and the members they follow, read inside the statement that needs them (no round trip
 * of its own): `author_id = ANY(…)` over posts_author_timeline_index and
 * post_reposts_user_timeline_index.
 */
const timelineAuthors = (readerId: number): SQL =>
  sql`(ARRAY(SELECT ${follows.followeeId} FROM ${follows} WHERE ${follows.followerId} = ${readerId}) || ${readerId}::int)`;

const laterRepost = alias(postReposts, 'later_repost');

/** Whether no later repost of the same post by the timeline's authors exists (the entry is the post's latest repost). */
function isLatestRepost(db: Executor, authors: SQL, newest: { postId: SQL; createdAt: SQL; userId: SQL }): SQL<boolean> {
  return sql<boolean>`${notExists(
    db
      .select({ one: sql`1` })
      .from(laterRepost)
      .where(
        and(
          sql`${laterRepost.postId} = ${newest.postId}`,
          sql`${laterRepost.userId} = ANY(${authors})`,
          sql`(${laterRepost.createdAt}, ${laterRepost.userId}) > (${newest.createdAt}, ${newest.userId})`,
        ),
      ),
  )}`;
}

interface EntryBounds {
  /** posts (rank 0) after the cursor */
  postsAfter: SQL | undefined;
  /** reposts (rank 1) after the cursor (or after the last batch read) */
  repostsAfter: SQL | undefined;
  /** only what entered the timeline after this time (the window), or everything */
  since: string | undefined;
  limit: number;
  /** how many of the newest reposts are read before the "latest repost of the post" filter */
  batch: number;
}

/**
 * The Following timeline's candidates in ONE statement (docs/decisions/037, "Following in three
 * statements"): the newest `limit + 1` posts of the reader and the members they follow (blocked
 * authors left out) and the newest `batch` reposts by them, each with whether it is the post's latest
 * repost and with its reposter. Whom the reader follows is read inside it, once (a materialised CTE).
 */
function followingEntryRows(db: Executor, readerId: number, b: EntryBounds) {
  const authors = sql`(SELECT ids FROM timeline_authors)::int[]`;
  const postsSince = b.since === undefined ? undefined : sql`${posts.createdAt} > ${b.since}::timestamptz`;
  const repostsSince = b.since === undefined ? undefined : sql`${postReposts.createdAt} > ${b.since}::timestamptz`;
  const repostTime = sql.raw('newest.created_at');
  // raw SQL: hot path — the Following timeline was 7 statements a page (p50 11.5 ms, 8 round trips
  // with the session's); these two reads, once apart and after a read of the follows, are one
  // named statement here (npm run bench, decision 037 "Following in three statements")
  return queryRows<EntryRow>(
    db,
    sql`WITH timeline_authors AS MATERIALIZED (SELECT ${timelineAuthors(readerId)} AS ids)
    (SELECT 0 AS rank, ${posts.id} AS post_id, ${keysetTime(posts.createdAt)} AS sort_at, NULL::text AS at, true AS latest,
            NULL::int AS reposter_id, NULL::text AS username, NULL::text AS full_name, NULL::text AS avatar, NULL::text AS role
       FROM ${posts}
      WHERE ${and(sql`${posts.authorId} = ANY(${authors})`, onTimeline(), notBlockedWith(readerId, posts.authorId), b.postsAfter, postsSince)}
      ORDER BY ${posts.createdAt} DESC, ${posts.id} DESC
      LIMIT ${b.limit + 1})
    UNION ALL
    (SELECT 1, newest.post_id, to_char(${repostTime} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), ${repostTime}::text,
            ${isLatestRepost(db, authors, { postId: sql.raw('newest.post_id'), createdAt: repostTime, userId: sql.raw('newest.user_id') })},
            ${users.id}, ${users.username}, ${users.fullName}, ${users.avatar}, ${users.role}::text
       FROM (SELECT ${postReposts.postId} AS post_id, ${postReposts.createdAt} AS created_at, ${postReposts.userId} AS user_id
               FROM ${postReposts}
              WHERE ${and(sql`${postReposts.userId} = ANY(${authors})`, repostsSince, b.repostsAfter)}
              ORDER BY ${postReposts.createdAt} DESC, ${postReposts.postId} DESC, ${postReposts.userId} DESC
              LIMIT ${b.batch}) AS newest
       JOIN ${users} ON ${users.id} = newest.user_id
      ORDER BY newest.created_at DESC, newest.post_id DESC, newest.user_id DESC)`,
  );
}

/** The key of an entry as the cursor keeps it. */
const entryKey = (entry: TimelineEntry): Cursor => ({ at: entry.sortAt, id: entry.postId, rank: entry.rank });

/** Whether entry `a` comes before `b`, newest first: by time, then rank, then post id, all descending. */
function entryBefore(a: TimelineEntry, b: TimelineEntry): number {
  if (a.sortAt !== b.sortAt) return a.sortAt < b.sortAt ? 1 : -1;
  if (a.rank !== b.rank) return b.rank - a.rank;
  return b.postId - a.postId;
}

const toEntry = (row: EntryRow): TimelineEntry => ({
  postId: row.post_id,
  sortAt: row.sort_at,
  rank: row.rank,
  reposter:
    row.rank === 1 && row.reposter_id !== null
      ? { id: row.reposter_id, username: row.username!, fullName: row.full_name!, avatar: row.avatar, role: row.role! }
      : null,
});

/**
 * The posts and the latest-per-post reposts of the timeline after the cursor, within `since` when
 * given: one statement (followingEntryRows); when the "latest repost" filter left fewer than
 * `limit + 1` reposts of a full batch, the next batches of reposts are read (no gap).
 */
async function readEntryCandidates(db: Executor, readerId: number, b: EntryBounds): Promise<{ own: TimelineEntry[]; reposted: TimelineEntry[] }> {
  const rows = await followingEntryRows(db, readerId, b);
  const own = rows.filter((r) => r.rank === 0).map(toEntry);
  let batchRows = rows.filter((r) => r.rank === 1);
  const reposted: TimelineEntry[] = [];
  for (;;) {
    for (const r of batchRows) if (r.latest && reposted.length < b.limit + 1) reposted.push(toEntry(r));
    if (reposted.length >= b.limit + 1 || batchRows.length < b.batch) return { own, reposted };
    const last = batchRows.at(-1)!;
    batchRows = (
      await followingEntryRows(db, readerId, {
        ...b,
        limit: -1, // no posts: LIMIT 0
        // the batch's order is (time, post, reposter): two reposts of one post at one microsecond are two keys
        repostsAfter: sql`(${postReposts.createdAt}, ${postReposts.postId}, ${postReposts.userId}) < (${last.at}::timestamptz, ${last.post_id}, ${last.reposter_id})`,
      })
    ).filter((r) => r.rank === 1);
  }
}

/**
 * The entries of the Following timeline after `cursor`, at most `limit + 1` (the one more says
 * whether a page follows). Fan-out on read: the posts and the reposts of the reader and the members
 * they follow, each newest first and at most `limit + 1`, merged here by (sort_at, rank, id). Blocks
 * hide the posts here and the reposted posts when the page's posts are read (readFollowingTimeline).
 *
 * Both are read first over a window (FOLLOWING_WINDOW_DAYS before the cursor, or before now): each
 * followed member's range of the two indexes is then a few entries instead of a year's (for the
 * member following 500: ~230 posts read instead of 12,166). The merged page is exact when it is
 * full: every entry left out of the window is older than all of it. Otherwise (a quiet timeline, or
 * the window's end reached) the same read runs without the window.
 */
async function followingEntries(db: Executor, readerId: number, cursor: Cursor | undefined, limit: number): Promise<TimelineEntry[]> {
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
  const windowStart = `${new Date((cursor ? Date.parse(cursor.at) : Date.now()) - FOLLOWING_WINDOW_DAYS * 86_400_000).toISOString().slice(0, -1)}000Z`;
  const merge = ({ own, reposted }: { own: TimelineEntry[]; reposted: TimelineEntry[] }): TimelineEntry[] =>
    [...own, ...reposted].sort(entryBefore).slice(0, limit + 1);
  const bounds: EntryBounds = { postsAfter, repostsAfter, since: windowStart, limit, batch: 2 * (limit + 1) };
  const windowed = merge(await readEntryCandidates(db, readerId, bounds));
  if (windowed.length > limit) return windowed;
  return merge(await readEntryCandidates(db, readerId, { ...bounds, since: undefined }));
}

/** how far back the Following timeline's posts and reposts are read first (followingEntries) */
export const FOLLOWING_WINDOW_DAYS = 7;

/**
 * Following: the live top-level posts and quotes of the members the reader follows and their own,
 * and the reposts by those members (with `reposted_by`), in the order each entered the timeline,
 * newest first; `limit` entries after the cursor. 400 for a cursor the server did not issue (or one
 * of the other tab). Three statements a page: the entries (followingEntryRows), their posts with the
 * quoted ones (hydrateEntries), the @names when there are any. `readerOrId`: the signed-in caller
 * (their role as the session read it: no query) or a member id (the role is read).
 */
export async function readFollowingTimeline(db: Executor, readerOrId: Actor | number, query: TimelineQuery): Promise<FeedPage> {
  const readerId = typeof readerOrId === 'number' ? readerOrId : readerOrId.id;
  let cursor = readCursor(query.cursor);
  // a Following cursor always carries the entry's rank, a For You one never: one of the other tab
  // would name a wrong place (entries skipped or repeated), so it is a 400
  if (cursor && cursor.rank === undefined) throw new ValidationError(POST_READ_MESSAGES.otherTabCursor, 'cursor');
  let reader: Actor | undefined = typeof readerOrId === 'number' ? undefined : readerOrId;
  // Entries whose post is gone (removed between the two reads) or hidden (a repost of a post by a
  // member blocked either way) are dropped after the page is cut: read on from where the page ended
  // until it is full or the timeline ends, so a page is short only on the last one (at most
  // FOLLOWING_FILL_ROUNDS reads: a page that only drops entries ends early rather than never).
  const feed: FeedItemRow[] = [];
  let nextCursor: string | null = null;
  for (let round = 0; round < FOLLOWING_FILL_ROUNDS && feed.length < query.limit; round++) {
    const wanted = query.limit - feed.length;
    const entries = await followingEntries(db, readerId, cursor, wanted);
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
  const rows = (await selectPosts(db, reader.id).where(and(inArray(posts.id, postIds), notBlockedWith(reader.id, posts.authorId)))) as SelectedPost[];
  const byId = new Map(finishPosts(rows, reader).map((row) => [row.id, row]));
  const feed: FeedItemRow[] = [];
  for (const entry of items) {
    const post = byId.get(entry.postId);
    if (!post) continue; // removed between the two reads, or a repost of a post by a member blocked either way
    feed.push({ ...post, repostedBy: entry.reposter, repostedAt: entry.reposter ? new Date(entry.sortAt) : null });
  }
  return feed;
}

/** The reader as the permissions see them (their role: a mod or an admin may always reply). */
async function readerActor(db: Executor, readerId: number): Promise<Actor> {
  const [row] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, readerId));
  return row ?? { id: readerId, role: 'user' };
}

/**
 * Blocked authors' posts hidden from the reader (both ways), but not tombstones: a deleted post names
 * no author, so it shows alike to everyone; hidden from the blocked pair alone, it would tell them
 * whose it was.
 */
function hiddenByBlock(readerId: number | undefined): SQL | undefined {
  const notBlocked = notBlockedWith(readerId, posts.authorId);
  return notBlocked && or(isNotNull(posts.deletedAt), notBlocked);
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
    and(inArray(posts.id, storable), hideBlocked ? hiddenByBlock(reader?.id) : undefined),
  )) as SelectedPost[];
  return finishPosts(rows, reader);
}

/** One post, or a 404 (none, or hidden from the reader by a block). A tombstone is answered as deleted. */
async function readOnePost(db: Executor, id: number, reader?: Actor): Promise<PostRow> {
  const [post] = await readPostsByIds(db, [id], reader);
  if (!post) throw new NotFoundError(POST_READ_MESSAGES.notFound);
  return post;
}

/** A page of replies: POST_REPLIES_PAGE_SIZE of them, oldest first, and where the next starts. */
interface RepliesPage {
  replies: PostRow[];
  nextCursor: string | null;
}

/**
 * The post's replies the reader sees, oldest first, POST_REPLIES_PAGE_SIZE after `cursor` (a
 * `replies_next_cursor`; none: the first page). Keyset on (created_at, id) ascending (decision
 * 033): a reply added meanwhile comes after every one already read, so pages neither repeat nor
 * skip one. A cursor the server did not issue, or one of a timeline, is a 400 on `replies_cursor`.
 */
async function readReplies(db: Executor, id: number, reader: Actor | undefined, cursorValue?: string): Promise<RepliesPage> {
  const cursor = readRepliesCursor(cursorValue);
  const rows = (await selectPosts(db, reader?.id)
    .where(and(eq(posts.parentId, id), eq(posts.kind, 'reply'), hiddenByBlock(reader?.id), keysetAfter(KEYS, cursor, 'asc')))
    .orderBy(...keysetOrder(KEYS, 'asc'))
    .limit(POST_REPLIES_PAGE_SIZE + 1)) as SelectedPost[];
  const { items, next_cursor } = keysetPage(rows, POST_REPLIES_PAGE_SIZE, (row) => ({ at: row.cursorAt, id: row.id }));
  return { replies: finishPosts(items, reader), nextCursor: next_cursor };
}

/** A `replies_cursor`: absent → the first page; one the server did not issue, or a Following one (it carries a rank) → 400. */
function readRepliesCursor(value: string | undefined): Cursor | undefined {
  if (value === undefined || value === '') return undefined;
  const cursor = decodeCursor(value);
  if (!cursor) throw new ValidationError(POST_READ_MESSAGES.badRepliesCursor, 'replies_cursor');
  if (cursor.rank !== undefined) throw new ValidationError(POST_READ_MESSAGES.notRepliesCursor, 'replies_cursor');
  return cursor;
}

/**
 * GET /social/posts/{id}: the post (a tombstone as deleted) with a page of its replies, oldest
 * first: the first, or the one after `repliesCursor` (a previous answer's replies_next_cursor).
 */
export async function readPostDetail(db: Executor, id: number, reader?: Actor, repliesCursor?: string): Promise<PostDetail> {
  // the cursor is checked before any read: a bad one is a 400 whatever the post
  readRepliesCursor(repliesCursor);
  const post = await readOnePost(db, id, reader);
  const { replies, nextCursor } = await readReplies(db, id, reader, repliesCursor);
  return { post, replies, repliesNextCursor: nextCursor, mentions: await resolveMentions(db, texts([post, ...replies])) };
}

/**
 * GET /social/posts/{id}/thread: the post's ancestors (the posts its reply chain answers, root
 * first), the post, then the first page of its replies, oldest first (the next pages:
 * GET /social/posts/{id}?replies_cursor=…). A deleted ancestor shows as deleted; one hidden by a
 * block is left out.
 */
export async function readThread(db: Executor, id: number, reader?: Actor): Promise<Thread> {
  const post = await readOnePost(db, id, reader);
  const ancestorIds = post.kind === 'reply' && post.parentId !== null ? await ancestorsOf(db, post.id) : [];
  const [ancestors, page] = await Promise.all([readPostsByIds(db, ancestorIds, reader), readReplies(db, id, reader)]);
  const order = new Map(ancestorIds.map((ancestorId, i) => [ancestorId, i]));
  ancestors.sort((a, b) => order.get(b.id)! - order.get(a.id)!); // ancestorIds are nearest first
  const conversation = [...ancestors, post, ...page.replies];
  return { conversation, repliesNextCursor: page.nextCursor, mentions: await resolveMentions(db, texts(conversation)) };
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
