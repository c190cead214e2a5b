// Turns a drama plan into rows: the drama itself, its genres and tags, stills, episodes and credits
// (with character names, which the synopsis uses for its leads), and paints its covers.
import type { ArtStudio } from './art-studio.ts';
import type { RowWriter } from './batch-insert.ts';
import { CREDIT_ROLES, type Casting } from './casting.ts';
import type { DramaPlan } from './drama-plan.ts';
import { composePersonName } from './names.ts';
import type { PeoplePlan } from './people-plan.ts';
import { namePerson } from './people-rows.ts';
import { rngFor, type Random } from './rng.ts';
import { describeAirDays, formatDay, listAirDays, SITE_LAUNCH_DAY, stampOn } from './schedule.ts';
import { composeSynopsis, type Character } from './synopsis.ts';
import { GENRES, MOOD_RATINGS, TAGS } from './taxonomy.ts';
import { TITLE_ADJECTIVES, TITLE_NOUNS } from './title-words.ts';

export interface DramaRowContext {
  seed: number;
  today: number;
  art: ArtStudio;
  casting: Casting;
  people: PeoplePlan;
  /** running ids of child rows (explicit ids keep every run identical) */
  ids: { photo: number; episode: number; credit: number };
}

const TYPE_LABEL = { drama: 'Drama', movie: 'Movie', tv_show: 'TV Show', special: 'Special' } as const;
const SHOW_ROLES = ['Host', 'Cast Member', 'Guest'];

function composeEpisodeTitle(rng: Random): string {
  const noun = rng.pick(TITLE_NOUNS);
  return rng.chance(0.5) ? `${rng.pick(TITLE_ADJECTIVES).en} ${noun.en}` : `The ${noun.en}${rng.chance(0.3) ? ', Part 2' : ''}`;
}

/** Writes the credits; answers the two leads as characters and as the people who play them. */
function writeCredits(rng: Random, plan: DramaPlan, ctx: DramaRowContext, writer: RowWriter) {
  const { casting, people } = ctx;
  const characters: Character[] = [];
  const actors: Character[] = [];
  const positions = [0, 0, 0, 0, 0];
  for (let k = casting.offsets[plan.id - 1]; k < casting.offsets[plan.id]; k++) {
    const personId = casting.person[k];
    const role = casting.role[k];
    let roleName: string;
    if (role >= 3) roleName = role === 3 ? 'Director' : 'Screenwriter';
    else if (plan.type === 'tv_show') roleName = SHOW_ROLES[role];
    else {
      const g = people.gender[personId - 1];
      const female = g === 2 ? rng.chance(0.5) : g === 1;
      const character = composePersonName(rng, plan.country, female);
      roleName = character.name;
      if (role === 0 && characters.length < 2) characters.push({ name: character.name, given: character.given, female });
    }
    if (role === 0 && actors.length < 2) {
      const actor = namePerson(ctx.seed, personId, people);
      actors.push({ name: actor.name.name, given: actor.name.given, female: actor.female });
    }
    writer.add('credits', [ctx.ids.credit++, plan.id, personId, CREDIT_ROLES[role], roleName, positions[role]++]);
  }
  return { characters, actors };
}

/** Poster, banner, main photo and thumbnail. A few records keep only a thumbnail, or no banner, or
 * (undated upcoming ones) no art at all, so that every step of the card's image fallback is used. */
function paintCovers(rng: Random, plan: DramaPlan, art: ArtStudio) {
  const typeLabel = TYPE_LABEL[plan.type];
  const label = `${plan.country.name} · ${typeLabel}`.toUpperCase();
  const year = plan.year ?? 'Coming soon';
  const detail = [year, plan.network ?? (plan.type === 'movie' ? 'In cinemas' : '')].filter(Boolean).join(' · ');
  const text = { title: plan.title.title, label, detail };
  const none = { poster: null, banner: null, mainPhoto: null, thumbnail: null };
  if (plan.schedule.start === null && rng.chance(0.5)) return none;
  const poster = art.poster(plan.id, plan.mood, text);
  const thumbOnly = rng.chance(0.03);
  // A minority have a banner: cards show it first (spec 1 §2.5), and titled posters read better.
  const banner = rng.chance(plan.schedule.status === 'upcoming' ? 0.15 : 0.25) ? art.banner(plan.id, plan.mood) : null;
  const mainPhoto = rng.chance(0.15) ? art.poster(plan.id, plan.mood, text, 'main') : null;
  return { poster: thumbOnly ? null : poster, banner, mainPhoto, thumbnail: thumbOnly ? poster : null };
}

/**
 * The drama's photos: its poster first (as on real catalogue sites, and so cards, which prefer the
 * first photo to the poster, show the title art), then stills shared by dramas of the same mood.
 */
function writeStills(rng: Random, plan: DramaPlan, leads: Character[], poster: string | null, ctx: DramaRowContext, writer: RowWriter): void {
  const count = plan.schedule.status === 'upcoming' ? rng.int(0, 2) : rng.int(2, 6);
  const first = rng.int(0, 1000);
  const offset = poster ? 1 : 0;
  if (poster) writer.add('drama_photos', [ctx.ids.photo++, plan.id, poster, 'Official poster', 0]);
  for (let i = 0; i < count; i++) {
    const lead = plan.type === 'tv_show' ? undefined : leads[i % 2];
    let caption: string | null = null;
    if (rng.chance(0.5)) {
      caption = lead && rng.chance(0.6)
        ? `${lead.name} in episode ${rng.int(1, Math.max(1, plan.episodes ?? 1))}`
        : rng.pick(['Official still', 'Behind the scenes', 'Poster shoot']);
    }
    writer.add('drama_photos', [ctx.ids.photo++, plan.id, ctx.art.still(plan.mood, first + i * 7), caption, i + offset]);
  }
}

/** One row per episode on its air day; a show still on air with no total lists the aired ones. */
function writeEpisodes(rng: Random, plan: DramaPlan, ctx: DramaRowContext, writer: RowWriter): void {
  const { schedule } = plan;
  if (schedule.start === null || plan.type === 'movie') return;
  const air = listAirDays(schedule.start, plan.episodes ?? schedule.aired, schedule.days, schedule.allAtOnce);
  const titled = rng.chance(0.25);
  air.forEach((day, i) => {
    const runtime = plan.duration + (i === air.length - 1 ? rng.int(0, 12) : rng.int(-3, 3));
    writer.add('episodes', [ctx.ids.episode++, plan.id, i + 1, titled ? composeEpisodeTitle(rng) : null, formatDay(day), runtime]);
  });
}

export function writeDrama(plan: DramaPlan, ctx: DramaRowContext, writer: RowWriter): void {
  const rng = rngFor(ctx.seed, 'drama', plan.id);
  const { schedule, title } = plan;
  const { characters, actors } = writeCredits(rng, plan, ctx, writer);
  // stories name their characters; variety shows and specials name the people on screen
  const leads = plan.type === 'tv_show' || plan.seriesTitle ? actors : characters;
  const synopsis = composeSynopsis(rng, plan, leads, rng.pick(plan.country.cities));
  const covers = paintCovers(rng, plan, ctx.art);
  const added = Math.max(SITE_LAUNCH_DAY, Math.min(ctx.today - 1, (schedule.start ?? ctx.today) - rng.int(20, 120)));
  const stamp = stampOn(rng, added);
  writer.add('dramas', [
    plan.id, title.title, title.originalTitle, [title.nativeTitle], title.alsoKnownAs, synopsis, plan.type, schedule.status,
    plan.country.name, plan.year, plan.episodes, plan.duration,
    schedule.start !== null ? formatDay(schedule.start) : null, schedule.end !== null ? formatDay(schedule.end) : null,
    schedule.days.length && plan.type !== 'movie' ? describeAirDays(schedule.days) : null, plan.network,
    rng.weighted(MOOD_RATINGS[plan.mood]), covers.poster, covers.banner, covers.mainPhoto, covers.thumbnail, stamp, stamp,
  ]);
  for (const g of plan.genres) writer.add('drama_genres', [plan.id, GENRES.indexOf(g) + 1]);
  for (const t of plan.tags) writer.add('drama_tags', [plan.id, TAGS.indexOf(t) + 1]);
  writeStills(rng, plan, leads, covers.poster ?? covers.thumbnail, ctx, writer);
  writeEpisodes(rng, plan, ctx, writer);
}
