/** One instant result under the navbar search box. */
export interface InstantResult {
  title: string;
  href: string;
  /** e.g. 'Drama · 2024' or 'Actor' */
  meta?: string;
}

/**
 * Instant results for the navbar search box as the visitor types.
 *
 * TODO(pagefind): answer from the Pagefind index of the pre-rendered drama and person pages
 * (a later issue). Until it exists the box only submits to /search/drama, so this returns nothing.
 */
export function useInstantResults(_query: string): InstantResult[] {
  return [];
}
