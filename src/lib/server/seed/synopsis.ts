// Multi-sentence synopses built from the drama's mood, its leads' character names and its tags.
import type { DramaPlan } from './drama-plan.ts';
import type { Random } from './rng.ts';
import { CLOSINGS, JOBS, MEETINGS, OPENINGS, TRAITS, TURNS } from './synopsis-phrases.ts';
import type { Tag } from './taxonomy.ts';

export interface Character {
  name: string;
  given: string;
  female: boolean;
}

const TAG_LINES: Partial<Record<Tag, string>> = {
  'Webtoon Adaptation': 'Based on the popular webtoon of the same name.',
  'Novel Adaptation': 'Adapted from the best-selling novel.',
  'Manga Adaptation': 'Based on the hit manga series.',
  Remake: 'A remake of a well-loved drama of the same name.',
  'Based on True Story': 'Inspired by true events.',
  'Time Travel': 'Past and present collide in a story where every choice echoes across time.',
  Revenge: 'Revenge, it turns out, has a price.',
  'Contract Marriage': 'It was only supposed to be a marriage on paper.',
  'Enemies to Lovers': 'They were never supposed to fall for each other.',
};

const SHOW_LINES = [
  '{L1} and {L2} host a weekly show in which celebrity guests take on missions across {country}.',
  'In this reality show, {L1}, {L2} and friends leave the city behind to run a small guesthouse by the sea.',
  '{L1} and {L2} travel to a different town every week to find the best local food.',
  'Hosted by {L1} and {L2}, the show puts guests through games, challenges and surprisingly honest talks.',
];
const SHOW_CLOSINGS = [
  'New guests join the fun every episode.',
  'Laughter, good food and unexpected friendships guaranteed.',
  'A comfort watch for a lazy weekend.',
];

/** "a ambitious" -> "an ambitious" (but "a university") */
function fixArticles(text: string): string {
  return text.replace(/\b([Aa]) (?=[aeiouAEIOU])(?!uni|use)/g, '$1n ');
}

function fillIn(text: string, leads: readonly Character[], extra: Record<string, string>): string {
  return fixArticles(text.replace(/\{(\w+?)(\d?)\}/g, (whole, key: string, n: string) => {
    const lead = leads[n === '2' ? 1 : 0];
    const female = lead?.female ?? false;
    const words: Record<string, string> = {
      he: female ? 'she' : 'he', He: female ? 'She' : 'He',
      him: female ? 'her' : 'him', his: female ? 'her' : 'his', His: female ? 'Her' : 'His',
      L: lead?.name ?? '', G: lead?.given ?? '',
    };
    return words[key] ?? extra[`${key}${n}`] ?? whole;
  }));
}

/** Three to five sentences about the story, naming the two leads. */
export function composeSynopsis(rng: Random, plan: DramaPlan, leads: readonly Character[], city: string): string {
  if (plan.type === 'tv_show') {
    const text = `${rng.pick(SHOW_LINES)} ${rng.pick(SHOW_CLOSINGS)}`;
    return fillIn(text, leads, { country: plan.country.name });
  }
  // a special that follows a series; `leads` are then its cast, not characters
  if (plan.seriesTitle) {
    return `A special episode of "${plan.seriesTitle}". The cast reunites to look back on the series, with behind-the-scenes footage, ` +
      `interviews and scenes never shown on air. ${leads[0]?.name ?? 'The lead actor'} shares how the story changed ` +
      `${leads[0]?.female ? 'her' : 'his'} life.`;
  }
  const mood = plan.mood === 'show' ? 'bright' : plan.mood;
  const extra = {
    J1: rng.pick(JOBS[mood]), J2: rng.pick(JOBS[mood]), T1: rng.pick(TRAITS), T2: rng.pick(TRAITS), city,
  };
  if (extra.J2 === extra.J1) extra.J2 = rng.pick(JOBS[mood]);
  const sentences = [rng.pick(OPENINGS[mood]), rng.pick(MEETINGS[mood]), rng.pick(TURNS[mood])];
  const tagLine = plan.tags.map((t) => TAG_LINES[t]).find(Boolean);
  if (tagLine && rng.chance(0.6)) sentences.push(tagLine);
  if (rng.chance(0.5)) sentences.push(rng.pick(CLOSINGS[mood]));
  return fillIn(sentences.join(' '), leads, extra);
}
