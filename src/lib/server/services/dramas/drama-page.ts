// What the drama page (spec 1 §2.6) reads: the drama with its cast, and which ids the build
// pre-renders. Failures become the page's error states (spec 1 §8) instead of exceptions.
import { asc, sql } from 'drizzle-orm';
import { readIdSlug } from '../../../ids/path-id.ts';
import { getDb } from '../../db/client.ts';
import { dramas } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transactions.ts';
import { loadPage, pageOk, pageRedirect, slugError, type PageResult } from '../pages/page-result.ts';
import { getDrama, listCast, type CastRow, type DramaRecord } from './dramas.ts';

export type DramaPageData = { drama: DramaRecord; cast: CastRow[] };

/** The ids of the `limit` most popular dramas (the ranked list's order): the pages the build writes. */
export async function listPrerenderedDramaIds(db: Executor, limit: number): Promise<number[]> {
  if (limit <= 0) return [];
  const rows = await db
    .select({ id: dramas.id })
    .from(dramas)
    .orderBy(sql`${dramas.popularity} ASC NULLS LAST`, asc(dramas.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The drama page of /drama/{slug}: the drama and its cast; /drama/007 moves permanently to
 * /drama/7; an id that is not all digits, an unknown id, an address that is no drama page
 * (/drama/4/5) and a failed load are the page's error states. Never throws.
 */
export async function loadDramaPage(slug: string | undefined): Promise<PageResult<DramaPageData>> {
  const target = readIdSlug(slug);
  if (target.kind !== 'id') return slugError(target);
  if (target.canonical !== (slug ?? '').replace(/\/+$/, '')) return pageRedirect(`/drama/${target.canonical}`, 301);
  return loadPage({ page: 'drama', dramaId: target.id }, async () => {
    const db = await getDb();
    const [drama, cast] = await Promise.all([getDrama(db, target.id), listCast(db, target.id)]);
    return pageOk({ drama, cast });
  });
}
