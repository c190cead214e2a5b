// What the drama page (spec 1 §2.6) reads: the drama with its cast, and which ids the build
// pre-renders. Failures become the page's error states (spec 1 §8) instead of exceptions.
import { sql } from 'drizzle-orm';
import type { DramaLoadFailure } from '../../../dramas/drama-detail.ts';
import { ApiError } from '../../api/errors.ts';
import { isConnectionError } from '../../db/connection-errors.ts';
import { queryRows } from '../../db/named-query.ts';
import { logger } from '../../logger.ts';
import { getDrama, listCast, type CastRow, type DramaRecord } from './dramas.ts';

export type DramaPageData = { drama: DramaRecord; cast: CastRow[] };
export type DramaPageResult = ({ ok: true } & DramaPageData) | ({ ok: false } & { failure: DramaLoadFailure });

/** The ids of the `limit` most popular dramas (the ranked list's order): the pages the build writes. */
export async function listPrerenderedDramaIds(limit: number): Promise<number[]> {
  if (limit <= 0) return [];
  const rows = await queryRows<{ id: number }>(sql`
    SELECT id FROM dramas ORDER BY popularity ASC NULLS LAST, id ASC LIMIT ${limit}`);
  return rows.map((r) => r.id);
}

/** How a failed load reads to the visitor: the API error's status, no answer, or a 500. */
export function classifyDramaLoadError(error: unknown): DramaLoadFailure {
  if (error instanceof ApiError) return { status: error.status };
  if (isConnectionError(error)) return { noResponse: true };
  return { status: 500 };
}

/** The drama and its cast, or how loading them failed (unknown id: status 404). */
export async function loadDramaPage(id: number): Promise<DramaPageResult> {
  try {
    const [drama, cast] = await Promise.all([getDrama(id), listCast(id)]);
    return { ok: true, drama, cast };
  } catch (error) {
    const failure = classifyDramaLoadError(error);
    if (!('status' in failure) || failure.status >= 500) logger.error({ err: error, dramaId: id }, 'drama page failed to load');
    return { ok: false, failure };
  }
}
