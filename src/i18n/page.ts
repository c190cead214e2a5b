import type { Catalogue } from './catalogue.ts';
import { translator } from './catalogue.ts';
import { localePath, splitLocale, type Locale } from './locales.ts';
import type { Translator } from './translate.ts';

/**
 * The language of the page being rendered and the tools to write it, for Astro pages, layouts and
 * components: `const { locale, t, href } = pageI18n(Astro);`.
 *
 * One page file serves both languages: a /pt-br/ address is answered by the English route through
 * Astro's i18n fallback (a rewrite, astro.config.mjs), so `Astro.url` may show the English path
 * while `Astro.originPathname` keeps the address that was asked for. The language comes from the
 * latter (docs/decisions/019).
 */
export interface PageI18n {
  locale: Locale;
  /** the page's path without its language prefix ('/drama/1'), no trailing slash */
  path: string;
  t: Translator<Catalogue>;
  /** a site path in this page's language: href('/drama/1') → '/pt-br/drama/1' in pt-br */
  href: (path: string) => string;
}

interface AstroLike {
  url: URL;
  originPathname?: string;
}

const memo = new WeakMap<object, PageI18n>();

/** the address asked for: the origin path when Astro rewrote it, else the URL's */
export function requestedPathname(astro: AstroLike): string {
  return astro.originPathname || astro.url.pathname;
}

export function pageI18n(astro: AstroLike): PageI18n {
  const known = memo.get(astro);
  if (known) return known;
  const { locale, path } = splitLocale(requestedPathname(astro));
  const i18n: PageI18n = {
    locale,
    // links across the site have no trailing slash; pre-rendered pages see '/about/' at build time
    path: path.replace(/\/+$/, '') || '/',
    t: translator(locale),
    href: (target) => localePath(locale, target),
  };
  memo.set(astro, i18n);
  return i18n;
}
