// Drama titles: English, romanised original and native, plus also-known-as names, all built from
// one pattern and the same words so the three agree.
import { convertToTraditional } from './hanzi.ts';
import type { Script } from './countries.ts';
import type { Random } from './rng.ts';
import type { Mood } from './taxonomy.ts';
import { SHOW_SUFFIXES, TEMPLATES, type Template, type TitleParts } from './title-templates.ts';
import { listWordsForMood, TITLE_ADJECTIVES, TITLE_NOUNS } from './title-words.ts';

export interface DramaTitle {
  title: string;
  /** romanised native title */
  originalTitle: string;
  nativeTitle: string;
  alsoKnownAs: string[];
}

const MOOD_TEMPLATES: Record<Mood, readonly (readonly [string, number])[]> = {
  romance: [['of', 3], ['adjective', 4], ['adjectiveOf', 0.8], ['my', 3], ['myAdjective', 2], ['goodbye', 1.5], ['dear', 1.5], ['when', 1.5], ['in', 3], ['and', 1], ['single', 0.8]],
  dark: [['of', 3], ['adjective', 4], ['adjectiveOf', 1], ['single', 2], ['returnOf', 1.5], ['in', 1.5], ['and', 1]],
  historical: [['of', 3], ['adjective', 3], ['adjectiveOf', 1.2], ['and', 2], ['chronicles', 2.5], ['returnOf', 1], ['single', 1]],
  fantasy: [['of', 2], ['adjective', 3], ['adjectiveOf', 1], ['and', 2], ['chronicles', 2], ['when', 2], ['returnOf', 1], ['in', 1]],
  bright: [['my', 2], ['myAdjective', 2], ['diaries', 2.5], ['adjective', 3], ['and', 1.5], ['when', 1.5], ['dear', 1], ['single', 0.7]],
  work: [['adjective', 3], ['single', 2], ['of', 2], ['my', 1], ['and', 1.5], ['diaries', 1]],
  action: [['adjective', 3], ['of', 2], ['returnOf', 2], ['single', 2], ['and', 1]],
  show: [['show', 1]],
};

const PARTICLES = new Set(['no', 'to', 'ga', 'ni', 'na', 'de', 'zhi', 'yu']);

/** "dalui bimil" -> "Dalui Bimil" (particles of romaji and pinyin stay lower case) */
function capitaliseWords(text: string): string {
  const small = PARTICLES;
  return text
    .split(' ')
    .map((w, i) => (i > 0 && small.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

interface Candidate {
  en: string;
  native: string;
  romanised: string;
}

/** the English, native and romanised forms of a template filled with words */
function render(template: Template, parts: TitleParts, script: Script): Candidate {
  const en = template.en(parts);
  const cap = (pair: readonly [string, string]) => ({ en, native: pair[0], romanised: capitaliseWords(pair[1]) });
  switch (script) {
    case 'ko': return cap(template.ko(parts));
    case 'ja': return cap(template.ja(parts));
    case 'th': return cap(template.th(parts));
    case 'zh': return cap(template.zh(parts));
    case 'zh-Hant': { const c = cap(template.zh(parts)); return { ...c, native: convertToTraditional(c.native) }; }
    default: { const t = template.tl(parts); return { en, native: t, romanised: t }; }
  }
}

/** words for a template: "of" and "in" want something a setting can hold ("The Secret of the Palace") */
function drawParts(rng: Random, mood: Mood, template: Template): TitleParts {
  const { nouns, owners, settings, adjectives } = listWordsForMood(mood);
  const holder = template.name === 'of' || template.name === 'in' || template.name === 'adjectiveOf';
  const a = rng.pick(holder ? owners : nouns);
  let b = rng.pick(settings);
  if (b === a) b = rng.pick(settings);
  const adj = rng.pick(adjectives.length ? adjectives : TITLE_ADJECTIVES);
  return { a, b, adj, show: rng.pick(SHOW_SUFFIXES) };
}

/**
 * A new title for a drama of this mood and script; `taken` holds the lower-cased English titles
 * already used. When the words run out (large catalogues) a title gets a subtitle, as real ones
 * do ("Chronicles of the Moon: The Lost Promise"), and a sequel number as the last resort.
 */
export function composeTitle(rng: Random, mood: Mood, script: Script, taken: Set<string>): DramaTitle {
  // candidates are compared in English (cheap); native forms are rendered once, for the winner
  const weights = MOOD_TEMPLATES[mood];
  const isFree = (en: string) => !taken.has(en.toLowerCase());
  let template = TEMPLATES[rng.weighted(weights)];
  let parts = drawParts(rng, mood, template);
  for (let tries = 0; !isFree(template.en(parts)) && tries < 12; tries++) {
    template = TEMPLATES[rng.weighted(weights)];
    parts = drawParts(rng, mood, template);
  }
  const base = template.en(parts);
  let subtitle: TitleParts | null = null;
  for (let tries = 0; !isFree(subtitle ? `${base}: ${TEMPLATES.adjective.en(subtitle)}` : base) && tries < 12; tries++) {
    // any adjective and noun: the mood's own words are what ran out
    subtitle = { ...parts, a: rng.pick(TITLE_NOUNS), adj: rng.pick(TITLE_ADJECTIVES) };
  }
  let title = render(template, parts, script);
  if (subtitle) {
    const sub = render(TEMPLATES.adjective, subtitle, script);
    const sep = script.startsWith('zh') || script === 'ja' ? '：' : ': ';
    title = { en: `${title.en}: ${sub.en}`, native: `${title.native}${sep}${sub.native}`, romanised: `${title.romanised}: ${sub.romanised}` };
  }
  if (!isFree(title.en)) {
    const first = title;
    for (let n = 2; !isFree(title.en); n++) {
      title = { en: `${first.en} ${n}`, native: `${first.native} ${n}`, romanised: `${first.romanised} ${n}` };
    }
  }
  taken.add(title.en.toLowerCase());

  const alsoKnownAs: string[] = [];
  const alternative = TEMPLATES[rng.weighted(weights)];
  if (alternative !== template && rng.chance(0.7)) alsoKnownAs.push(alternative.en(parts));
  if (rng.chance(0.25) && title.romanised !== title.en) alsoKnownAs.push(title.romanised.replace(/ /g, ''));
  return { title: title.en, originalTitle: title.romanised, nativeTitle: title.native, alsoKnownAs };
}

const SPECIAL_SUFFIX: Record<Script, [string, string]> = {
  ko: ['스페셜', 'Seupesyeol'], zh: ['特别篇', 'Tebie Pian'], 'zh-Hant': ['特別篇', 'Tebie Pian'],
  ja: ['スペシャル', 'Supesharu'], th: ['ตอนพิเศษ', 'Ton Phiset'], tl: ['Espesyal', 'Espesyal'],
};

/** A special's title follows its series: "Secret of the Moon: The Reunion". */
export function composeSpecialTitle(rng: Random, series: DramaTitle, script: Script, taken: Set<string>): DramaTitle {
  const suffixes = ['Special', 'Special Episode', 'The Reunion', 'Epilogue', 'Behind the Story', "Director's Cut"];
  let title = `${series.title}: ${rng.pick(suffixes)}`;
  for (let n = 2; taken.has(title.toLowerCase()); n++) title = `${series.title}: Special ${n}`;
  taken.add(title.toLowerCase());
  const [native, romanised] = SPECIAL_SUFFIX[script];
  return {
    title,
    originalTitle: `${series.originalTitle} ${romanised}`,
    nativeTitle: `${series.nativeTitle} ${native}`,
    alsoKnownAs: [],
  };
}
