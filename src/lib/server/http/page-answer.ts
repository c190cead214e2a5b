// The one way an on-demand page answers its loader's result (services/pages/page-result.ts).
import type { AstroGlobal } from 'astro';
import { pageI18n } from '../../../i18n/page.ts';
import type { PageResult } from '../services/pages/page-result.ts';

/**
 * Call in the frontmatter of an on-demand page, before rendering:
 *
 *   const result = await loadDramaPage(Astro.params.slug);
 *   const early = answerPage(Astro, result);
 *   if (early) return early;
 *
 * A redirect, or an address that names no page (the site's not-found page), is answered at once: the
 * page returns the Response. Otherwise the page renders `result`; an error state is sent with its
 * status and never kept by caches (`no-store`). A redirect stays in the page's language: the
 * loaders name site paths in English ('/drama/7'), a /pt-br/ page goes to '/pt-br/drama/7'.
 */
export function answerPage(
  astro: Pick<AstroGlobal, 'response' | 'redirect' | 'url' | 'originPathname'>,
  result: PageResult<unknown>,
): Response | undefined {
  if (result.kind === 'redirect') {
    const location = result.location.startsWith('/') && !result.location.startsWith('//') ? pageI18n(astro).href(result.location) : result.location;
    return astro.redirect(location, result.status);
  }
  // a /pt-br/ address reaches its English route through Astro's i18n fallback pattern, whose
  // default status is a 302 (astro.config.mjs): a page that renders says 200 itself
  if (result.kind !== 'error') {
    astro.response.status = 200;
    return undefined;
  }
  // an empty 404 answer makes Astro send the (pre-rendered) not-found page
  if (result.reason === 'no-page') return new Response(null, { status: 404 });
  astro.response.status = result.status;
  astro.response.headers.set('Cache-Control', 'no-store');
  return undefined;
}
