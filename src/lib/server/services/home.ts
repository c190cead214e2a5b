import { and, asc, eq, gte, isNotNull, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { dramas } from '../db/schema/index.ts';

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

const cardColumns = {
  id: dramas.id,
  title: dramas.title,
  year: dramas.year,
  episodes: dramas.episodes,
  rating: dramas.rating,
  type: dramas.type,
  country: dramas.country,
  bannerImage: dramas.bannerImage,
  // Qualified by hand: drizzle renders ${dramas.id} as a bare "id", which inside this subquery
  // would mean drama_photos.id.
  firstPhoto: sql<string | null>`(select p.url from drama_photos p where p.drama_id = "dramas"."id" order by p.position limit 1)`,
  posterImage: dramas.posterImage,
  mainPhoto: dramas.mainPhoto,
  thumbnail: dramas.thumbnail,
};

async function listCards(where: SQL | undefined, orderBy: SQL[], limit: number): Promise<DramaCardData[]> {
  const db = await getDb();
  return db.select(cardColumns).from(dramas).where(where).orderBy(...orderBy).limit(limit);
}

export interface HomeRows {
  upcoming: DramaCardData[];
  airing: DramaCardData[];
  topRated: DramaCardData[];
  popular: DramaCardData[];
}

/** The four home rows (spec 1 §2.4), `size` cards each. */
export async function getHomeRows(size = 8): Promise<HomeRows> {
  const [upcoming, airing, topRated, popular] = await Promise.all([
    listCards(eq(dramas.status, 'upcoming'), [sql`${dramas.airedStart} asc nulls last`, asc(dramas.id)], size),
    listCards(eq(dramas.status, 'airing'), [sql`${dramas.popularity} asc nulls last`, asc(dramas.id)], size),
    listCards(and(isNotNull(dramas.ranked), gte(dramas.votes, 100)), [asc(dramas.ranked)], size),
    listCards(isNotNull(dramas.popularity), [asc(dramas.popularity)], size),
  ]);
  return { upcoming, airing, topRated, popular };
}

/** Total number of dramas (for the home page's tagline and the health check). */
export async function countDramas(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(dramas);
  return row?.n ?? 0;
}
