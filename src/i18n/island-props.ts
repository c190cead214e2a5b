import { islandMessages, type IslandMessages, type Namespace } from './catalogue.ts';
import { splitLocale } from './locales.ts';

/** what an island's mount site knows of the page (Astro's global) */
interface PageLike {
  url: URL;
  /** the address asked for, when Astro rewrote it (the /pt-br/ pages fall back to the English routes) */
  originPathname?: string;
}

/**
 * An island's `i18n` prop at its mount site: its namespaces in the language of the page being
 * rendered, read from the address asked for (a /pt-br/ address may be rendered by a rewrite to the
 * English route, where Astro.url shows the English path):
 *
 *   <LoginForm client:load i18n={islandI18n(Astro, 'auth')} />
 */
export function islandI18n<N extends Namespace>(page: PageLike, ...names: N[]): IslandMessages<N> {
  return islandMessages(splitLocale(page.originPathname || page.url.pathname).locale, ...names);
}
