import type { Catalogue } from './catalogue.ts';
import { translator } from './catalogue.ts';
import { LOCALES, localePath, splitLocale, type Locale } from './locales.ts';
import type { Translator } from './translate.ts';

/**
 * The language of the page being rendered and the tools to write it, for Astro pages, layouts and
 * components: `const { locale, t, href } = pageI18n(Astro);`.
 *
 * One page file serves both languages: a /pt-br/ address is answered by the English route through
 * Astro's i18n fallback (astro.config.mjs): pre-rendered at build time with the /pt-br/ URL, and on
 * demand matched by the route's fallback pattern (still the /pt-br/ URL) or, after a rewrite, with
 * the English URL and the asked-for one in `Astro.originPathname`. The language comes from the
 * address asked for; `url` is that address without its language, for loaders that read a path
 * (docs/decisions/019).
 */
export interface PageI18n {
  locale: Locale;
  /** the page's path without its language prefix ('/drama/1'), no trailing slash */
  path: string;
  t: Translator<Catalogue>;
  /** the request's URL with the language prefix taken off ('/search/drama?q=x'): what loaders read */
  url: URL;
  /** a site path in this page's language: href('/drama/1') → '/pt-br/drama/1' in pt-br */
  href: (path: string) => string;
}

interface AstroLike {
  url: URL;
  originPathname?: string;
}

const memo = new WeakMap<object, PageI18n>();
const translators = Object.fromEntries(LOCALES.map((l) => [l, translator(l)])) as Record<Locale, Translator<Catalogue>>;

/** the address asked for: the origin path when Astro rewrote it, else the URL's */
export function requestedPathname(astro: AstroLike): string {
  return astro.originPathname || astro.url.pathname;
}

export function pageI18n(astro: AstroLike): PageI18n {
  const known = memo.get(astro);
  if (known) return known;
  const split = splitLocale(requestedPathname(astro));
  const locale = split.locale;
  // page N of a ranked list (and a stale home or page 1) is rendered by its on-demand twin at
  // /ranked/… (the site server's internal address, src/lib/ranked-lists/ranked-lists.ts): its
  // public path has no /ranked (home's twin is /ranked/home)
  const path = split.path.replace(/\/+$/, '') === '/ranked/home' ? '/' : split.path.replace(/^\/ranked(?=\/)/, '');
  const url = new URL(astro.url);
  url.pathname = splitLocale(url.pathname).path;
  const i18n: PageI18n = {
    locale,
    // links across the site have no trailing slash; pre-rendered pages see '/about/' at build time
    path: path.replace(/\/+$/, '') || '/',
    t: translators[locale],
    url,
    href: (target) => localePath(locale, target),
  };
  memo.set(astro, i18n);
  return i18n;
}
