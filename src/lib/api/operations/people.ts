// The people and hearts calls (spec 1 §6).
import type { HeartState, Person } from '../wire/index.ts';
import { read, write } from './operation.ts';

export const getPerson = (id: number) => read<Person>(`/people/${id}`, 'anyone');
export const getHeartStatus = (id: number) => read<HeartState>(`/people/${id}/heart-status`);
export const giveHeart = (id: number) => write<HeartState>('POST', `/people/${id}/heart`);
export const takeBackHeart = (id: number) => write<HeartState>('DELETE', `/people/${id}/heart`);
