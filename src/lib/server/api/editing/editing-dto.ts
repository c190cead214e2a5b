// Mappers from the editing services' rows to the answers of the editing calls (src/lib/api/wire/editing.ts).
import type { z } from '@hono/zod-openapi';
import type { FieldLockSchema, HistoryEntrySchema, SuggestionSchema } from '../../../api/wire/editing.ts';
import type { EditorRow, HistoryRow, LockRow, SuggestionRow } from '../../services/catalogue-editing/edit-reads.ts';
import { toCommentAuthor } from '../profiles/member-author.ts';

const toEditor = (row: EditorRow | null) => (row ? toCommentAuthor(row) : null);

export function toSuggestion(row: SuggestionRow): z.infer<typeof SuggestionSchema> {
  return {
    id: row.id,
    target_type: row.targetType,
    target_id: row.targetId,
    target_title: row.targetTitle,
    changes: row.changes as Record<string, { from: unknown; to: unknown }>,
    source_note: row.sourceNote,
    status: row.status,
    author: toEditor(row.author),
    created_at: row.createdAt.toISOString(),
    reviewed_by: toEditor(row.reviewer),
    reviewed_at: row.decidedAt?.toISOString() ?? null,
    note: row.reviewNote,
    ...(row.conflicts ? { conflicts: row.conflicts } : {}),
  };
}

export function toHistoryEntry(row: HistoryRow): z.infer<typeof HistoryEntrySchema> {
  return {
    id: row.id,
    target_type: row.targetType,
    target_id: row.targetId,
    changes: row.changes as Record<string, { from: unknown; to: unknown }>,
    author: toEditor(row.author),
    applied_by: toEditor(row.appliedBy),
    source: row.source,
    suggestion_id: row.suggestionId,
    reverts_id: row.revertsId,
    created_at: row.createdAt.toISOString(),
  };
}

export function toFieldLock(row: LockRow): z.infer<typeof FieldLockSchema> {
  return { field: row.field, locked_by: toEditor(row.lockedBy), note: row.note, created_at: row.createdAt.toISOString() };
}
