/**
 * The site's languages. English lives at the spec's paths, Brazilian Portuguese at the same paths
 * under /pt-br/ (docs/decisions/019-messages-and-locales.md).
 */
export const LOCALES = ['en', 'pt-br'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** the path segment of each non-default locale */
const PREFIX: Record<Locale, string> = { en: '', 'pt-br': '/pt-br' };

/** `<html lang>` and hreflang values (BCP 47) */
export const HTML_LANG: Record<Locale, string> = { en: 'en', 'pt-br': 'pt-BR' };

/** what Intl and date-fns are given */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', 'pt-br': 'pt-BR' };

/** each language's own name, for the switcher */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'pt-br': 'Português (Brasil)' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** `/drama/1` in pt-br → `/pt-br/drama/1`; `/` → `/pt-br/`. Paths are site-absolute. */
export function localePath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const prefix = PREFIX[locale];
  if (!prefix) return clean;
  return clean === '/' ? `${prefix}/` : `${prefix}${clean}`;
}

/** `/pt-br/drama/1?x` → { locale: 'pt-br', path: '/drama/1?x' }; anything else is English */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  for (const locale of LOCALES) {
    const prefix = PREFIX[locale];
    if (!prefix) continue;
    if (pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}?`)) {
      const rest = pathname.slice(prefix.length);
      return { locale, path: rest.startsWith('/') ? rest : `/${rest}` };
    }
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/' };
}

/** the same page in another language */
export const switchLocale = (pathname: string, to: Locale): string => localePath(to, splitLocale(pathname).path);

/** the locale of the page being rendered, from its URL (`pageLocale(Astro.url)`) */
export const pageLocale = (url: URL): Locale => splitLocale(url.pathname).locale;
