import type { Catalogue } from '../../i18n/catalogue.ts';
import type { MessageKey } from '../../i18n/translate.ts';

/** Site-wide constants: product name, contact address and the navigation structure (spec 1 §2.2, §2.3). */

export const SITE_NAME = 'DramaList';
export const SUPPORT_EMAIL = 'support@dramalist.example';

/** Translates a message key of the catalogue (the page's `t`, src/i18n/page.ts). */
type T = (key: MessageKey<Catalogue>) => string;

export interface NavLink {
  label: string;
  href: string;
}

export interface NavGroup {
  title: string;
  links: NavLink[];
}

/** Menu items' values are English names: the drama search reads them as they are written. */
const GENRES = ['Romance', 'Comedy', 'Drama', 'Action', 'Thriller', 'Fantasy'] as const;
const COUNTRIES = ['South Korea', 'China', 'Japan', 'Thailand', 'Taiwan'] as const;

/** Drama search filtered by one query parameter (genre or country names go in as they are written). */
function dramaSearchBy(param: 'genre' | 'country', value: string): string {
  return `/search/drama?${param}=${encodeURIComponent(value)}`;
}

/**
 * The Explore mega-menu: exactly four columns, in this order, worded by `t`. Hrefs are site paths
 * in English; the layout puts them in the page's language.
 */
export const exploreGroups = (t: T): NavGroup[] => [
  {
    title: t('layout.explore.browse'),
    links: [
      { label: t('layout.explore.allDramas'), href: '/search/drama' },
      { label: t('layout.explore.mostPopular'), href: '/drama/popular' },
      { label: t('layout.explore.topRated'), href: '/drama/top-rated' },
      { label: t('layout.explore.currentlyAiring'), href: '/drama/airing' },
      { label: t('layout.explore.upcoming'), href: '/drama/upcoming' },
      { label: t('layout.explore.calendar'), href: '/calendar' },
    ],
  },
  {
    title: t('layout.explore.people'),
    links: [
      { label: t('layout.explore.browseActors'), href: '/search/people' },
      { label: t('layout.explore.popularActors'), href: '/search/people?sort_by=popularity' },
    ],
  },
  {
    title: t('layout.explore.genres'),
    links: [
      ...GENRES.map((g) => ({ label: t(`layout.genres.${g}`), href: dramaSearchBy('genre', g) })),
      { label: t('layout.explore.allGenres'), href: '/search/drama' },
    ],
  },
  {
    title: t('layout.explore.countries'),
    links: [
      ...COUNTRIES.map((c) => ({ label: t(`layout.countries.${c}`), href: dramaSearchBy('country', c) })),
      { label: t('layout.explore.allCountries'), href: '/search/drama' },
    ],
  },
];

export const SOCIAL_HREF = '/social';

export interface FooterLink extends NavLink {
  /** shown only to signed-out visitors (hidden by the layout's head script when a token is stored) */
  signedOutOnly?: boolean;
}

export const footerGroups = (t: T): { title: string; links: FooterLink[] }[] => [
  {
    title: t('layout.footer.explore'),
    links: [
      { label: t('layout.explore.mostPopular'), href: '/drama/popular' },
      { label: t('layout.explore.topRated'), href: '/drama/top-rated' },
      { label: t('layout.explore.currentlyAiring'), href: '/drama/airing' },
      { label: t('layout.explore.upcoming'), href: '/drama/upcoming' },
      { label: t('layout.footer.browseDramas'), href: '/search/drama' },
    ],
  },
  {
    title: t('layout.footer.community'),
    links: [
      { label: t('layout.footer.people'), href: '/search/people' },
      { label: t('layout.footer.joinCommunity'), href: '/register', signedOutOnly: true },
      { label: t('layout.footer.contactUs'), href: '/contact' },
      { label: t('layout.footer.aboutUs'), href: '/about' },
    ],
  },
  {
    title: t('layout.footer.legal'),
    links: [
      { label: t('layout.footer.privacy'), href: '/privacy' },
      { label: t('layout.footer.terms'), href: '/terms' },
      { label: t('layout.footer.cookiePolicy'), href: '/cookies' },
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
