// The catalogue editing calls of the edit screens (spec 2 §7; contract "Catalogue editing and
// review"; docs/decisions/038): a drama's or a person's current values read with the member's token
// (not the public cache: the form starts from the record as it is now), a direct edit (mods and
// admins) and a suggestion (any member). Only the fields that change are sent.
import type { Drama, DramaEdit, DramaFilterOptions, EditSuggestion, FieldLock, PendingEdits, Person, PersonEdit } from '../wire/index.ts';
import { read, write } from './operation.ts';

/** GET /dramas/{id} as the member: the values the edit form starts from */
export const getDramaToEdit = (id: number) => read<Drama>(`/dramas/${id}`, 'member');
/** PUT /dramas/{id} (mod, admin): applied at once; a member gets 403 */
export const editDrama = (id: number, body: DramaEdit) => write<{ success: boolean; drama: Drama }>('PUT', `/dramas/${id}`, { json: body });
/** POST /dramas/{id}/edit-suggestions (any member): 201, pending until a mod reviews it */
export const suggestDramaEdit = (id: number, body: DramaEdit) => write<EditSuggestion>('POST', `/dramas/${id}/edit-suggestions`, { json: body });

/** GET /people/{id} as the member */
export const getPersonToEdit = (id: number) => read<Person>(`/people/${id}`, 'member');
/** PUT /people/{id} (mod, admin) */
export const editPerson = (id: number, body: PersonEdit) => write<{ success: boolean; person: Person }>('PUT', `/people/${id}`, { json: body });
/** POST /people/{id}/edit-suggestions (any member) */
export const suggestPersonEdit = (id: number, body: PersonEdit) => write<EditSuggestion>('POST', `/people/${id}/edit-suggestions`, { json: body });

/** GET /dramas/filter-options: the known genres and tags the edit page offers while typing */
export const getEditOptions = () => read<DramaFilterOptions>('/dramas/filter-options', 'anyone');

const targetPath = (target: 'drama' | 'person', id: number) => `/${target === 'drama' ? 'dramas' : 'people'}/${id}`;
/** GET /dramas/{id}/pending-edits, /people/{id}/pending-edits: suggestions waiting for review on the record (not cached) */
export const getPendingEdits = (target: 'drama' | 'person', id: number) => read<PendingEdits>(`${targetPath(target, id)}/pending-edits`, 'anyone');
/** GET /dramas/{id}/locks, /people/{id}/locks: the fields mods locked against suggestions (a member's form greys them) */
export const getFieldLocks = (target: 'drama' | 'person', id: number) => read<FieldLock[]>(`${targetPath(target, id)}/locks`, 'anyone');
