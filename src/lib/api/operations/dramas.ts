// The dramas calls the islands make (the calendar's seasons).
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
