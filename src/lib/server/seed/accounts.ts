// The demo site's known accounts. Their passwords are public on purpose (README, login hints, tests):
// never seed them into a production database with real members.

export interface DemoAccount {
  id: number;
  email: string;
  username: string;
  fullName: string;
  role: 'user' | 'mod' | 'admin';
  password: string;
  bio: string;
}

export const DEMO_ACCOUNTS = [
  {
    id: 1, email: 'admin@dramalist.local', username: 'admin', fullName: 'Site Admin', role: 'admin', password: 'Admin12345',
    bio: 'I keep the catalogue tidy. Report wrong air dates in the comments!',
  },
  {
    id: 2, email: 'mod@dramalist.local', username: 'moderator', fullName: 'Community Moderator', role: 'mod', password: 'Moder12345',
    bio: 'Moderator. Reviewing your edit suggestions, one drama at a time.',
  },
  {
    id: 3, email: 'demo@dramalist.local', username: 'demo', fullName: 'Demo Member', role: 'user', password: 'Demo12345',
    bio: 'Romance and thrillers, mostly Korean and Thai. Always looking for recommendations.',
  },
] as const satisfies readonly DemoAccount[];

/** Every generated member signs in with this password (one shared hash keeps seeding fast). */
export const DEMO_MEMBER_PASSWORD = 'Member12345';

/** the first id of the generated members (after the demo accounts) */
export const FIRST_MEMBER_ID = DEMO_ACCOUNTS.length + 1;
