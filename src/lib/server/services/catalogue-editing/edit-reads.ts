// Reading suggestions, history and field locks (contract "Catalogue editing and review",
// docs/decisions/038): each page in a fixed few queries, whatever its size.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isStorableId } from '../../../ids/path-id.ts';
import type { EditSource, EditTarget, SuggestionStatus } from '../../../catalogue-editing/edit-fields.ts';
import { catalogueFieldLocks, editHistory, editSuggestions, users } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transactions.ts';
import { NotFoundError } from '../../errors.ts';
import { assertRecord, EDITING_MESSAGES } from './catalogue-edits.ts';
import { changedSince, readRecords, type Changes, type WireValues } from './edit-values.ts';

/** A member as the editing answers show them. */
export interface EditorRow {
  id: number;
  username: string;
  fullName: string;
  avatar: string | null;
  role: string;
}

export interface SuggestionRow {
  id: number;
  targetType: EditTarget;
  targetId: number;
  targetTitle: string;
  changes: Changes;
  sourceNote: string | null;
  status: SuggestionStatus;
  author: EditorRow | null;
  createdAt: Date;
  reviewer: EditorRow | null;
  decidedAt: Date | null;
  reviewNote: string | null;
  /** for pending suggestions read by staff: the fields changed on the record since */
  conflicts?: string[];
}

export interface HistoryRow {
  id: number;
  targetType: EditTarget;
  targetId: number;
  changes: Changes;
  author: EditorRow | null;
  appliedBy: EditorRow | null;
  source: EditSource;
  suggestionId: number | null;
  revertsId: number | null;
  createdAt: Date;
}

export interface LockRow {
  field: string;
  lockedBy: EditorRow | null;
  note: string | null;
  createdAt: Date;
}

const editorColumns = (table: ReturnType<typeof alias<typeof users, string>>) => ({
  id: table.id,
  username: table.username,
  fullName: table.fullName,
  avatar: table.avatar,
  role: table.role,
});

/** A left-joined member: null when the row has none (the account is gone). */
const editorOf = (row: { id: number | null; username: string | null; fullName: string | null; avatar: string | null; role: string | null } | null): EditorRow | null =>
  !row || row.id === null ? null : { id: row.id, username: row.username ?? '', fullName: row.fullName ?? '', avatar: row.avatar, role: row.role ?? 'user' };

const author = alias(users, 'author');
const reviewer = alias(users, 'reviewer');
const applier = alias(users, 'applier');

// written out: drizzle leaves columns unqualified in a select list, and the subqueries read the outer row
const targetTitle = sql<string>`coalesce(CASE edit_suggestions.target_type
  WHEN 'drama' THEN (SELECT d.title FROM dramas d WHERE d.id = edit_suggestions.target_id)
  ELSE (SELECT p.name FROM people p WHERE p.id = edit_suggestions.target_id) END, '')`;

export interface SuggestionQuery {
  status?: SuggestionStatus;
  targetType?: EditTarget;
  targetId?: number;
  /** only this member's suggestions */
  userId?: number;
  /** one suggestion */
  id?: number;
  page: number;
  size: number;
  /** add `conflicts` to pending suggestions (for staff) */
  withConflicts: boolean;
}

/**
 * One page of suggestions with their target's title, author and reviewer; pending ones the queue's
 * order (oldest first) when only pending ones are asked for, newest first otherwise. Four queries at
 * most whatever the page's size: the page, the total, and for the conflicts the current values of its
 * dramas and of its people.
 */
export async function listSuggestions(db: Executor, query: SuggestionQuery): Promise<{ items: SuggestionRow[]; total: number }> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(editSuggestions.status, query.status));
  if (query.targetType) filters.push(eq(editSuggestions.targetType, query.targetType));
  if (query.targetId !== undefined) filters.push(eq(editSuggestions.targetId, query.targetId));
  if (query.userId !== undefined) filters.push(eq(editSuggestions.userId, query.userId));
  if (query.id !== undefined) filters.push(eq(editSuggestions.id, query.id));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const order = query.status === 'pending' ? [asc(editSuggestions.createdAt), asc(editSuggestions.id)] : [desc(editSuggestions.createdAt), desc(editSuggestions.id)];
  const [rows, [count]] = await Promise.all([
    db
      .select({ suggestion: editSuggestions, targetTitle, author: editorColumns(author), reviewer: editorColumns(reviewer) })
      .from(editSuggestions)
      .leftJoin(author, eq(author.id, editSuggestions.userId))
      .leftJoin(reviewer, eq(reviewer.id, editSuggestions.reviewerId))
      .where(where)
      .orderBy(...order)
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: sql<number>`count(*)::int` }).from(editSuggestions).where(where),
  ]);
  const items: SuggestionRow[] = rows.map((row) => ({
    id: row.suggestion.id,
    targetType: row.suggestion.targetType,
    targetId: row.suggestion.targetId,
    targetTitle: row.targetTitle,
    changes: row.suggestion.changes as Changes,
    sourceNote: row.suggestion.sourceNote,
    status: row.suggestion.status,
    author: editorOf(row.author),
    createdAt: row.suggestion.createdAt,
    reviewer: editorOf(row.reviewer),
    decidedAt: row.suggestion.decidedAt,
    reviewNote: row.suggestion.reviewNote,
  }));
  if (query.withConflicts) {
    const pending = items.filter((item) => item.status === 'pending');
    const ids = (type: EditTarget) => pending.filter((item) => item.targetType === type).map((item) => item.targetId);
    const [dramaValues, personValues] = await Promise.all([readRecords(db, 'drama', ids('drama')), readRecords(db, 'person', ids('person'))]);
    for (const item of pending) {
      const record = (item.targetType === 'drama' ? dramaValues : personValues).get(item.targetId);
      const from: WireValues = Object.fromEntries(Object.entries(item.changes).map(([field, change]) => [field, change!.from]));
      // a record gone since: every field conflicts (approving it answers 404)
      item.conflicts = record ? changedSince(record.values, from) : Object.keys(item.changes);
    }
  }
  return { items, total: count?.total ?? 0 };
}

/** One suggestion as listSuggestions answers it; 404 when there is none. */
export async function getSuggestion(db: Executor, id: number, withConflicts: boolean): Promise<SuggestionRow> {
  if (!isStorableId(id)) throw new NotFoundError(EDITING_MESSAGES.suggestionNotFound);
  const { items } = await listSuggestions(db, { id, page: 1, size: 1, withConflicts });
  if (!items[0]) throw new NotFoundError(EDITING_MESSAGES.suggestionNotFound);
  return items[0];
}

function selectHistory(db: Executor) {
  return db
    .select({ entry: editHistory, author: editorColumns(author), applier: editorColumns(applier) })
    .from(editHistory)
    .leftJoin(author, eq(author.id, editHistory.userId))
    .leftJoin(applier, eq(applier.id, editHistory.appliedById));
}

const toHistoryRow = (row: Awaited<ReturnType<ReturnType<typeof selectHistory>['execute']>>[number]): HistoryRow => ({
  id: row.entry.id,
  targetType: row.entry.targetType,
  targetId: row.entry.targetId,
  changes: row.entry.changes as Changes,
  author: editorOf(row.author),
  appliedBy: editorOf(row.applier),
  source: row.entry.source,
  suggestionId: row.entry.suggestionId,
  revertsId: row.entry.revertsId,
  createdAt: row.entry.createdAt,
});

/** A record's applied changes, newest first (three queries: the record, the page, the total); 404 for no record. */
export async function listHistory(db: Executor, target: EditTarget, id: number, page: number, size: number): Promise<{ items: HistoryRow[]; total: number }> {
  await assertRecord(db, target, id);
  const where = and(eq(editHistory.targetType, target), eq(editHistory.targetId, id));
  const [rows, [count]] = await Promise.all([
    selectHistory(db)
      .where(where)
      .orderBy(desc(editHistory.createdAt), desc(editHistory.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: sql<number>`count(*)::int` }).from(editHistory).where(where),
  ]);
  return { items: rows.map(toHistoryRow), total: count?.total ?? 0 };
}

/** One history entry; 404 when there is none. */
export async function getHistoryEntry(db: Executor, id: number): Promise<HistoryRow> {
  const rows = isStorableId(id) ? await selectHistory(db).where(eq(editHistory.id, id)) : [];
  if (!rows[0]) throw new NotFoundError(EDITING_MESSAGES.entryNotFound);
  return toHistoryRow(rows[0]);
}

const locker = alias(users, 'locker');

/** A record's locked fields, in field order; 404 for no record. */
export async function listLocks(db: Executor, target: EditTarget, id: number, fields?: string[]): Promise<LockRow[]> {
  await assertRecord(db, target, id);
  const rows = await db
    .select({ lock: catalogueFieldLocks, locker: editorColumns(locker) })
    .from(catalogueFieldLocks)
    .leftJoin(locker, eq(locker.id, catalogueFieldLocks.lockedById))
    .where(
      and(
        eq(catalogueFieldLocks.targetType, target),
        eq(catalogueFieldLocks.targetId, id),
        fields ? inArray(catalogueFieldLocks.field, fields) : undefined,
      ),
    )
    .orderBy(asc(catalogueFieldLocks.field));
  return rows.map((row) => ({ field: row.lock.field, lockedBy: editorOf(row.locker), note: row.lock.note, createdAt: row.lock.createdAt }));
}
