// The people and hearts calls (spec 1 §6), and the people search of the favourites' Add dialog.
import { toQueryString } from '../api-client.ts';
import type { HeartState, Person, PersonPage } from '../wire/index.ts';
import { read, write } from './operation.ts';

export const getPerson = (id: number) => read<Person>(`/people/${id}`, 'anyone');
export const getHeartStatus = (id: number) => read<HeartState>(`/people/${id}/heart-status`);
export const giveHeart = (id: number) => write<HeartState>('POST', `/people/${id}/heart`);
export const takeBackHeart = (id: number) => write<HeartState>('DELETE', `/people/${id}/heart`);
/** GET /people?name=…: the best matches for a name (spec 2 §9: search dialogs show 10) */
export const listPeople = (query: { name: string; size?: number }) =>
  read<PersonPage>(`/people${toQueryString({ name: query.name, size: query.size ?? 10 })}`, 'anyone');
