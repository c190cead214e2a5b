// The review side of catalogue editing (contract "Catalogue editing and review"; docs/decisions/038
// "Review screens"): the moderation queue and past decisions, a review, a record's history and a
// revert, a member's own suggestions. Only the review islands import this module.
import type { EditHistoryEntry, EditHistoryPage, ReviewSuggestion, ReviewSuggestionPage } from '../wire/index.ts';
import { read, write } from './operation.ts';

export type ReviewStatus = 'pending' | 'approved' | 'rejected';
export type ReviewTarget = 'drama' | 'person';

/** The queue's address for one record's suggestions (a link to one record's suggestions): /moderation?drama=12#suggestions */
export const recordQueuePath = (target: ReviewTarget, id: number) => `/moderation?${target}=${id}#suggestions`;
/** The record a queue's address names, if any. */
export function recordOfQueue(search: string): { target: ReviewTarget; id: number } | null {
  const query = new URLSearchParams(search);
  for (const target of ['drama', 'person'] as const) {
    const id = Number(query.get(target));
    if (Number.isInteger(id) && id > 0) return { target, id };
  }
  return null;
}

/** GET /edit-suggestions?status=…: pending ones oldest first (the queue), decided ones newest first (mods, admins) */
export const listSuggestions = (status: ReviewStatus, page = 1, size = 10, record?: { target: ReviewTarget; id: number } | null) =>
  read<ReviewSuggestionPage>(
    `/edit-suggestions?status=${status}${record ? `&target_type=${record.target}&target_id=${record.id}` : ''}&page=${page}&size=${size}`,
  );
/** GET /edit-suggestions?mine=true: the caller's own suggestions, newest first, with the reviewer's note */
export const listMySuggestions = (page = 1, size = 10) => read<ReviewSuggestionPage>(`/edit-suggestions?mine=true&page=${page}&size=${size}`);
/** POST /edit-suggestions/{id}/review: approve (applied with history in one go) or reject, with a note; 409 once reviewed or on conflicts */
export const reviewSuggestion = (id: number, approved: boolean, note?: string) =>
  write<ReviewSuggestion>('POST', `/edit-suggestions/${id}/review`, { json: note ? { approved, note } : { approved } });

const recordPath = (target: ReviewTarget, id: number) => `/${target === 'drama' ? 'dramas' : 'people'}/${id}`;
/** GET /dramas/{id}/history, /people/{id}/history: applied changes newest first (anyone; read afresh, not from the public cache) */
export const listHistory = (target: ReviewTarget, id: number, page = 1, size = 10) =>
  read<EditHistoryPage>(`${recordPath(target, id)}/history?page=${page}&size=${size}`, 'member');
/** the same read for a visitor (no token) */
export const listPublicHistory = (target: ReviewTarget, id: number, page = 1, size = 10) =>
  read<EditHistoryPage>(`${recordPath(target, id)}/history?page=${page}&size=${size}`, 'anyone');
/** POST /edit-history/{id}/revert (mods, admins): the inverse change as a new entry; 409 naming fields changed since */
export const revertHistoryEntry = (id: number) => write<EditHistoryEntry>('POST', `/edit-history/${id}/revert`);
