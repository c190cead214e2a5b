import { sql } from 'drizzle-orm';
import type { CardDrama } from '../../../dramas/drama-card.ts';
import { RANKED_LIST_KEYS, type RankedListKey } from '../../../ranked-lists/ranked-lists.ts';
import { getDb } from '../../db/client.ts';
import { dramas } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transactions.ts';
import type { DramaCard } from '../dramas/drama-cards.ts';
import { listRanked } from '../drama-search/drama-lists.ts';
import { loadPage, pageOk, type PageResult } from '../pages/page-result.ts';

/** What a drama card needs (spec 1 §2.5): the card's own shape (src/lib/dramas/drama-card.ts). */
export type DramaCardData = CardDrama;

/** A ranked-list card in the shape the card component reads. */
export function toCardData(card: DramaCard): DramaCardData {
  return {
    id: card.id,
    title: card.title,
    year: card.year,
    episodes: card.episodes,
    rating: card.rating,
    type: card.type,
    country: card.country,
    bannerImage: card.bannerImage,
    firstPhoto: card.photos[0] ?? null,
    posterImage: card.posterImage,
    mainPhoto: card.mainPhoto,
    thumbnail: card.thumbnail,
  };
}

/** The home rows (spec 1 §2.4): page 1 of each ranked list. */
export type HomeRows = Record<RankedListKey, DramaCardData[]>;

/** The home rows, `size` cards each: page 1 of every ranked list. */
export async function getHomeRows(db: Executor, size = 8): Promise<HomeRows> {
  const rows = await Promise.all(RANKED_LIST_KEYS.map(async (list) => [list, (await listRanked(db, list, 1, size)).items.map(toCardData)] as const));
  return Object.fromEntries(rows) as HomeRows;
}

/** Total number of dramas (for the home page's tagline and the health check). */
export async function countDramas(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(dramas);
  return row?.n ?? 0;
}

/** What the home page shows: its rows (8 cards each) and the catalogue's size, or its error state. */
export function loadHomePage(): Promise<PageResult<{ rows: HomeRows; total: number }>> {
  return loadPage({ page: 'home' }, async () => {
    const db = await getDb();
    const [rows, total] = await Promise.all([getHomeRows(db, 8), countDramas(db)]);
    return pageOk({ rows, total });
  });
}
