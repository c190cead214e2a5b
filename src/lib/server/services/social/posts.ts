// Writing the social feed (contract "Social feed"; spec 2 §3 Post; docs/decisions/037, "API (issue
// 21)"), on the comments' model (services/comments, decision 035): a member posts, replies or
// quotes; the author edits; the author, a mod or an admin deletes; members like and repost
// (toggles); the author of a quoted post detaches a quote.
//
// Counters move in the transaction of the write that changes them, with the counted post's row
// locked first (FOR UPDATE), so they are exact under concurrent requests:
//   replies_count  the post's replies (a reply +1; a deleted reply -1)
//   reposts_count  its reposts and its quotes not detached (a repost or a quote +1; an undone
//                  repost, a deleted or detached quote -1): "the detached post no longer counts the
//                  quote" (contract). Bluesky counts quotes apart; one count keeps the wire's shape.
//   likes_count    its likes
// Locks are always taken parent first, then the post itself (a new reply locks its parent; a
// deletion locks the parent of the deleted post, then the post), so two writes never wait on each
// other in a cycle.
//
// Deleting: a post that has replies, or quotes not detached, stays as a tombstone (deleted_at set,
// content emptied, its likes and reposts removed, out of the timelines) so that its thread stays
// readable; any other post's row is deleted. Either way its parent's counter moves. A tombstone is
// no longer a post one can act on: editing, liking, reposting, deleting it again is a 404, replying
// to it or quoting it a 400 (parent_id).
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { isStorableId } from '../../../ids/path-id.ts';
import { isPostTooLong, POST_MAX_LENGTH } from '../../../social/post-length.ts';
import { canDeletePost, canDetachQuote, canEditPost, canInteract, canReplyToPost, canRepostPost, canWrite, type Actor, type ReplyControl } from '../../../users/permissions.ts';
import { follows, postLikes, postReposts, posts } from '../../db/schema/index.ts';
import { withTransaction, type Executor, type Transaction } from '../../db/transactions.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { BLOCK_MESSAGES, isBlockedBetween, lockInteractions } from '../blocks/block-rules.ts';
import { readPostsByIds, type PostRow } from './post-reads.ts';
import { feedChanged } from './feed-version.ts';

export const POST_MESSAGES = {
  blank: 'Post content cannot be empty',
  tooLong: `Post content must be at most ${POST_MAX_LENGTH} characters`,
  notFound: 'Post not found',
  parentNotFound: 'The post replied to or quoted was not found',
  parentDeleted: 'The post replied to or quoted was deleted',
  kindWithoutParent: 'kind needs parent_id: the post replied to or quoted',
  repliesLimited: 'The author limits who can reply to this post',
  blocked: BLOCK_MESSAGES.interact,
  ownRepost: "You can't repost your own post",
  nothingToChange: 'Give at least one of content, reply_control, spoiler',
  notAQuote: 'This post is not a quote',
} as const;

export interface PostCreateInput {
  content: string;
  parentId?: number;
  kind?: 'reply' | 'quote';
  replyControl?: ReplyControl;
  spoiler?: boolean;
}

export interface PostEditInput {
  content?: string;
  replyControl?: ReplyControl;
  spoiler?: boolean;
}

/** The content as stored: trimmed, non-blank, at most POST_MAX_LENGTH characters (code points). */
export function checkPostContent(raw: string): string {
  const content = raw.trim();
  if (content === '') throw new ValidationError(POST_MESSAGES.blank, 'content');
  if (isPostTooLong(content)) throw new ValidationError(POST_MESSAGES.tooLong, 'content');
  return content;
}

/** A post's row, locked for the rest of the transaction; undefined when there is none. */
async function lockPost(tx: Transaction, id: number) {
  if (!isStorableId(id)) return undefined;
  const [row] = await tx
    .select({
      id: posts.id,
      authorId: posts.authorId,
      kind: posts.kind,
      parentId: posts.parentId,
      replyControl: posts.replyControl,
      quoteDetached: posts.quoteDetached,
      deletedAt: posts.deletedAt,
      likesCount: posts.likesCount,
      repostsCount: posts.repostsCount,
    })
    .from(posts)
    .where(eq(posts.id, id))
    .for('update');
  return row;
}

type LockedPost = NonNullable<Awaited<ReturnType<typeof lockPost>>>;

/** The live post, locked; else a 404 (none, or a tombstone). */
async function lockLivePost(tx: Transaction, id: number): Promise<LockedPost> {
  const post = await lockPost(tx, id);
  if (!post || post.deletedAt !== null) throw new NotFoundError(POST_MESSAGES.notFound);
  return post;
}

/** Whether `authorId` follows `memberId` (reply_control `following`). */
async function follows_(tx: Executor, authorId: number, memberId: number): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(follows)
    .where(and(eq(follows.followerId, authorId), eq(follows.followeeId, memberId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Before a post's row is locked for a write between `user` and its author (a reply, a quote, a like,
 * a repost): the pair's interaction lock (block-rules.ts lockInteractions), so a block between them
 * being written meanwhile is waited for, then seen. The author never changes, so it is read unlocked.
 */
async function lockMembersOfPost(tx: Executor, user: Actor, postId: number): Promise<void> {
  if (!isStorableId(postId)) return;
  const [post] = await tx.select({ authorId: posts.authorId }).from(posts).where(eq(posts.id, postId));
  await lockInteractions(tx, user.id, [post?.authorId]);
}

/** 403 across a block with the post's author (either way). */
async function assertNotBlocked(tx: Executor, user: Actor, authorId: number): Promise<void> {
  if (!canInteract(user, { id: authorId }, await isBlockedBetween(tx, user.id, authorId))) throw new ForbiddenError(POST_MESSAGES.blocked);
}

/** The post as answered after a write, read in the write's transaction. */
async function answerPost(tx: Transaction, id: number, user: Actor): Promise<PostRow> {
  const [row] = await readPostsByIds(tx, [id], user, false);
  return row!;
}

/**
 * Creates a post, a reply (`parent_id`, kind reply: the default) or a quote (`parent_id`, kind
 * quote) by `user`. 400 for bad content, a kind without parent_id, or a parent deleted; 404 for no
 * parent; 403 when the parent's author limits replies (reply_control) or across a block.
 */
export async function createPost(db: Executor, user: Actor, input: PostCreateInput): Promise<PostRow> {
  // a top-level post asks no other rule: this one (a suspended member writes nothing) is its check
  if (!canWrite(user)) throw new ForbiddenError();
  const content = checkPostContent(input.content);
  if (input.kind !== undefined && input.parentId === undefined) throw new ValidationError(POST_MESSAGES.kindWithoutParent, 'kind');
  const kind = input.parentId === undefined ? 'post' : (input.kind ?? 'reply');
  return withTransaction(db, async (tx) => {
    let parentId: number | null = null;
    if (input.parentId !== undefined) {
      // the parent's row is locked until the new post and its count are written (exact under concurrent replies and quotes)
      await lockMembersOfPost(tx, user, input.parentId);
      const parent = await lockPost(tx, input.parentId);
      if (!parent) throw new NotFoundError(POST_MESSAGES.parentNotFound);
      if (parent.deletedAt !== null) throw new ValidationError(POST_MESSAGES.parentDeleted, 'parent_id');
      await assertNotBlocked(tx, user, parent.authorId);
      if (kind === 'reply') {
        const allowed = canReplyToPost(user, parent, parent.replyControl === 'following' && (await follows_(tx, parent.authorId, user.id)));
        if (!allowed) throw new ForbiddenError(POST_MESSAGES.repliesLimited);
      }
      parentId = parent.id;
    }
    const [created] = await tx
      .insert(posts)
      .values({ authorId: user.id, kind, parentId, content, replyControl: input.replyControl ?? 'everyone', spoiler: input.spoiler ?? false })
      .returning({ id: posts.id });
    if (parentId !== null) {
      await tx
        .update(posts)
        .set(kind === 'reply' ? { repliesCount: sql`${posts.repliesCount} + 1` } : { repostsCount: sql`${posts.repostsCount} + 1` })
        .where(eq(posts.id, parentId));
    }
    feedChanged(tx);
    return answerPost(tx, created!.id, user);
  });
}

/** The author edits the content, the reply control or the spoiler flag: 404 for none (or deleted), 403 for anyone else. */
export async function editPost(db: Executor, user: Actor, id: number, input: PostEditInput): Promise<PostRow> {
  if (input.content === undefined && input.replyControl === undefined && input.spoiler === undefined) {
    throw new ValidationError(POST_MESSAGES.nothingToChange, 'content');
  }
  const content = input.content === undefined ? undefined : checkPostContent(input.content);
  return withTransaction(db, async (tx) => {
    const post = await lockLivePost(tx, id);
    if (!canEditPost(user, post)) throw new ForbiddenError();
    await tx
      .update(posts)
      .set({
        ...(content === undefined ? {} : { content, editedAt: sql`now()` }),
        ...(input.replyControl === undefined ? {} : { replyControl: input.replyControl }),
        ...(input.spoiler === undefined ? {} : { spoiler: input.spoiler }),
      })
      .where(eq(posts.id, id));
    feedChanged(tx);
    return answerPost(tx, id, user);
  });
}

/** Whether a live counted post points at it: a reply, or a quote not detached nor deleted (then it stays as a tombstone). */
async function isAnswered(tx: Transaction, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(posts)
    .where(and(eq(posts.parentId, id), or(eq(posts.kind, 'reply'), and(eq(posts.kind, 'quote'), eq(posts.quoteDetached, false), isNull(posts.deletedAt)))))
    .limit(1);
  return row !== undefined;
}

/**
 * Locks the post for its removal: its parent first (the order a new reply takes them), then the
 * post. Undefined when there is no post, or only its tombstone.
 */
async function lockPostForRemoval(tx: Transaction, id: number): Promise<LockedPost | undefined> {
  if (!isStorableId(id)) return undefined;
  const [seen] = await tx.select({ parentId: posts.parentId }).from(posts).where(eq(posts.id, id));
  if (!seen) return undefined;
  if (seen.parentId !== null) await lockPost(tx, seen.parentId);
  const post = await lockPost(tx, id);
  if (!post || post.deletedAt !== null) return undefined;
  if (post.parentId !== null && post.parentId !== seen.parentId) await lockPost(tx, post.parentId);
  return post;
}

/**
 * Removes a post locked by lockPostForRemoval: a tombstone when it is answered (replies, or quotes
 * not detached), else its row; its parent's counter moves. Also the removal a report's `remove`
 * makes (services/reports).
 */
async function removeLockedPost(tx: Transaction, post: LockedPost): Promise<void> {
  if (await isAnswered(tx, post.id)) {
    const reposts = await tx.delete(postReposts).where(eq(postReposts.postId, post.id)).returning({ userId: postReposts.userId });
    await tx.delete(postLikes).where(eq(postLikes.postId, post.id));
    await tx
      .update(posts)
      .set({
        deletedAt: sql`now()`,
        content: '',
        mediaUrl: null,
        likesCount: 0,
        repostsCount: sql`greatest(${posts.repostsCount} - ${reposts.length}, 0)`,
      })
      .where(eq(posts.id, post.id));
  } else {
    await tx.delete(posts).where(eq(posts.id, post.id));
  }
  if (post.parentId !== null) {
    if (post.kind === 'reply') {
      await tx
        .update(posts)
        .set({ repliesCount: sql`greatest(${posts.repliesCount} - 1, 0)` })
        .where(eq(posts.id, post.parentId));
    } else if (post.kind === 'quote' && !post.quoteDetached) {
      await tx
        .update(posts)
        .set({ repostsCount: sql`greatest(${posts.repostsCount} - 1, 0)` })
        .where(eq(posts.id, post.parentId));
    }
  }
  feedChanged(tx);
}

/** The author, a mod or an admin deletes the post (a tombstone when answered): 404 for none, 403 for anyone else. */
export async function deletePost(db: Executor, user: Actor, id: number): Promise<void> {
  await withTransaction(db, async (tx) => {
    const post = await lockPostForRemoval(tx, id);
    if (!post) throw new NotFoundError(POST_MESSAGES.notFound);
    if (!canDeletePost(user, post)) throw new ForbiddenError();
    await removeLockedPost(tx, post);
  });
}

/** A report's `remove` (services/reports), inside its transaction: the post goes as the author's deletion would; nothing when it is gone. */
export async function removeReportedPost(tx: Transaction, id: number): Promise<void> {
  const post = await lockPostForRemoval(tx, id);
  if (post) await removeLockedPost(tx, post);
}

export interface LikeState {
  isLiked: boolean;
  likesCount: number;
}

export interface RepostState {
  isReposted: boolean;
  repostsCount: number;
}

/**
 * Likes the post, or takes the like back when the member already likes it. The post's row is locked
 * first, then the like is inserted or deleted: the count is exact under concurrent toggles. 404 for
 * no post (or a tombstone); 403 across a block.
 */
export async function toggleLike(db: Executor, user: Actor, id: number): Promise<LikeState> {
  if (!canWrite(user)) throw new ForbiddenError();
  return withTransaction(db, async (tx) => {
    await lockMembersOfPost(tx, user, id);
    const post = await lockLivePost(tx, id);
    await assertNotBlocked(tx, user, post.authorId);
    const removed = await tx
      .delete(postLikes)
      .where(and(eq(postLikes.userId, user.id), eq(postLikes.postId, id)))
      .returning({ postId: postLikes.postId });
    if (!removed.length) await tx.insert(postLikes).values({ userId: user.id, postId: id });
    const [row] = await tx
      .update(posts)
      .set({ likesCount: removed.length ? sql`greatest(${posts.likesCount} - 1, 0)` : sql`${posts.likesCount} + 1` })
      .where(eq(posts.id, id))
      .returning({ likesCount: posts.likesCount });
    feedChanged(tx);
    return { isLiked: !removed.length, likesCount: row!.likesCount };
  });
}

/**
 * Reposts the post, or takes the repost back: as toggleLike. 400 for one's own post; 404 for no
 * post (or a tombstone); 403 across a block.
 */
export async function toggleRepost(db: Executor, user: Actor, id: number): Promise<RepostState> {
  if (!canWrite(user)) throw new ForbiddenError();
  return withTransaction(db, async (tx) => {
    await lockMembersOfPost(tx, user, id);
    const post = await lockLivePost(tx, id);
    if (!canRepostPost(user, post)) throw new ValidationError(POST_MESSAGES.ownRepost); // canWrite held above: only one's own post is left
    await assertNotBlocked(tx, user, post.authorId);
    const removed = await tx
      .delete(postReposts)
      .where(and(eq(postReposts.userId, user.id), eq(postReposts.postId, id)))
      .returning({ postId: postReposts.postId });
    if (!removed.length) await tx.insert(postReposts).values({ userId: user.id, postId: id });
    const [row] = await tx
      .update(posts)
      .set({ repostsCount: removed.length ? sql`greatest(${posts.repostsCount} - 1, 0)` : sql`${posts.repostsCount} + 1` })
      .where(eq(posts.id, id))
      .returning({ repostsCount: posts.repostsCount });
    feedChanged(tx);
    return { isReposted: !removed.length, repostsCount: row!.repostsCount };
  });
}

/**
 * The author of a quoted post detaches a quote of it: the quote keeps its text, no longer shows the
 * quoted post (`quoted_post` null, `quote_detached` true), and the quoted post counts it no more.
 * Idempotent. 404 for no such post or one that is not a quote (or deleted); 403 for anyone but the
 * quoted post's author.
 */
export async function detachQuote(db: Executor, user: Actor, quoteId: number): Promise<PostRow> {
  return withTransaction(db, async (tx) => {
    if (!isStorableId(quoteId)) throw new NotFoundError(POST_MESSAGES.notFound);
    const [seen] = await tx.select({ parentId: posts.parentId }).from(posts).where(eq(posts.id, quoteId));
    if (!seen) throw new NotFoundError(POST_MESSAGES.notFound);
    // the quoted post first, then the quote (parent, then child: the order every write takes)
    const quoted = seen.parentId === null ? undefined : await lockPost(tx, seen.parentId);
    const quote = await lockLivePost(tx, quoteId);
    if (quote.kind !== 'quote') throw new NotFoundError(POST_MESSAGES.notAQuote);
    if (!quoted || quote.parentId !== quoted.id || !canDetachQuote(user, quoted)) throw new ForbiddenError();
    if (!quote.quoteDetached) {
      await tx.update(posts).set({ quoteDetached: true }).where(eq(posts.id, quoteId));
      await tx
        .update(posts)
        .set({ repostsCount: sql`greatest(${posts.repostsCount} - 1, 0)` })
        .where(and(eq(posts.id, quoted.id), ne(posts.id, quoteId)));
      feedChanged(tx);
    }
    return answerPost(tx, quoteId, user);
  });
}
