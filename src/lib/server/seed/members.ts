// Generated members: a username (letters and digits, unique whatever the case and by look: its
// skeleton, docs/decisions/030), an e-mail, a display
// name, sometimes a bio, and the day they joined.
import { usernameSkeleton } from '../../accounts/username-rules.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { COUNTRIES, COUNTRY_WEIGHTS } from './countries.ts';
import { composeMemberName } from './names.ts';
import { rngFor, type Random } from './rng.ts';
import { SITE_LAUNCH_DAY } from './schedule.ts';

export interface Member {
  id: number;
  username: string;
  email: string;
  fullName: string;
  bio: string;
  joinedDay: number;
}

const HANDLE_WORDS = ('Drama Kdrama Cdrama Jdrama Lakorn Binge Sleepy Moon Star Kimchi Boba Matcha Noodle Ramyeon Panda Tiger ' +
  'Fox Bunny Cloud Cherry Blossom Hallyu Seoul Taipei Bangkok Tokyo Popcorn Tissue Second Lead Oppa Fangirl Fanboy ' +
  'Episode Finale Plot Twist Slowburn Couch Potato Ramen Mango Lychee Peach Lotus Maple Comet').split(' ');
const BIOS = [
  'Watching {genre} dramas since {year}.',
  'Currently obsessed with {country} dramas.',
  'Here for the second leads. Always the second leads.',
  'Will drop anything with a love triangle. Probably.',
  'Rating honestly, crying often.',
  'Slowly working through my plan-to-watch list (it only grows).',
  '{country} dramas, iced coffee and long weekends.',
];
const GENRES_IN_BIOS = ['romance', 'historical', 'thriller', 'fantasy', 'medical', 'family', 'youth'];

/** letters and digits only, as the username rule demands */
const asHandle = (text: string) => text.normalize('NFD').replace(/[^A-Za-z0-9]/g, '');

function composeUsername(rng: Random, fullName: string, taken: Set<string>): string {
  const first = asHandle(fullName.split(' ')[0]) || 'viewer';
  const word = () => rng.pick(HANDLE_WORDS);
  let base: string;
  switch (rng.int(0, 3)) {
    case 0: base = `${first.toLowerCase()}${rng.int(1, 99)}`; break;
    case 1: base = `${word()}${word()}`; break;
    case 2: base = `${word()}${first}`; break;
    default: base = `${first}${word()}${rng.int(1, 9999)}`;
  }
  base = base.slice(0, 40);
  if (base.length < 3) base = `${base}fan`;
  let name = base;
  for (let n = 2; taken.has(usernameSkeleton(name)); n++) name = `${base}${n}`;
  taken.add(usernameSkeleton(name));
  return name;
}

/** Member `id` (ids after the demo accounts). Call in id order: usernames must be unique. */
export function composeMember(seed: number, id: number, today: number, taken: Set<string>): Member {
  const rng = rngFor(seed, 'member', id);
  const fromAsia = rng.chance(0.45);
  const fullName = composeMemberName(rng, fromAsia ? COUNTRIES[rng.weighted(COUNTRY_WEIGHTS)] : null);
  const username = composeUsername(rng, fullName, taken);
  const country = rng.pick(['Korean', 'Chinese', 'Japanese', 'Thai', 'Taiwanese']);
  const bio = rng.chance(0.4)
    ? rng.pick(BIOS).replace('{genre}', rng.pick(GENRES_IN_BIOS)).replace('{country}', country).replace('{year}', String(rng.int(2005, 2022)))
    : '';
  // more members joined recently: the site grows
  const span = today - SITE_LAUNCH_DAY - 2;
  const joinedDay = SITE_LAUNCH_DAY + Math.floor(span * Math.sqrt(rng.next()));
  return { id, username, email: `${username.toLowerCase()}@example.com`, fullName, bio, joinedDay };
}

/** The demo accounts joined on the site's first days. */
export function listDemoMembers(): Member[] {
  return DEMO_ACCOUNTS.map((a, i) => ({
    id: a.id, username: a.username, email: a.email, fullName: a.fullName, bio: a.bio, joinedDay: SITE_LAUNCH_DAY + i,
  }));
}

/** the skeletons (docs/decisions/030) of usernames the generated members must not take */
export function reserveDemoUsernames(): Set<string> {
  return new Set(DEMO_ACCOUNTS.map((a) => usernameSkeleton(a.username)));
}
