// Genres, tags and content ratings of the demo catalogue, and how they go together.

/** Genre names in id order: the first six are the navbar's genre menu (spec 1 §2.2). */
export const GENRES = [
  'Romance', 'Comedy', 'Drama', 'Action', 'Thriller', 'Fantasy', 'Mystery', 'Historical', 'Melodrama', 'Youth',
  'Family', 'Medical', 'Law', 'Crime', 'Horror', 'Sci-Fi', 'Sports', 'Business', 'Music', 'Life',
  'Supernatural', 'Food', 'Political', 'Psychological',
] as const;
export type Genre = (typeof GENRES)[number];

/** The look and tone a genre gives to titles, synopses and art. */
export type Mood = 'romance' | 'dark' | 'historical' | 'fantasy' | 'bright' | 'work' | 'action' | 'show';

export const GENRE_MOOD: Record<Genre, Mood> = {
  Romance: 'romance', Comedy: 'bright', Drama: 'romance', Action: 'action', Thriller: 'dark', Fantasy: 'fantasy',
  Mystery: 'dark', Historical: 'historical', Melodrama: 'romance', Youth: 'bright', Family: 'bright', Medical: 'work',
  Law: 'work', Crime: 'dark', Horror: 'dark', 'Sci-Fi': 'fantasy', Sports: 'action', Business: 'work', Music: 'bright',
  Life: 'bright', Supernatural: 'fantasy', Food: 'bright', Political: 'work', Psychological: 'dark',
};

/** genres that often come with a given primary genre */
export const GENRE_COMPANIONS: Record<Genre, readonly Genre[]> = {
  Romance: ['Comedy', 'Drama', 'Melodrama', 'Youth', 'Fantasy', 'Business', 'Life', 'Medical'],
  Comedy: ['Romance', 'Life', 'Family', 'Youth', 'Food', 'Drama'],
  Drama: ['Romance', 'Family', 'Melodrama', 'Life', 'Mystery', 'Political'],
  Action: ['Thriller', 'Crime', 'Mystery', 'Comedy', 'Drama'],
  Thriller: ['Mystery', 'Crime', 'Psychological', 'Action', 'Horror', 'Law'],
  Fantasy: ['Romance', 'Supernatural', 'Historical', 'Comedy', 'Action', 'Drama'],
  Mystery: ['Thriller', 'Crime', 'Psychological', 'Supernatural', 'Drama'],
  Historical: ['Romance', 'Political', 'Action', 'Fantasy', 'Drama', 'Melodrama'],
  Melodrama: ['Romance', 'Family', 'Drama', 'Life'],
  Youth: ['Romance', 'Comedy', 'Sports', 'Music', 'Drama', 'Life'],
  Family: ['Comedy', 'Drama', 'Life', 'Romance', 'Melodrama'],
  Medical: ['Drama', 'Romance', 'Life', 'Comedy'],
  Law: ['Drama', 'Thriller', 'Crime', 'Romance', 'Political'],
  Crime: ['Thriller', 'Action', 'Mystery', 'Law', 'Drama'],
  Horror: ['Thriller', 'Supernatural', 'Mystery', 'Psychological'],
  'Sci-Fi': ['Thriller', 'Mystery', 'Action', 'Romance', 'Drama'],
  Sports: ['Youth', 'Drama', 'Comedy', 'Romance'],
  Business: ['Romance', 'Drama', 'Comedy', 'Political'],
  Music: ['Youth', 'Romance', 'Comedy', 'Drama'],
  Life: ['Drama', 'Comedy', 'Family', 'Romance', 'Food'],
  Supernatural: ['Fantasy', 'Romance', 'Mystery', 'Horror', 'Comedy'],
  Food: ['Comedy', 'Life', 'Romance', 'Family'],
  Political: ['Drama', 'Thriller', 'Law', 'Historical'],
  Psychological: ['Thriller', 'Mystery', 'Drama', 'Crime'],
};

/** Tags in id order. */
export const TAGS = [
  'Strong Female Lead', 'Enemies to Lovers', 'Time Travel', 'Slow Burn Romance', 'Contract Marriage', 'Revenge',
  'Love Triangle', 'Office Romance', 'Second Lead Syndrome', 'Amnesia', 'Chaebol', 'Reincarnation', 'Body Swap',
  'Fake Relationship', 'Childhood Friends', 'Bromance', "Boys' Love", 'Workplace', 'Found Family', 'Smart Male Lead',
  'Cold Male Lead', 'Bickering Couple', 'Age Gap', 'Noona Romance', 'Hidden Identity', 'Serial Killer', 'Detective',
  'Cat and Mouse', 'Corruption', 'Palace Intrigue', 'Martial Arts', 'Wuxia', 'Xianxia', 'Immortals',
  'Nine-Tailed Fox', 'Grim Reaper', 'Ghosts', 'Zombies', 'Time Loop', 'Parallel Universe', 'Idols', 'Coming of Age',
  'High School', 'College Life', 'First Love', 'Healing', 'Slice of Life', 'Cooking', 'Small Town', 'Single Parent',
  'Divorce', 'Makjang', 'Plot Twist', 'Tragedy', 'Happy Ending', 'Sad Ending', 'Webtoon Adaptation',
  'Novel Adaptation', 'Manga Adaptation', 'Remake', 'Based on True Story', 'Friendship', 'Sibling Relationship',
  'Mafia', 'Hacker', 'Doctor', 'Lawyer', 'Prosecutor', 'Police', 'Variety Show', 'Reality Show', 'Travel',
  'Competition',
] as const;
export type Tag = (typeof TAGS)[number];

export const GENRE_TAGS: Record<Genre, readonly Tag[]> = {
  Romance: ['Enemies to Lovers', 'Slow Burn Romance', 'Contract Marriage', 'Love Triangle', 'Second Lead Syndrome', 'Fake Relationship', 'Childhood Friends', 'Bickering Couple', 'First Love', 'Cold Male Lead', 'Age Gap'],
  Comedy: ['Bickering Couple', 'Body Swap', 'Bromance', 'Found Family', 'Fake Relationship'],
  Drama: ['Found Family', 'Sibling Relationship', 'Healing', 'Tragedy', 'Single Parent'],
  Action: ['Martial Arts', 'Mafia', 'Revenge', 'Bromance', 'Police', 'Hidden Identity'],
  Thriller: ['Serial Killer', 'Cat and Mouse', 'Revenge', 'Plot Twist', 'Corruption', 'Hacker'],
  Fantasy: ['Time Travel', 'Reincarnation', 'Nine-Tailed Fox', 'Grim Reaper', 'Immortals', 'Parallel Universe', 'Body Swap'],
  Mystery: ['Detective', 'Plot Twist', 'Amnesia', 'Hidden Identity', 'Serial Killer'],
  Historical: ['Palace Intrigue', 'Martial Arts', 'Hidden Identity', 'Revenge'],
  Melodrama: ['Tragedy', 'Amnesia', 'Love Triangle', 'Sad Ending', 'Makjang'],
  Youth: ['High School', 'College Life', 'Coming of Age', 'First Love', 'Friendship', 'Idols'],
  Family: ['Sibling Relationship', 'Single Parent', 'Divorce', 'Found Family', 'Makjang'],
  Medical: ['Doctor', 'Workplace', 'Healing', 'Smart Male Lead'],
  Law: ['Lawyer', 'Prosecutor', 'Corruption', 'Workplace'],
  Crime: ['Police', 'Detective', 'Mafia', 'Corruption', 'Prosecutor'],
  Horror: ['Ghosts', 'Zombies', 'Serial Killer', 'Tragedy'],
  'Sci-Fi': ['Time Loop', 'Parallel Universe', 'Hacker', 'Time Travel'],
  Sports: ['Coming of Age', 'Friendship', 'Competition', 'Bromance'],
  Business: ['Chaebol', 'Office Romance', 'Workplace', 'Revenge', 'Smart Male Lead'],
  Music: ['Idols', 'Coming of Age', 'Friendship', 'Competition'],
  Life: ['Slice of Life', 'Healing', 'Small Town', 'Friendship', 'Cooking'],
  Supernatural: ['Ghosts', 'Grim Reaper', 'Nine-Tailed Fox', 'Reincarnation', 'Immortals'],
  Food: ['Cooking', 'Slice of Life', 'Healing', 'Small Town'],
  Political: ['Corruption', 'Revenge', 'Prosecutor', 'Palace Intrigue'],
  Psychological: ['Plot Twist', 'Amnesia', 'Serial Killer', 'Revenge'],
};

/** tags any drama may carry */
export const COMMON_TAGS: readonly Tag[] = [
  'Strong Female Lead', 'Smart Male Lead', 'Plot Twist', 'Happy Ending', 'Friendship', 'Webtoon Adaptation',
  'Novel Adaptation', 'Remake', 'Based on True Story', 'Hidden Identity', 'Found Family',
];

/** tags typical of one country's productions, whatever the genre */
export const COUNTRY_TAGS: Record<string, readonly Tag[]> = {
  'South Korea': ['Webtoon Adaptation', 'Second Lead Syndrome'],
  China: ['Novel Adaptation'],
  Japan: ['Manga Adaptation', 'Slice of Life'],
  Thailand: ['Bromance', 'College Life', 'Remake'],
  Taiwan: ['Slice of Life', 'Healing'],
  'Hong Kong': ['Police', 'Corruption'],
  Philippines: ['Sibling Relationship', 'Revenge'],
  Singapore: ['Sibling Relationship', 'Found Family'],
};

/** tags typical of a genre in one country (wuxia is Chinese, noona romance Korean) */
export const COUNTRY_GENRE_TAGS: Record<string, Partial<Record<Genre, readonly Tag[]>>> = {
  'South Korea': { Romance: ['Noona Romance', 'Chaebol'], Business: ['Chaebol'], Family: ['Makjang'], Melodrama: ['Makjang'] },
  China: { Historical: ['Wuxia', 'Palace Intrigue', 'Martial Arts'], Fantasy: ['Xianxia', 'Immortals'], Action: ['Wuxia'] },
  Japan: { Mystery: ['Detective'], Comedy: ['Manga Adaptation'] },
  Thailand: { Romance: ["Boys' Love", 'College Life'], Youth: ["Boys' Love"] },
  Taiwan: { Romance: ["Boys' Love", 'Office Romance'], Youth: ['High School'] },
  'Hong Kong': { Crime: ['Mafia', 'Police'], Action: ['Mafia'] },
  Philippines: { Melodrama: ['Makjang', 'Revenge'], Family: ['Makjang'] },
};

/** genres and tags of variety and reality shows */
export const SHOW_GENRES: readonly Genre[] = ['Comedy', 'Music', 'Food', 'Life', 'Sports', 'Family'];
export const SHOW_TAGS: readonly Tag[] = ['Variety Show', 'Reality Show', 'Travel', 'Competition', 'Cooking', 'Idols', 'Friendship'];

export const CONTENT_RATINGS = {
  all: 'G - All Ages',
  teen13: '13+ - Teens 13 or older',
  teen15: '15+ - Teens 15 or older',
  adult: '18+ Restricted (violence & profanity)',
} as const;

/** The usual age rating for a mood, as weighted choices. */
export const MOOD_RATINGS: Record<Mood, readonly (readonly [string, number])[]> = {
  romance: [[CONTENT_RATINGS.teen15, 6], [CONTENT_RATINGS.teen13, 3], [CONTENT_RATINGS.all, 1]],
  dark: [[CONTENT_RATINGS.teen15, 4], [CONTENT_RATINGS.adult, 5]],
  historical: [[CONTENT_RATINGS.teen15, 6], [CONTENT_RATINGS.teen13, 2], [CONTENT_RATINGS.adult, 1]],
  fantasy: [[CONTENT_RATINGS.teen15, 6], [CONTENT_RATINGS.teen13, 3]],
  bright: [[CONTENT_RATINGS.teen13, 4], [CONTENT_RATINGS.all, 4], [CONTENT_RATINGS.teen15, 2]],
  work: [[CONTENT_RATINGS.teen15, 7], [CONTENT_RATINGS.teen13, 2]],
  action: [[CONTENT_RATINGS.teen15, 5], [CONTENT_RATINGS.adult, 3]],
  show: [[CONTENT_RATINGS.all, 5], [CONTENT_RATINGS.teen13, 3], [CONTENT_RATINGS.teen15, 1]],
};

/** How often each country tilts towards a genre (1 = average). */
export const COUNTRY_GENRE_BIAS: Record<string, Partial<Record<Genre, number>>> = {
  'South Korea': { Romance: 1.3, Thriller: 1.3, Law: 1.3, Medical: 1.2, Business: 1.3 },
  China: { Historical: 2.5, Fantasy: 2, Romance: 1.3, Political: 1.3 },
  Japan: { Mystery: 1.8, Medical: 1.6, Comedy: 1.3, Life: 1.6, Food: 1.8 },
  Thailand: { Romance: 1.6, Comedy: 1.5, Youth: 1.6, Melodrama: 1.3 },
  Taiwan: { Romance: 1.5, Youth: 1.6, Life: 1.5, Family: 1.3 },
  'Hong Kong': { Crime: 2.2, Law: 1.6, Action: 1.6, Business: 1.4, Medical: 1.3 },
  Philippines: { Drama: 1.8, Family: 2, Melodrama: 2, Romance: 1.3 },
  Singapore: { Family: 2.2, Drama: 1.6, Life: 1.4 },
};

/** How common each genre is as the main genre, before the country's bias. */
export const GENRE_BASE_WEIGHT: Record<Genre, number> = {
  Romance: 20, Comedy: 10, Drama: 12, Action: 4, Thriller: 7, Fantasy: 6, Mystery: 6, Historical: 6, Melodrama: 4,
  Youth: 4, Family: 4, Medical: 3, Law: 3, Crime: 4, Horror: 1.5, 'Sci-Fi': 1.5, Sports: 1.5, Business: 2, Music: 1,
  Life: 3, Supernatural: 2.5, Food: 1, Political: 1.5, Psychological: 1.5,
};
