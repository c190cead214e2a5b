// The facts about a drama that everything else depends on: country, type, status and air dates,
// genres and tags, title, and two hidden figures that drive members' behaviour: appeal (how many
// members put it on their lists) and quality (around which they score it).
import { COUNTRIES, COUNTRY_WEIGHTS, STREAMING_DROPS, type CountryProfile } from './countries.ts';
import { rngFor, type Random } from './rng.ts';
import { placeSchedule, yearOfDay, type DramaStatus, type Schedule } from './schedule.ts';
import { chooseGenres, chooseTags } from './genres.ts';
import { composeSpecialTitle, composeTitle, type DramaTitle } from './titles.ts';
import { GENRE_MOOD, type Genre, type Mood, type Tag } from './taxonomy.ts';

export type DramaType = 'drama' | 'movie' | 'tv_show' | 'special';

export interface DramaPlan {
  id: number;
  countryIndex: number;
  country: CountryProfile;
  type: DramaType;
  genres: Genre[];
  tags: Tag[];
  mood: Mood;
  title: DramaTitle;
  /** the series a special follows (its title), if any */
  seriesTitle: string | null;
  /** null for a variety show still on air with no announced end */
  episodes: number | null;
  duration: number;
  network: string | null;
  schedule: Schedule;
  year: number | null;
  appeal: number;
  quality: number;
}

export interface PlanContext {
  seed: number;
  today: number;
  currentYear: number;
  takenTitles: Set<string>;
  /** the latest series of each country, which a special may follow */
  lastSeries: Map<number, DramaTitle>;
}

const TYPE_WEIGHTS = [['drama', 78], ['movie', 10], ['tv_show', 6], ['special', 6]] as const;
const STATUS_WEIGHTS: Record<DramaType, readonly (readonly [DramaStatus, number])[]> = {
  drama: [['completed', 90], ['airing', 5], ['upcoming', 5]],
  movie: [['completed', 94], ['upcoming', 6]],
  tv_show: [['completed', 65], ['airing', 30], ['upcoming', 5]],
  special: [['completed', 95], ['upcoming', 5]],
};
const COUNTRY_APPEAL: Record<string, number> = {
  'South Korea': 1.4, China: 1.15, Japan: 0.9, Thailand: 1, Taiwan: 0.85, 'Hong Kong': 0.7, Philippines: 0.6, Singapore: 0.5,
};
const TYPE_APPEAL: Record<DramaType, number> = { drama: 1, movie: 0.55, tv_show: 0.35, special: 0.25 };

const yearWeights = new Map<number, [number, number][]>();

/** a year of first airing, recent years being far more common (the catalogue grows every year) */
function chooseYear(rng: Random, currentYear: number): number {
  let years = yearWeights.get(currentYear);
  if (!years) {
    years = [];
    for (let y = 1990; y <= currentYear; y++) years.push([y, Math.exp((y - currentYear) / 9)]);
    yearWeights.set(currentYear, years);
  }
  return rng.weighted(years);
}

function chooseRun(rng: Random, type: DramaType, country: CountryProfile) {
  const network = type === 'movie' && rng.chance(0.7) ? null : rng.weighted(country.networks);
  if (type === 'movie') return { episodes: 1, duration: rng.int(88, 145), days: [] as number[], allAtOnce: true, network };
  if (type === 'special') {
    const episodes = rng.int(1, 3);
    const first = rng.int(1, 7);
    const days = Array.from({ length: episodes }, (_, i) => ((first - 1 + i) % 7) + 1);
    return { episodes, duration: rng.int(45, 100), days, allAtOnce: false, network };
  }
  if (type === 'tv_show') {
    const episodes = rng.weighted([[12, 3], [24, 2], [52, 2], [rng.int(60, 120), 1], [rng.int(8, 20), 2]] as const);
    return { episodes, duration: rng.int(60, 110), days: [rng.pick([5, 6, 7])], allAtOnce: false, network };
  }
  const episodes = rng.weighted(country.episodes);
  const [lo, hi] = country.duration;
  const web = episodes <= 10 && rng.chance(0.3);
  const allAtOnce = network !== null && STREAMING_DROPS.has(network) && rng.chance(0.5);
  const days = [...rng.weighted(country.airDays)];
  return { episodes, duration: web ? rng.int(25, 45) : rng.int(lo, hi), days, allAtOnce, network };
}

/** Plans drama `id`. Call in id order: titles are kept unique across the catalogue. */
export function planDrama(ctx: PlanContext, id: number): DramaPlan {
  const rng = rngFor(ctx.seed, 'drama-plan', id);
  const countryIndex = rng.weighted(COUNTRY_WEIGHTS);
  const country = COUNTRIES[countryIndex];
  const type = rng.weighted(TYPE_WEIGHTS);
  const genres = chooseGenres(rng, country, type);
  const mood: Mood = type === 'tv_show' ? 'show' : GENRE_MOOD[genres[0]];
  const tags = chooseTags(rng, country, type, genres);
  const run = chooseRun(rng, type, country);
  const schedule = placeSchedule(rng, {
    status: rng.weighted(STATUS_WEIGHTS[type]),
    episodes: run.episodes,
    days: run.days,
    allAtOnce: run.allAtOnce,
    today: ctx.today,
    year: chooseYear(rng, ctx.currentYear),
  });
  let episodes: number | null = run.episodes;
  if (type === 'tv_show' && schedule.status === 'airing' && rng.chance(0.5)) {
    // a variety show still on air with no announced end: no end date, no episode total
    schedule.end = null;
    episodes = null;
  }
  const lastSeries = ctx.lastSeries.get(countryIndex);
  const series = type === 'special' && lastSeries && rng.chance(0.7) ? lastSeries : null;
  const title = series
    ? composeSpecialTitle(rng, series, country.script, ctx.takenTitles)
    : composeTitle(rng, mood, country.script, ctx.takenTitles);
  if (type === 'drama') ctx.lastSeries.set(countryIndex, title);

  const year = schedule.start === null ? null : yearOfDay(schedule.start);
  const lift = rng.normal(0, 1);
  const recency = year === null ? 1 : year >= 2020 ? 2.2 : year >= 2015 ? 1.6 : year >= 2008 ? 1.15 : 0.8;
  const status = schedule.status === 'upcoming' ? 0.15 : schedule.status === 'airing' ? 1.3 : 1;
  const appeal = Math.exp(lift) * recency * status * COUNTRY_APPEAL[country.name] * TYPE_APPEAL[type];
  const quality = Math.min(9.3, Math.max(4.8, rng.normal(7.55, 0.65) + 0.25 * lift));
  return {
    id, countryIndex, country, type, genres, tags, mood, title, seriesTitle: series?.title ?? null, episodes, duration: run.duration, network: run.network,
    schedule, year, appeal, quality,
  };
}
