// What a history page (/drama/{id}/history, /person/{id}/history; docs/decisions/038 "Review
// screens") needs from the server: the record's id and title now, or why there is none (400 for an
// address that is no id, 404 for an unknown record). The page sets the status before it renders.
import type { EditTarget } from '../../../catalogue-editing/edit-fields.ts';
import { getDb } from '../../db/client.ts';
import { readRecords } from './edit-values.ts';

export type HistoryPageRecord = { status: 200; id: number; title: string } | { status: 400 | 404 };

export async function loadHistoryPageRecord(target: EditTarget, rawId: string | undefined): Promise<HistoryPageRecord> {
  if (!/^\d{1,9}$/.test(rawId ?? '') || Number(rawId) < 1) return { status: 400 };
  const id = Number(rawId);
  const record = (await readRecords(await getDb(), target, [id])).get(id);
  return record ? { status: 200, id, title: record.title } : { status: 404 };
}
