import { sql } from 'drizzle-orm';
import { getDb } from '../../db/client.ts';
import type { DramaCard } from '../dramas/drama-cards.ts';
import { listRanked } from '../drama-search/drama-lists.ts';
import { dramas } from '../../db/schema/index.ts';

/** What a drama card needs (spec 1 §2.5). */
export interface DramaCardData {
  id: number;
  title: string;
  year: number | null;
  episodes: number | null;
  rating: number;
  type: string;
  country: string;
  bannerImage: string | null;
  firstPhoto: string | null;
  posterImage: string | null;
  mainPhoto: string | null;
  thumbnail: string | null;
}

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

export interface HomeRows {
  upcoming: DramaCardData[];
  airing: DramaCardData[];
  topRated: DramaCardData[];
  popular: DramaCardData[];
}

/** The four home rows (spec 1 §2.4), `size` cards each: page 1 of the ranked lists. */
export async function getHomeRows(size = 8): Promise<HomeRows> {
  const [upcoming, airing, topRated, popular] = await Promise.all(
    (['upcoming', 'airing', 'top-rated', 'popular'] as const).map(async (list) =>
      (await listRanked(list, 1, size)).items.map(toCardData),
    ),
  );
  return { upcoming: upcoming!, airing: airing!, topRated: topRated!, popular: popular! };
}

/** Total number of dramas (for the home page's tagline and the health check). */
export async function countDramas(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(dramas);
  return row?.n ?? 0;
}
