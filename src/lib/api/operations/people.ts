// The people calls (spec 1 §6), and the people search of the favourites' Add dialog.
import { toQueryString } from '../api-client.ts';
import type { Person, PersonPage } from '../wire/index.ts';
import { read } from './operation.ts';

export const getPerson = (id: number) => read<Person>(`/people/${id}`, 'anyone');
/** GET /people?name=…: the best matches for a name (spec 2 §9: search dialogs show 10) */
export const listPeople = (query: { name: string; size?: number }) =>
  read<PersonPage>(`/people${toQueryString({ name: query.name, size: query.size ?? 10 })}`, 'anyone');
