// The favourites calls (contract "Watch lists and activity"): the signed-in member's favourite dramas
// and cast, anyone's read, and the owner's add and remove.
import type { FavouriteCast, FavouriteDrama } from '../wire/index.ts';
import { read, write } from './operation.ts';

export const getMyFavoriteDramas = () => read<FavouriteDrama[]>('/lists/favorites/dramas');
export const getMyFavoriteCast = () => read<FavouriteCast[]>('/lists/favorites/cast');
export const getUserFavoriteDramas = (userId: number) => read<FavouriteDrama[]>(`/users/${userId}/favorites/dramas`, 'anyone');
export const getUserFavoriteCast = (userId: number) => read<FavouriteCast[]>(`/users/${userId}/favorites/cast`, 'anyone');
export const addFavoriteDrama = (dramaId: number) => write<FavouriteDrama[]>('POST', `/lists/favorites/dramas/${dramaId}`);
export const removeFavoriteDrama = (dramaId: number) => write<void>('DELETE', `/lists/favorites/dramas/${dramaId}`);
export const addFavoriteCast = (personId: number) => write<FavouriteCast[]>('POST', `/lists/favorites/cast/${personId}`);
export const removeFavoriteCast = (personId: number) => write<void>('DELETE', `/lists/favorites/cast/${personId}`);
