/** Site-wide constants: product name, contact address and the navigation structure (spec 1 §2.2, §2.3). */

export const SITE_NAME = 'DramaList';
export const SITE_TAGLINE = 'Track, discover and share your favorite Asian dramas';
export const SUPPORT_EMAIL = 'support@dramalist.example';

export interface NavLink {
  label: string;
  href: string;
}

export interface NavGroup {
  title: string;
  links: NavLink[];
}

const GENRES = ['Romance', 'Comedy', 'Drama', 'Action', 'Thriller', 'Fantasy'] as const;
const COUNTRIES = ['South Korea', 'China', 'Japan', 'Thailand', 'Taiwan'] as const;

/** Drama search filtered by one query parameter (genre or country names go in as they are written). */
function dramaSearchBy(param: 'genre' | 'country', value: string): string {
  return `/search/drama?${param}=${encodeURIComponent(value)}`;
}

/** The Explore mega-menu: exactly four columns, in this order. */
export const EXPLORE_GROUPS: NavGroup[] = [
  {
    title: 'Browse',
    links: [
      { label: 'All Dramas', href: '/search/drama' },
      { label: 'Most Popular', href: '/drama/popular' },
      { label: 'Top Rated', href: '/drama/top-rated' },
      { label: 'Currently Airing', href: '/drama/airing' },
      { label: 'Upcoming', href: '/drama/upcoming' },
      { label: 'Calendar', href: '/calendar' },
    ],
  },
  {
    title: 'People',
    links: [
      { label: 'Browse Actors', href: '/search/people' },
      { label: 'Popular Actors', href: '/search/people?sort_by=popularity' },
    ],
  },
  {
    title: 'Genres',
    links: [
      ...GENRES.map((g) => ({ label: g, href: dramaSearchBy('genre', g) })),
      { label: 'All Genres', href: '/search/drama' },
    ],
  },
  {
    title: 'Countries',
    links: [
      ...COUNTRIES.map((c) => ({ label: c, href: dramaSearchBy('country', c) })),
      { label: 'All Countries', href: '/search/drama' },
    ],
  },
];

export const SOCIAL_LINK: NavLink = { label: 'Social', href: '/social' };

export interface FooterLink extends NavLink {
  /** shown only to signed-out visitors (hidden by the layout's head script when a token is stored) */
  signedOutOnly?: boolean;
}

export const FOOTER_GROUPS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Explore',
    links: [
      { label: 'Most Popular', href: '/drama/popular' },
      { label: 'Top Rated', href: '/drama/top-rated' },
      { label: 'Currently Airing', href: '/drama/airing' },
      { label: 'Upcoming', href: '/drama/upcoming' },
      { label: 'Browse Dramas', href: '/search/drama' },
    ],
  },
  {
    title: 'Community',
    links: [
      { label: 'People', href: '/search/people' },
      { label: 'Join Community', href: '/register', signedOutOnly: true },
      { label: 'Contact Us', href: '/contact' },
      { label: 'About Us', href: '/about' },
    ],
  },
  {
    title: 'Legal & Support',
    links: [
      { label: 'Privacy', href: '/privacy' },
      { label: 'Terms', href: '/terms' },
      { label: 'Cookie Policy', href: '/cookies' },
    ],
  },
];

/**
 * Where the navbar search goes for the typed text: /search/drama?q={text}, or null when the text is
 * blank or whitespace only (the spec says such a submit does nothing).
 */
export function dramaSearchHref(text: string): string | null {
  const q = text.trim();
  return q ? `/search/drama?q=${encodeURIComponent(q)}` : null;
}
