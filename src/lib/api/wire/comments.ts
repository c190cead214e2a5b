// The comments, reactions, reports and blocks calls (spec 2 §3 Comment and Reaction, §7; contract
// "Comments and reactions"; docs/decisions/035). Field names are the spec's (snake_case).
import { z } from '@hono/zod-openapi';
import { ROLES } from '../../users/roles.ts';
import { COMMENT_MAX_LENGTH } from '../../comments/comment-length.ts';
import { MemberModerationSchema } from './editing.ts';

/** Reaction types (spec 2 §9). */
export const REACTION_TYPES = ['like', 'love', 'laugh'] as const;
/** Report reasons (docs/decisions/035). */
export const REPORT_REASONS = ['spam', 'harassment', 'spoiler', 'hate', 'other'] as const;
/** What a report is about. */
export const REPORT_TARGETS = ['comment', 'post'] as const;
/** How a mod or an admin resolves a report. */
export const REPORT_ACTIONS = ['dismiss', 'remove'] as const;
/** Longest comment or reply, in characters after trimming (contract): lib/comments/comment-length.ts */
export { COMMENT_MAX_LENGTH };
/** Longest report note. */
export const REPORT_NOTE_MAX_LENGTH = 500;

export const ReactionTypeSchema = z.enum(REACTION_TYPES).openapi('ReactionType');

/** The author of a comment as a comment shows them (spec 2 §3 Comment.user). */
export const CommentAuthorSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    name: z.string().openapi({ description: 'the name to show (display name, else full name, else username)' }),
    avatar: z.string().nullable(),
    role: z.enum(ROLES),
  })
  .openapi('CommentAuthor');

/** Exact counts of each reaction type. */
export const ReactionCountsSchema = z
  .object({ like: z.number().int(), love: z.number().int(), laugh: z.number().int() })
  .openapi('ReactionCounts');

const commentFields = {
  id: z.number().int(),
  content: z.string().openapi({ description: 'as written: plain text, with `||inline spoilers||` and `@mentions` in it' }),
  spoiler: z.boolean().openapi({ description: 'the whole comment is a spoiler: shown hidden until the reader opens it' }),
  created_at: z.string(),
  updated_at: z.string().openapi({ description: 'the last edit, else created_at' }),
  edited: z.boolean().openapi({ description: "edited after posting: shown as '(edited)'" }),
  dorama_id: z.number().int().nullable(),
  profile_user_id: z.number().int().nullable(),
  parent_id: z.number().int().nullable().openapi({ description: 'the top-level comment a reply answers; null on a top-level comment' }),
  user: CommentAuthorSchema,
  reactions: ReactionCountsSchema,
  my_reaction: z
    .object({ id: z.number().int(), type: ReactionTypeSchema })
    .nullable()
    .optional()
    .openapi({ description: "the caller's reaction to this comment; only when a token is sent" }),
};

/** A reply (one level: a reply has no replies). */
export const ReplySchema = z.object(commentFields).openapi('Reply');

/** A comment with all its replies, oldest first. */
export const CommentSchema = z
  .object({
    ...commentFields,
    replies: z.array(ReplySchema),
    replies_count: z.number().int(),
  })
  .openapi('Comment');

const MentionsSchema = z
  .record(z.string(), z.number().int())
  .openapi({ description: 'lower-cased @username → member id, for the names in this text that belong to members (only those are links)' });

/** POST /comments/: the new comment, with its @names resolved (so they are links at once, as a page would show them). */
export const CommentCreatedSchema = CommentSchema.extend({ mentions: MentionsSchema }).openapi('CommentCreated');

/** GET /comments: one page of a target's top-level comments (contract "Comments and reactions"). */
export const CommentPageSchema = z
  .object({
    comments: z.array(CommentSchema),
    total: z.number().int().openapi({ description: 'top-level comments of the target' }),
    page: z.number().int(),
    page_size: z.number().int(),
    pages: z.number().int(),
    next_cursor: z.string().nullable().openapi({ description: 'send as `cursor` for the next page (no duplicate, no gap); null on the last page' }),
    mentions: z
      .record(z.string(), z.number().int())
      .openapi({ description: 'lower-cased @username → member id, for the names in this page that belong to members (only those are links)' }),
    can_comment: z
      .boolean()
      .optional()
      .openapi({ description: 'whether the caller may comment here (false when blocked by or blocking the profile owner); only when a token is sent' }),
  })
  .openapi('CommentPage');

/** POST /comments/: exactly one of dorama_id and profile_user_id; reply_to_id a top-level comment of the same target. */
export const CommentCreateSchema = z
  .object({
    content: z.string().openapi({ description: `trimmed; non-blank; at most ${COMMENT_MAX_LENGTH} characters` }),
    dorama_id: z.number().int().optional(),
    profile_user_id: z.number().int().optional(),
    reply_to_id: z.number().int().optional(),
    spoiler: z.boolean().optional().openapi({ description: 'default false' }),
  })
  .openapi('CommentCreate');

/** PUT /comments/{id}: the new content (and spoiler flag, when sent). */
export const CommentUpdateSchema = z
  .object({
    content: z.string().openapi({ description: `trimmed; non-blank; at most ${COMMENT_MAX_LENGTH} characters` }),
    spoiler: z.boolean().optional().openapi({ description: 'unchanged when absent' }),
  })
  .openapi('CommentUpdate');

/** The answer of PUT /comments/{id}. */
export const CommentUpdatedSchema = z
  .object({ id: z.number().int(), content: z.string(), spoiler: z.boolean(), updated_at: z.string(), mentions: MentionsSchema })
  .openapi('CommentUpdated');

/** A member's reaction (spec 2 §3 Reaction). */
export const ReactionSchema = z
  .object({ id: z.number().int(), type: ReactionTypeSchema, comment_id: z.number().int() })
  .openapi('Reaction');

/** POST /reactions/: the reaction, with the comment's counts after it (to correct the island's). */
export const ReactionSavedSchema = ReactionSchema.extend({ reactions: ReactionCountsSchema }).openapi('ReactionSaved');

export const ReactionCreateSchema = z.object({ type: ReactionTypeSchema, comment_id: z.number().int() }).openapi('ReactionCreate');

/** POST /reports. */
export const ReportCreateSchema = z
  .object({
    target_type: z.enum(REPORT_TARGETS),
    target_id: z.number().int(),
    reason: z.enum(REPORT_REASONS),
    note: z.string().optional().openapi({ description: `optional; at most ${REPORT_NOTE_MAX_LENGTH} characters` }),
  })
  .openapi('ReportCreate');

/** A report as its reporter sees it (the answer of POST /reports). */
export const ReportSchema = z
  .object({
    id: z.number().int(),
    target_type: z.enum(REPORT_TARGETS),
    target_id: z.number().int(),
    reason: z.enum(REPORT_REASONS),
    note: z.string().nullable(),
    status: z.enum(['open', 'resolved']),
    action: z.enum(REPORT_ACTIONS).nullable(),
    created_at: z.string(),
    resolved_at: z.string().nullable(),
  })
  .openapi('Report');

/** A report as mods and admins see it (GET /reports): who reported, and what (null once removed). */
export const ModerationReportSchema = ReportSchema.extend({
  reporter: CommentAuthorSchema,
  // a union, not .nullable(): a nullable reference must let null through (anyOf), tests/unit/api/openapi-document.test.ts
  resolver: z.union([CommentAuthorSchema, z.null()]),
  target: z
    .object({
      content: z.string(),
      author: CommentAuthorSchema,
      created_at: z.string(),
      url: z.string().openapi({ description: 'where it is shown on the site' }),
    })
    .nullable(),
  member_action_id: z.number().int().nullable().openapi({ description: "the action taken on the author when it was resolved with one (GET /users/{id}/moderation)" }),
}).openapi('ModerationReport');

/** GET /reports: newest first, with a cursor as well as the page. */
export const ReportPageSchema = z
  .object({
    items: z.array(ModerationReportSchema),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
    next_cursor: z.string().nullable(),
  })
  .openapi('ReportPage');

/** POST /reports/{id}/resolve. */
export const ReportResolveSchema = z
  .object({
    action: z.enum(REPORT_ACTIONS),
    member_action: MemberModerationSchema.optional().openapi({
      description: "also moderate the reported comment's or post's author, in the same transaction (contract \"Moderating members\"; mods cannot act on mods or admins)",
    }),
  })
  .openapi('ReportResolve');

/** POST / DELETE /users/{id}/block. */
export const BlockStateSchema = z.object({ blocked: z.boolean() }).openapi('BlockState');

/** A member the caller blocked (GET /users/me/blocks). */
export const BlockedMemberSchema = CommentAuthorSchema.extend({ blocked_at: z.string() }).openapi('BlockedMember');

export const BlockedPageSchema = z
  .object({
    items: z.array(BlockedMemberSchema),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  })
  .openapi('BlockedPage');
