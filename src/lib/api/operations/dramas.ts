// The dramas calls the islands make (the calendar's seasons, the watch list's Add Drama search).
import { toQueryString } from '../api-client.ts';
import type { DramaPage } from '../wire/index.ts';
import { read } from './operation.ts';

/** The query of GET /dramas/seasons. */
export interface SeasonQuery {
  year: number;
  /** 1–4; the whole year when absent */
  quarter?: number | null;
  page?: number;
  size?: number;
}

export const listSeasonDramas = (query: SeasonQuery) => read<DramaPage>(`/dramas/seasons${toQueryString({ ...query })}`, 'anyone');

/** GET /dramas/?title=…: the catalogue's best matches for a title (the Add Drama dialog; spec 2 §9: 10 results). */
export const listDramas = (query: { title: string; size?: number }) =>
  read<DramaPage>(`/dramas/${toQueryString({ title: query.title, size: query.size ?? 10 })}`, 'anyone');
