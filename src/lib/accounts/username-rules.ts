// The username rules beyond their shape (contract "Users, profiles, follows", "Usernames";
// docs/decisions/030): the stored form (NFKC), the confusable skeleton names are unique by (UTS #39,
// with the data of unhomoglyph, Unicode's confusables.txt), one script per name or a mix UTS #39
// calls "highly restrictive", and the reserved words. Pure: the database parts (taken, held,
// renames a day) are in services/accounts/usernames.ts. Server-side only: the confusables data is
// 100 kB, so the forms import account-rules.ts and never this file.
import unhomoglyph from 'unhomoglyph';
import { USERNAME_MESSAGES } from './account-rules.ts';

export const USERNAME_RULE_MESSAGES = {
  reserved: USERNAME_MESSAGES.reserved,
  mixedScripts: USERNAME_MESSAGES.mixedScripts,
} as const;

/** The stored form of a username: trimmed, NFKC (`ａｄｍｉｎ` is `admin`; decomposed Hangul is composed). */
export function normalizeUsername(raw: string): string {
  return raw.trim().normalize('NFKC');
}

/**
 * What two names that look alike share, whatever their case: UTS #39's skeleton (NFD, each
 * character replaced by its prototype in confusables.txt, NFD again) of the NFKC, lower-cased name.
 * Lower-casing first keeps a change of case from changing the skeleton; lower-casing the prototypes
 * too folds the few that are capitals (`0` is like `O`, so `b0b` is `bob`). `Аdmin` (Cyrillic А),
 * `ａｄｍｉｎ` and `ADMIN` all have the skeleton of `admin`. Never shown: `m` becomes `rn`.
 */
export function usernameSkeleton(name: string): string {
  return unhomoglyph(normalizeUsername(name).toLowerCase().normalize('NFD')).toLowerCase().normalize('NFD');
}

/** Whether two spellings differ only in letter case (a free rename). */
export function sameUsernameIgnoringCase(a: string, b: string): boolean {
  return normalizeUsername(a).toLowerCase() === normalizeUsername(b).toLowerCase();
}

// ---- scripts ----

/**
 * Every Unicode script a letter or digit can have besides Common and Inherited (the values of the
 * Script property Node's regular expressions know, Unicode 17; the unit test checks that every
 * letter and digit falls in exactly one). The usual ones first: each character is tried in order.
 */
const SCRIPTS = [
  'Latin', 'Han', 'Hangul', 'Hiragana', 'Katakana', 'Cyrillic', 'Greek', 'Thai', 'Arabic', 'Hebrew', 'Devanagari', 'Bopomofo',
  'Adlam', 'Ahom', 'Anatolian_Hieroglyphs', 'Armenian', 'Avestan', 'Balinese', 'Bamum', 'Bassa_Vah', 'Batak', 'Bengali',
  'Beria_Erfe', 'Bhaiksuki', 'Brahmi', 'Braille', 'Buginese', 'Buhid', 'Canadian_Aboriginal', 'Carian', 'Caucasian_Albanian',
  'Chakma', 'Cham', 'Cherokee', 'Chorasmian', 'Coptic', 'Cuneiform', 'Cypriot', 'Cypro_Minoan', 'Deseret', 'Dives_Akuru',
  'Dogra', 'Duployan', 'Egyptian_Hieroglyphs', 'Elbasan', 'Elymaic', 'Ethiopic', 'Garay', 'Georgian', 'Glagolitic', 'Gothic',
  'Grantha', 'Gujarati', 'Gunjala_Gondi', 'Gurmukhi', 'Gurung_Khema', 'Hanifi_Rohingya', 'Hanunoo', 'Hatran',
  'Imperial_Aramaic', 'Inscriptional_Pahlavi', 'Inscriptional_Parthian', 'Javanese', 'Kaithi', 'Kannada', 'Kawi', 'Kayah_Li',
  'Kharoshthi', 'Khitan_Small_Script', 'Khmer', 'Khojki', 'Khudawadi', 'Kirat_Rai', 'Lao', 'Lepcha', 'Limbu', 'Linear_A',
  'Linear_B', 'Lisu', 'Lycian', 'Lydian', 'Mahajani', 'Makasar', 'Malayalam', 'Mandaic', 'Manichaean', 'Marchen',
  'Masaram_Gondi', 'Medefaidrin', 'Meetei_Mayek', 'Mende_Kikakui', 'Meroitic_Cursive', 'Meroitic_Hieroglyphs', 'Miao', 'Modi',
  'Mongolian', 'Mro', 'Multani', 'Myanmar', 'Nabataean', 'Nag_Mundari', 'Nandinagari', 'New_Tai_Lue', 'Newa', 'Nko', 'Nushu',
  'Nyiakeng_Puachue_Hmong', 'Ogham', 'Ol_Chiki', 'Ol_Onal', 'Old_Hungarian', 'Old_Italic', 'Old_North_Arabian', 'Old_Permic',
  'Old_Persian', 'Old_Sogdian', 'Old_South_Arabian', 'Old_Turkic', 'Old_Uyghur', 'Oriya', 'Osage', 'Osmanya', 'Pahawh_Hmong',
  'Palmyrene', 'Pau_Cin_Hau', 'Phags_Pa', 'Phoenician', 'Psalter_Pahlavi', 'Rejang', 'Runic', 'Samaritan', 'Saurashtra',
  'Sharada', 'Shavian', 'Siddham', 'Sidetic', 'SignWriting', 'Sinhala', 'Sogdian', 'Sora_Sompeng', 'Soyombo', 'Sundanese',
  'Sunuwar', 'Syloti_Nagri', 'Syriac', 'Tagalog', 'Tagbanwa', 'Tai_Le', 'Tai_Tham', 'Tai_Viet', 'Tai_Yo', 'Takri', 'Tamil',
  'Tangsa', 'Tangut', 'Telugu', 'Thaana', 'Tibetan', 'Tifinagh', 'Tirhuta', 'Todhri', 'Tolong_Siki', 'Toto', 'Tulu_Tigalari',
  'Ugaritic', 'Vai', 'Vithkuqi', 'Wancho', 'Warang_Citi', 'Yezidi', 'Yi', 'Zanabazar_Square',
] as const;

const ANY_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}]/u;
let scriptPatterns: [string, RegExp][] | undefined;

/** The script of one character: undefined for Common and Inherited (digits, marks), 'Unknown' for one newer than the list. */
export function scriptOf(char: string): string | undefined {
  if (ANY_SCRIPT.test(char)) return undefined;
  scriptPatterns ??= SCRIPTS.map((name) => [name, new RegExp(`^\\p{Script=${name}}$`, 'u')]);
  return scriptPatterns.find(([, pattern]) => pattern.test(char))?.[0] ?? 'Unknown';
}

/** The mixes UTS #39 (§5.2) allows in a "highly restrictive" identifier besides a single script. */
const ALLOWED_MIXES: ReadonlySet<string>[] = [
  new Set(['Han', 'Hiragana', 'Katakana']),
  new Set(['Han', 'Hangul']),
  new Set(['Han', 'Bopomofo']),
];

/** Whether a name keeps to one script, or a highly restrictive mix; digits (Common) go with any. */
export function hasAllowedScripts(name: string): boolean {
  const scripts = new Set<string>();
  for (const char of normalizeUsername(name)) {
    const script = scriptOf(char);
    if (script) scripts.add(script);
  }
  if (scripts.size <= 1) return true;
  return ALLOWED_MIXES.some((mix) => [...scripts].every((script) => mix.has(script)));
}

// ---- reserved words ----

/** Staff words (contract "Usernames"): a name that looks like one of them may speak for the site. */
export const STAFF_WORDS = ['admin', 'administrator', 'mod', 'moderator', 'staff', 'support', 'system', 'root', 'official'] as const;

/**
 * First path segments: the site's (every entry of src/pages, which a unit test checks so this list
 * cannot fall behind) and those the contract names for pages to come.
 */
export const PATH_WORDS = [
  // src/pages
  'about', 'airing', 'api', 'calendar', 'contact', 'cookies', 'drama', 'dramas', 'forgot-password', 'login', 'oauth',
  'oauth-callback', 'password-reset', 'people', 'person', 'popular', 'privacy', 'profile', 'ranked', 'register',
  'reset-password', 'search', 'sign-in-link', 'terms', 'top-rated', 'upcoming', 'user', 'verify-email',
  // the contract's, and pages a site like this grows
  'users', 'social', 'settings', 'notifications', 'moderation', 'help', 'logout', 'signup', 'signin', 'auth', 'feed',
  'lists', 'me', 'new',
] as const;

let reservedSkeletons: Set<string> | undefined;

/** Whether a name is, or looks like, a reserved word, in any case (`Аdmin`, `ＡＰＩ`, `Profile`). */
export function isReservedUsername(name: string): boolean {
  reservedSkeletons ??= new Set([...STAFF_WORDS, ...PATH_WORDS].map(usernameSkeleton));
  return reservedSkeletons.has(usernameSkeleton(name));
}

export type UsernameProblem = keyof typeof USERNAME_RULE_MESSAGES;

/** The first of these rules a (well-formed) name breaks, or undefined. */
export function findUsernameProblem(name: string): UsernameProblem | undefined {
  if (isReservedUsername(name)) return 'reserved';
  if (!hasAllowedScripts(name)) return 'mixedScripts';
  return undefined;
}
