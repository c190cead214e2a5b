import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { dramas, people } from './catalogue.ts';
import {
  activityKind,
  editSource,
  editTarget,
  memberField,
  listStatus,
  postKind,
  reactionType,
  replyControl,
  reportAction,
  reportReason,
  reportStatus,
  reportTarget,
  suggestionStatus,
} from './enums.ts';
import { users } from './users.ts';

const id = () => integer().primaryKey().generatedByDefaultAsIdentity();
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const userRef = () => integer().notNull().references(() => users.id, { onDelete: 'cascade' });
const dramaRef = () => integer().notNull().references(() => dramas.id, { onDelete: 'cascade' });
const personRef = () => integer().notNull().references(() => people.id, { onDelete: 'cascade' });

/**
 * A member's watch-list entry: one per member and drama. `startedAt`/`finishedAt` are the current
 * cycle's dates; a rewatch moves them to list_entry_cycles and counts one more rewatch
 * (docs/decisions/020).
 */
export const listEntries = pgTable(
  'list_entries',
  {
    id: id(),
    userId: userRef(),
    dramaId: dramaRef(),
    status: listStatus().notNull(),
    score: smallint(),
    progress: integer(),
    notes: text(),
    rewatchCount: smallint().notNull().default(0),
    startedAt: date({ mode: 'string' }),
    finishedAt: date({ mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.userId, t.dramaId),
    index().on(t.dramaId, t.score),
    index().on(t.userId, t.status),
    // a member's entries most recently changed first (the lists' order), and their version (count, latest change)
    index('list_entries_user_id_updated_at_index').on(t.userId, t.updatedAt.desc(), t.dramaId),
    check('list_entries_score_range', sql`${t.score} IS NULL OR ${t.score} BETWEEN 1 AND 10`),
    check('list_entries_progress_min', sql`${t.progress} IS NULL OR ${t.progress} >= 0`),
    check('list_entries_rewatch_min', sql`${t.rewatchCount} >= 0`),
    check('list_entries_dates_order', sql`${t.finishedAt} IS NULL OR ${t.startedAt} IS NULL OR ${t.finishedAt} >= ${t.startedAt}`),
  ],
);

/** The dates of an entry's earlier viewings, kept when a rewatch starts a new cycle. */
export const listEntryCycles = pgTable(
  'list_entry_cycles',
  {
    userId: userRef(),
    dramaId: dramaRef(),
    /** 1 for the first viewing */
    cycle: smallint().notNull(),
    startedAt: date({ mode: 'string' }),
    finishedAt: date({ mode: 'string' }),
    /** when the rewatch that closed it started */
    closedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dramaId, t.cycle] })],
);

/**
 * The activity timeline and each entry's history: one item per real change of status, score or
 * progress (or a rewatch), with the values before and after and the viewing cycle it belongs to.
 */
export const activities = pgTable(
  'activities',
  {
    id: id(),
    userId: userRef(),
    dramaId: dramaRef(),
    kind: activityKind().notNull().default('updated'),
    newStatus: listStatus().notNull(),
    score: smallint(),
    progress: integer(),
    /** the values before the change; null for an entry just added */
    previousStatus: listStatus(),
    previousScore: smallint(),
    previousProgress: integer(),
    /** 1 + the entry's rewatch count when it happened */
    cycle: smallint().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.createdAt), index().on(t.userId, t.dramaId, t.createdAt)],
);

export const favouriteDramas = pgTable(
  'favourite_dramas',
  { userId: userRef(), dramaId: dramaRef(), createdAt: createdAt() },
  (t) => [primaryKey({ columns: [t.userId, t.dramaId] }), index().on(t.dramaId)],
);

export const favouritePeople = pgTable(
  'favourite_people',
  { userId: userRef(), personId: personRef(), createdAt: createdAt() },
  (t) => [primaryKey({ columns: [t.userId, t.personId] }), index().on(t.personId)],
);

export const follows = pgTable(
  'follows',
  {
    followerId: userRef(),
    followeeId: userRef(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index().on(t.followeeId, t.createdAt),
    index().on(t.followerId, t.createdAt),
    check('follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/**
 * When a viewer's view of a profile last counted: one row per viewer and profile; a view counts
 * again only 24 hours after the last counted one (docs/decisions/024).
 */
export const profileViews = pgTable(
  'profile_views',
  {
    profileUserId: userRef(),
    viewerId: userRef(),
    countedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.profileUserId, t.viewerId] })],
);

export const personHearts = pgTable(
  'person_hearts',
  { userId: userRef(), personId: personRef(), createdAt: createdAt() },
  (t) => [primaryKey({ columns: [t.userId, t.personId] }), index().on(t.personId)],
);

/**
 * Comments on a drama or on a member's profile; replies are one level deep. The counters are moved in
 * the transaction of the write that changes them (a reaction, a reply), docs/decisions/035.
 */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    userId: userRef(),
    dramaId: integer().references(() => dramas.id, { onDelete: 'cascade' }),
    profileUserId: integer().references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer().references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    /** the whole comment is a spoiler (contract "Spoilers"); inline `||text||` stays in the content */
    spoiler: boolean().notNull().default(false),
    likeCount: integer().notNull().default(0),
    loveCount: integer().notNull().default(0),
    laughCount: integer().notNull().default(0),
    /** replies of a top-level comment (0 on a reply) */
    repliesCount: integer().notNull().default(0),
    createdAt: createdAt(),
    /** set when the author edits; shown as '(edited)' */
    editedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // the top-level comments of one target, both orders (keyset on created_at, id)
    index('comments_drama_top_level_index').on(t.dramaId, t.createdAt, t.id).where(sql`${t.parentId} IS NULL`),
    index('comments_profile_top_level_index').on(t.profileUserId, t.createdAt, t.id).where(sql`${t.parentId} IS NULL`),
    index().on(t.parentId, t.createdAt),
    index().on(t.userId),
    check('comments_one_target', sql`num_nonnulls(${t.dramaId}, ${t.profileUserId}) = 1`),
    check('comments_counts_min', sql`${t.likeCount} >= 0 AND ${t.loveCount} >= 0 AND ${t.laughCount} >= 0 AND ${t.repliesCount} >= 0`),
  ],
);

export const commentReactions = pgTable(
  'comment_reactions',
  {
    id: id(),
    userId: userRef(),
    commentId: integer().notNull().references(() => comments.id, { onDelete: 'cascade' }),
    type: reactionType().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.userId, t.commentId), index().on(t.commentId)],
);

/**
 * A member blocks another: their comments and posts are hidden from each other both ways, and
 * neither can reply to, react to, like, repost, quote or follow the other (docs/decisions/035).
 */
export const blocks = pgTable(
  'blocks',
  { blockerId: userRef(), blockedId: userRef(), createdAt: createdAt() },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index().on(t.blockedId),
    index().on(t.blockerId, t.createdAt),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** A member's report of a comment or a post, for mods and admins to resolve; one open per member and target. */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    reporterId: userRef(),
    targetType: reportTarget().notNull(),
    targetId: integer().notNull(),
    reason: reportReason().notNull(),
    note: text(),
    status: reportStatus().notNull().default('open'),
    action: reportAction(),
    resolverId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** the action taken on the target's author when the report was resolved with one (issue 22) */
    memberActionId: integer().references((): AnyPgColumn => memberModerationActions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reports_one_open_per_reporter').on(t.reporterId, t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index().on(t.status, t.createdAt, t.id),
    index().on(t.targetType, t.targetId),
  ],
);

/**
 * Feed posts; a reply or a quote points at its parent (a quote's parent is the quoted post). The
 * counters are moved in the transaction of the write that changes them (a like, a repost, a reply,
 * a quote). A deleted post that others answered stays as a tombstone (`deleted_at`, content
 * emptied) so that its thread stays readable (contract "Social feed").
 */
export const posts = pgTable(
  'posts',
  {
    id: id(),
    authorId: userRef(),
    kind: postKind().notNull().default('post'),
    parentId: integer().references((): AnyPgColumn => posts.id, { onDelete: 'set null' }),
    content: text().notNull(),
    mediaUrl: text(),
    /** the whole post is a spoiler (contract "Spoilers"); inline `||text||` stays in the content */
    spoiler: boolean().notNull().default(false),
    /** who may reply: everyone, the members the author follows, nobody (Bluesky-style) */
    replyControl: replyControl().notNull().default('everyone'),
    /** the quoted post's author detached this quote: it no longer shows nor counts the quoted post */
    quoteDetached: boolean().notNull().default(false),
    repliesCount: integer().notNull().default(0),
    repostsCount: integer().notNull().default(0),
    likesCount: integer().notNull().default(0),
    createdAt: createdAt(),
    editedAt: timestamp({ withTimezone: true }),
    /** deleted while answered: kept as a tombstone so the thread stays readable */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.createdAt),
    index().on(t.authorId, t.createdAt),
    index().on(t.parentId, t.createdAt),
    // For You: every member's live top-level posts and quotes, newest first (keyset on created_at, id)
    index('posts_timeline_index').on(t.createdAt, t.id).where(sql`${t.kind} <> 'reply' AND ${t.deletedAt} IS NULL`),
    // Following: the live top-level posts and quotes of given authors, newest first
    index('posts_author_timeline_index').on(t.authorId, t.createdAt, t.id).where(sql`${t.kind} <> 'reply' AND ${t.deletedAt} IS NULL`),
    check('posts_counts_min', sql`${t.repliesCount} >= 0 AND ${t.repostsCount} >= 0 AND ${t.likesCount} >= 0`),
    check('posts_parent_kind', sql`${t.kind} <> 'post' OR ${t.parentId} IS NULL`),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    userId: userRef(),
    postId: integer().notNull().references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index().on(t.postId)],
);

export const postReposts = pgTable(
  'post_reposts',
  {
    userId: userRef(),
    postId: integer().notNull().references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index().on(t.postId), index('post_reposts_user_timeline_index').on(t.userId, t.createdAt, t.postId)],
);

/**
 * A member's proposed change to a drama or a person (contract "Catalogue editing and review",
 * docs/decisions/038). `changes` keeps, per field, the record's value when the suggestion was made
 * (`from`) and the proposed one (`to`): approving it after one of those fields changed on the record
 * is a 409 naming them, never a silent overwrite.
 */
export const editSuggestions = pgTable(
  'edit_suggestions',
  {
    id: id(),
    targetType: editTarget().notNull(),
    targetId: integer().notNull(),
    /** the member who suggested it (null once their account is gone) */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** field -> { from, to } (wire values: lib/catalogue-editing) */
    changes: jsonb().notNull(),
    /** where the member found it (optional; MusicBrainz's edit note) */
    sourceNote: text(),
    status: suggestionStatus().notNull().default('pending'),
    reviewerId: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewNote: text(),
    createdAt: createdAt(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('edit_suggestions_queue_index').on(t.status, t.createdAt, t.id),
    index('edit_suggestions_pending_target_index').on(t.targetType, t.targetId).where(sql`${t.status} = 'pending'`),
    index('edit_suggestions_author_index').on(t.userId, t.createdAt, t.id),
  ],
);

/**
 * Every applied change to a drama or a person, in the transaction that applied it: each field's
 * `from` and `to`, who wrote it (`user_id`: the suggestion's author, else who applied it), who
 * applied it, and how (a direct edit, an approved suggestion, a revert of an earlier entry).
 */
export const editHistory = pgTable(
  'edit_history',
  {
    id: id(),
    targetType: editTarget().notNull(),
    targetId: integer().notNull(),
    /** who wrote the change */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** the mod or admin who applied it */
    appliedById: integer().references(() => users.id, { onDelete: 'set null' }),
    source: editSource().notNull(),
    suggestionId: integer().references(() => editSuggestions.id, { onDelete: 'set null' }),
    /** for a revert: the entry it undid */
    revertsId: integer().references((): AnyPgColumn => editHistory.id, { onDelete: 'set null' }),
    /** field -> { from, to } */
    changes: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('edit_history_target_index').on(t.targetType, t.targetId, t.createdAt, t.id)],
);

/**
 * A field of a drama or a person that mods locked against suggestions (TMDB's and TVmaze's locks): a
 * suggestion touching it is a 409 naming it; mods and admins still edit it directly.
 */
export const catalogueFieldLocks = pgTable(
  'catalogue_field_locks',
  {
    targetType: editTarget().notNull(),
    targetId: integer().notNull(),
    field: text().notNull(),
    lockedById: integer().references(() => users.id, { onDelete: 'set null' }),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.targetType, t.targetId, t.field] })],
);

/**
 * What a mod or an admin did to a member (contract "Moderating members"): fields cleared, a
 * suspension set (`suspend_until`) or lifted (`suspension_changed` with a null date), always with
 * who and why; a report resolved with it points here (reports.member_action_id).
 */
export const memberModerationActions = pgTable(
  'member_moderation_actions',
  {
    id: id(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    moderatorId: integer().references(() => users.id, { onDelete: 'set null' }),
    cleared: memberField().array().notNull().default(sql`'{}'::member_field[]`),
    /** whether this action set or lifted the suspension (then suspend_until is the new value, null = lifted) */
    suspensionChanged: boolean().notNull().default(false),
    suspendUntil: timestamp({ withTimezone: true }),
    note: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('member_moderation_actions_member_index').on(t.userId, t.createdAt, t.id)],
);
