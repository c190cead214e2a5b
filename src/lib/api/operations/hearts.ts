// The hearts calls (spec 1 §6): a member's heart for a person.
import type { HeartState } from '../wire/index.ts';
import { read, write } from './operation.ts';

export const getHeartStatus = (id: number) => read<HeartState>(`/people/${id}/heart-status`);
export const giveHeart = (id: number) => write<HeartState>('POST', `/people/${id}/heart`);
export const takeBackHeart = (id: number) => write<HeartState>('DELETE', `/people/${id}/heart`);
