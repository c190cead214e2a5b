// Picks a drama's genres (1-4, the first one leading) and tags (2-8) so that they go together.
import type { CountryProfile } from './countries.ts';
import type { Random } from './rng.ts';
import {
  COMMON_TAGS, COUNTRY_GENRE_BIAS, COUNTRY_GENRE_TAGS, COUNTRY_TAGS, GENRE_BASE_WEIGHT, GENRE_COMPANIONS, GENRE_TAGS, GENRES, SHOW_GENRES,
  SHOW_TAGS, type Genre, type Tag,
} from './taxonomy.ts';

const COUNT_WEIGHTS = [[1, 15], [2, 35], [3, 35], [4, 15]] as const;

export function chooseGenres(rng: Random, country: CountryProfile, type: string): Genre[] {
  if (type === 'tv_show') return rng.sample(SHOW_GENRES, rng.int(1, 3));
  const bias = COUNTRY_GENRE_BIAS[country.name] ?? {};
  const primary = rng.weighted(GENRES.map((g) => [g, GENRE_BASE_WEIGHT[g] * (bias[g] ?? 1)] as const));
  const others = rng.sample(GENRE_COMPANIONS[primary], rng.weighted(COUNT_WEIGHTS) - 1);
  return [primary, ...others];
}

export function chooseTags(rng: Random, country: CountryProfile, type: string, genres: readonly Genre[]): Tag[] {
  const count = rng.int(2, 8);
  if (type === 'tv_show') return rng.sample(SHOW_TAGS, Math.min(count, 4));
  // Tags of the genres come first and most often; the country's and common ones fill in.
  const weighted = new Map<Tag, number>();
  const add = (tags: readonly Tag[], w: number) => tags.forEach((t) => weighted.set(t, (weighted.get(t) ?? 0) + w));
  genres.forEach((g, i) => add(GENRE_TAGS[g], i === 0 ? 6 : 3));
  const local = COUNTRY_GENRE_TAGS[country.name] ?? {};
  genres.forEach((g, i) => add(local[g] ?? [], i === 0 ? 5 : 2));
  add(COUNTRY_TAGS[country.name] ?? [], 1.5);
  add(COMMON_TAGS, 1);
  const pool = [...weighted.entries()];
  const chosen: Tag[] = [];
  while (chosen.length < count && pool.length) {
    const tag = rng.weighted(pool);
    chosen.push(tag);
    pool.splice(pool.findIndex(([t]) => t === tag), 1);
  }
  // an ending is one or the other
  if (chosen.includes('Happy Ending') && chosen.includes('Sad Ending')) chosen.splice(chosen.indexOf('Sad Ending'), 1);
  return chosen;
}
