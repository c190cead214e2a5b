// The watch lists calls (contract "Watch lists and activity", docs/decisions/020); activity and
// favourites: ./activity.ts, ./favourites.ts. The member's own lists are read through the `me` calls. Another member's are
// read as `anyone` by default (no token); a member whose lists are private reads them through the
// `/users/{id}/…` calls only with their token (`caller: 'member'`): everyone else gets a 403.
import type { ListEntryDetail, ListEntrySave, ListStats, ListSummary, ListWithOwner } from '../wire/index.ts';
import { read, write, type Caller } from './operation.ts';

// ---- the signed-in member ----
export const getMyLists = () => read<ListSummary[]>('/lists/me');
export const getMyListStats = () => read<ListStats>('/lists/me/stats');

// ---- one drama's entry ----
export const getListStatus = (dramaId: number) => read<ListEntryDetail>(`/lists/drama/${dramaId}/status`);
export const saveListStatus = (dramaId: number, entry: ListEntrySave) =>
  write<ListEntryDetail>('POST', `/lists/drama/${dramaId}/status`, { json: entry });
export const removeListEntry = (dramaId: number) => write<void>('DELETE', `/lists/drama/${dramaId}/status`);
export const startRewatch = (dramaId: number) => write<ListEntryDetail>('POST', `/lists/drama/${dramaId}/rewatch`);

// ---- any member (403 when their lists are private) ----
export const getUserLists = (userId: number, caller: Caller = 'anyone') => read<ListSummary[]>(`/users/${userId}/lists`, caller);
export const getUserListStats = (userId: number, caller: Caller = 'anyone') => read<ListStats>(`/users/${userId}/stats`, caller);
export const getList = (listId: number, caller: Caller = 'anyone') => read<ListWithOwner>(`/lists/${listId}`, caller);
