// Reports (contract "Comments and reactions", "Reports and blocks"; docs/decisions/035): a member
// reports a comment or a post, once while the report is open; mods and admins read the open (or the
// resolved) reports with what they are about, and resolve them: `dismiss` keeps the thing, `remove`
// deletes it (a comment with its replies). Resolving one report resolves every open report of the
// same thing, in one transaction.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isStorableId } from '../../../ids/path-id.ts';
import { REPORT_NOTE_MAX_LENGTH, type REPORT_ACTIONS, type REPORT_REASONS, type REPORT_TARGETS } from '../../../api/wire/comments.ts';
import { profilePath } from '../../../profiles/profile-links.ts';
import { comments, posts, reports, users } from '../../db/schema/index.ts';
import { keysetAfter, keysetOrder, keysetPage, keysetTime, readCursor } from '../../db/keyset-paging.ts';
import { withTransaction, type Executor } from '../../db/transactions.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Actor } from '../../../users/permissions.ts';
import { deleteCommentTree, lockCommentForRemoval } from '../comments/comment-removal.ts';
import { applyMemberAction, checkMemberAction, type MemberActionInput } from '../moderation/member-moderation.ts';
import { removeReportedPost } from '../social/posts.ts';

export type ReportTarget = (typeof REPORT_TARGETS)[number];
export type ReportReason = (typeof REPORT_REASONS)[number];
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export type ReportStatus = 'open' | 'resolved';

export const REPORT_MESSAGES = {
  commentNotFound: 'Comment not found',
  postNotFound: 'Post not found',
  reportNotFound: 'Report not found',
  alreadyResolved: 'This report is already resolved',
  authorGone: 'What was reported is gone, and its author with it: moderate the member from their profile instead',
  noteTooLong: `note must be at most ${REPORT_NOTE_MAX_LENGTH} characters`,
} as const;

export type ReportRow = typeof reports.$inferSelect;

/** A member as a report shows them. */
export interface ReportMember {
  id: number;
  username: string;
  fullName: string;
  avatar: string | null;
  role: string;
}

/** What a report is about, while it exists. */
export interface ReportedThing {
  content: string;
  author: ReportMember;
  createdAt: Date;
  /** where the site shows it */
  url: string;
}

export interface ModerationReportRow extends ReportRow {
  reporter: ReportMember;
  resolver: ReportMember | null;
  target: ReportedThing | null;
}

export interface ReportInput {
  targetType: ReportTarget;
  targetId: number;
  reason: ReportReason;
  note?: string;
}

/** The site's address of a post (the feed's post page). */
export const postUrl = (id: number) => `/social/post/${id}`;
/** The site's address of a drama page (its comments are at the bottom). */
export const dramaUrl = (id: number) => `/drama/${id}`;

/** Whether the comment or post exists (a deleted post kept as a tombstone for its thread does not). */
async function targetExists(db: Executor, type: ReportTarget, id: number): Promise<boolean> {
  if (!isStorableId(id)) return false;
  const [row] =
    type === 'comment'
      ? await db.select({ id: comments.id }).from(comments).where(eq(comments.id, id)).limit(1)
      : await db.select({ id: posts.id }).from(posts).where(and(eq(posts.id, id), isNull(posts.deletedAt))).limit(1);
  return row !== undefined;
}

/**
 * Reports a comment or a post. A member's open report of the same thing stands for the new one
 * (`created: false`, the open report); otherwise a new open report (`created: true`). Race-safe: the
 * insert does nothing on the partial unique index of open reports (reports_one_open_per_reporter),
 * and the open report is then read; one resolved in between makes the insert run again.
 */
export async function createReport(db: Executor, reporterId: number, input: ReportInput): Promise<{ report: ReportRow; created: boolean }> {
  const note = input.note?.trim() ? input.note.trim() : null;
  if (note !== null && [...note].length > REPORT_NOTE_MAX_LENGTH) throw new ValidationError(REPORT_MESSAGES.noteTooLong, 'note');
  if (!(await targetExists(db, input.targetType, input.targetId)))
    throw new NotFoundError(input.targetType === 'comment' ? REPORT_MESSAGES.commentNotFound : REPORT_MESSAGES.postNotFound);
  const key = and(eq(reports.reporterId, reporterId), eq(reports.targetType, input.targetType), eq(reports.targetId, input.targetId), eq(reports.status, 'open'));
  for (let attempt = 0; ; attempt++) {
    const [inserted] = await db
      .insert(reports)
      .values({ reporterId, targetType: input.targetType, targetId: input.targetId, reason: input.reason, note })
      .onConflictDoNothing({ target: [reports.reporterId, reports.targetType, reports.targetId], where: sql`${reports.status} = 'open'` })
      .returning();
    if (inserted) return { report: inserted, created: true };
    const [open] = await db.select().from(reports).where(key).limit(1);
    if (open) return { report: open, created: false };
    // the open report was resolved between the two statements: report again
    if (attempt >= 3) throw new ConflictError('The report could not be saved: please try again');
  }
}

const memberColumns = <Name extends string>(table: ReturnType<typeof alias<typeof users, Name>>) => ({ id: table.id, username: table.username, fullName: table.fullName, avatar: table.avatar, role: table.role });

/**
 * What each report of `rows` is about, read in two queries (the comments with their authors and
 * the profile they are on; the posts with their authors), however many rows: no query per report.
 */
async function readTargets(db: Executor, rows: ReportRow[]): Promise<Map<string, ReportedThing>> {
  const ids = (type: ReportTarget) => [...new Set(rows.filter((r) => r.targetType === type).map((r) => r.targetId))];
  const commentIds = ids('comment');
  const postIds = ids('post');
  const author = alias(users, 'author');
  const owner = alias(users, 'owner');
  const [commentRows, postRows] = await Promise.all([
    commentIds.length === 0
      ? []
      : db
          .select({
            id: comments.id,
            content: comments.content,
            createdAt: comments.createdAt,
            dramaId: comments.dramaId,
            ownerUsername: owner.username,
            author: memberColumns(author),
          })
          .from(comments)
          .innerJoin(author, eq(author.id, comments.userId))
          .leftJoin(owner, eq(owner.id, comments.profileUserId))
          .where(inArray(comments.id, commentIds)),
    postIds.length === 0
      ? []
      : db
          .select({ id: posts.id, content: posts.content, createdAt: posts.createdAt, author: memberColumns(author) })
          .from(posts)
          .innerJoin(author, eq(author.id, posts.authorId))
          .where(and(inArray(posts.id, postIds), isNull(posts.deletedAt))), // a tombstone is gone: target null
  ]);
  const found = new Map<string, ReportedThing>();
  for (const row of commentRows) {
    const url = row.dramaId !== null ? dramaUrl(row.dramaId) : profilePath(row.ownerUsername ?? '');
    found.set(`comment:${row.id}`, { content: row.content, author: row.author, createdAt: row.createdAt, url });
  }
  for (const row of postRows) found.set(`post:${row.id}`, { content: row.content, author: row.author, createdAt: row.createdAt, url: postUrl(row.id) });
  return found;
}

const reporter = alias(users, 'reporter');
const resolver = alias(users, 'resolver');

/** Reports with their reporter and resolver, and what they are about (null once it is gone). */
async function withMembersAndTargets(db: Executor, rows: { report: ReportRow; reporter: ReportMember; resolver: ReportMember | null }[]): Promise<ModerationReportRow[]> {
  const targets = await readTargets(db, rows.map((r) => r.report));
  return rows.map((r) => ({ ...r.report, reporter: r.reporter, resolver: r.resolver, target: targets.get(`${r.report.targetType}:${r.report.targetId}`) ?? null }));
}

function selectReports(db: Executor) {
  return db
    .select({ report: reports, reporter: memberColumns(reporter), resolver: memberColumns(resolver), cursorAt: keysetTime(reports.createdAt) })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(resolver, eq(resolver.id, reports.resolverId));
}

export interface ReportListOptions {
  status: ReportStatus;
  page: number;
  size: number;
  /** continues after the last report of a page (docs/decisions/033); the page number is then ignored */
  cursor?: string;
}

/**
 * One page of reports of a status, newest first, with their reporter, resolver and target: four
 * queries whatever the page's size (the page, the total, the comments, the posts).
 */
export async function listReports(db: Executor, options: ReportListOptions): Promise<{ items: ModerationReportRow[]; total: number; next_cursor: string | null }> {
  const cursor = readCursor(options.cursor);
  const keys = { at: reports.createdAt, id: reports.id };
  const [rows, [count]] = await Promise.all([
    selectReports(db)
      .where(and(eq(reports.status, options.status), keysetAfter(keys, cursor, 'desc')))
      .orderBy(...keysetOrder(keys, 'desc'))
      .limit(options.size + 1)
      .offset(cursor ? 0 : (options.page - 1) * options.size),
    db.select({ total: sql<number>`count(*)::int` }).from(reports).where(eq(reports.status, options.status)),
  ]);
  const page = keysetPage(rows, options.size, (row) => ({ at: row.cursorAt, id: row.report.id }));
  return { items: await withMembersAndTargets(db, page.items), total: count?.total ?? 0, next_cursor: page.next_cursor };
}

/** One report as mods see it; 404 when there is none. */
export async function getModerationReport(db: Executor, id: number): Promise<ModerationReportRow> {
  const rows = isStorableId(id) ? await selectReports(db).where(eq(reports.id, id)).limit(1) : [];
  if (rows.length === 0) throw new NotFoundError(REPORT_MESSAGES.reportNotFound);
  const [report] = await withMembersAndTargets(db, rows);
  return report!;
}

/** The author of a reported comment or post (a deleted post kept as a tombstone still has one); undefined when it is gone. */
async function authorOfTarget(tx: Executor, type: ReportTarget, id: number): Promise<number | undefined> {
  const [row] =
    type === 'comment'
      ? await tx.select({ authorId: comments.userId }).from(comments).where(eq(comments.id, id)).limit(1)
      : await tx.select({ authorId: posts.authorId }).from(posts).where(eq(posts.id, id)).limit(1);
  return row?.authorId ?? undefined;
}

/**
 * Resolves the report and every other open report of the same comment or post, as `resolver`, in
 * one transaction; `remove` deletes the thing too (a comment with its replies). With `memberAction`
 * (contract "Moderating members"), the thing's author is moderated in the same transaction (its rules:
 * services/moderation; a 403 or a 400 there resolves nothing) and the reports point at the action.
 * The reports of the thing are locked in id order first, so that two mods resolving two reports of
 * it at once take them in the same order: one resolves, the other finds its report resolved (409).
 * 404 for an unknown report.
 */
export async function resolveReport(
  db: Executor,
  resolver: Actor,
  reportId: number,
  action: ReportAction,
  memberAction?: MemberActionInput,
): Promise<{ resolved: number; memberActionId: number | null }> {
  if (!isStorableId(reportId)) throw new NotFoundError(REPORT_MESSAGES.reportNotFound);
  // the action's own rules first (a blank note, a past date): nothing read or locked for a bad request
  const checked = memberAction ? checkMemberAction(memberAction, new Date(), 'member_action.') : undefined;
  return withTransaction(db, async (tx) => {
    const [report] = await tx.select({ targetType: reports.targetType, targetId: reports.targetId }).from(reports).where(eq(reports.id, reportId)).limit(1);
    if (!report) throw new NotFoundError(REPORT_MESSAGES.reportNotFound);
    const sameTarget = and(eq(reports.targetType, report.targetType), eq(reports.targetId, report.targetId));
    const locked = await tx.select({ id: reports.id, status: reports.status }).from(reports).where(sameTarget).orderBy(reports.id).for('update');
    const mine = locked.find((row) => row.id === reportId);
    if (!mine) throw new NotFoundError(REPORT_MESSAGES.reportNotFound);
    if (mine.status !== 'open') throw new ConflictError(REPORT_MESSAGES.alreadyResolved);
    // the author is read before a removal takes the thing away
    let memberActionId: number | null = null;
    if (checked) {
      const authorId = await authorOfTarget(tx, report.targetType, report.targetId);
      if (authorId === undefined) throw new ConflictError(REPORT_MESSAGES.authorGone);
      memberActionId = (await applyMemberAction(tx, resolver, authorId, checked, 'member_action.')).action.id;
    }
    if (action === 'remove') {
      if (report.targetType === 'comment') {
        // a reply's parent first, as every removal and every new reply takes them (no deadlock with its parent's removal)
        if (await lockCommentForRemoval(tx, report.targetId)) await deleteCommentTree(tx, report.targetId);
      } else await removeReportedPost(tx, report.targetId); // a tombstone when answered, as the author's deletion (services/social/posts.ts)
    }
    const resolved = await tx
      .update(reports)
      .set({ status: 'resolved', action, resolverId: resolver.id, resolvedAt: sql`now()`, memberActionId })
      .where(and(sameTarget, eq(reports.status, 'open')))
      .returning({ id: reports.id });
    return { resolved: resolved.length, memberActionId };
  });
}
