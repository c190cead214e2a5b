// The watch lists, activity and favourites calls (contract "Watch lists and activity",
// docs/decisions/020). The member's own lists are read through the `me` calls. Another member's are
// read as `anyone` by default (no token); a member whose lists are private reads them through the
// `/users/{id}/…` calls only with their token (`caller: 'member'`): everyone else gets a 403.
import type {
  ActivityPage,
  FavouriteCast,
  FavouriteDrama,
  ListEntryDetail,
  ListEntrySave,
  ListStats,
  ListSummary,
  ListWithOwner,
} from '../wire/index.ts';
import { read, write, type Caller } from './operation.ts';

const paged = (path: string, page: number, size: number) => `${path}?page=${page}&size=${size}`;

// ---- the signed-in member ----
export const getMyLists = () => read<ListSummary[]>('/lists/me');
export const getMyListStats = () => read<ListStats>('/lists/me/stats');
export const getMyRecentActivity = (page = 1, size = 20) => read<ActivityPage>(paged('/lists/me/recent', page, size));

// ---- one drama's entry ----
export const getListStatus = (dramaId: number) => read<ListEntryDetail>(`/lists/drama/${dramaId}/status`);
export const saveListStatus = (dramaId: number, entry: ListEntrySave) =>
  write<ListEntryDetail>('POST', `/lists/drama/${dramaId}/status`, { json: entry });
export const removeListEntry = (dramaId: number) => write<void>('DELETE', `/lists/drama/${dramaId}/status`);
export const startRewatch = (dramaId: number) => write<ListEntryDetail>('POST', `/lists/drama/${dramaId}/rewatch`);

// ---- any member (403 when their lists are private) ----
export const getUserLists = (userId: number, caller: Caller = 'anyone') => read<ListSummary[]>(`/users/${userId}/lists`, caller);
export const getUserListStats = (userId: number, caller: Caller = 'anyone') => read<ListStats>(`/users/${userId}/stats`, caller);
export const getUserRecentActivity = (userId: number, page = 1, size = 20, caller: Caller = 'anyone') =>
  read<ActivityPage>(paged(`/users/${userId}/recent`, page, size), caller);
export const getList = (listId: number, caller: Caller = 'anyone') => read<ListWithOwner>(`/lists/${listId}`, caller);

// ---- favourites ----
export const getMyFavoriteDramas = () => read<FavouriteDrama[]>('/lists/favorites/dramas');
export const getMyFavoriteCast = () => read<FavouriteCast[]>('/lists/favorites/cast');
export const getUserFavoriteDramas = (userId: number) => read<FavouriteDrama[]>(`/users/${userId}/favorites/dramas`, 'anyone');
export const getUserFavoriteCast = (userId: number) => read<FavouriteCast[]>(`/users/${userId}/favorites/cast`, 'anyone');
export const addFavoriteDrama = (dramaId: number) => write<FavouriteDrama[]>('POST', `/lists/favorites/dramas/${dramaId}`);
export const removeFavoriteDrama = (dramaId: number) => write<void>('DELETE', `/lists/favorites/dramas/${dramaId}`);
export const addFavoriteCast = (personId: number) => write<FavouriteCast[]>('POST', `/lists/favorites/cast/${personId}`);
export const removeFavoriteCast = (personId: number) => write<void>('DELETE', `/lists/favorites/cast/${personId}`);
