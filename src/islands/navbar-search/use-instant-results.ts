import { useEffect, useState } from 'react';
import { readSiteJson } from '../../lib/api/site-json.ts';
import {
  instantResultFrom,
  KIND_FILTER,
  RESULTS_PER_GROUP,
  SEARCH_CHANGES_PATH,
  SEARCH_DEBOUNCE_MS,
  withSearchChanges,
  type InstantResult,
  type SearchChange,
  type PagefindResultData,
  type ResultGroup,
} from '../../lib/navbar-search/search-records.ts';

/** The part of Pagefind's browser API (/pagefind/pagefind.js) the search box uses. */
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(
    term: string,
    options?: { filters?: Record<string, string> },
  ): Promise<{ results: { data(): Promise<PagefindResultData> }[] } | null>;
}

let loading: Promise<Pagefind | null> | undefined;

/**
 * Loads the Pagefind runtime written by `npm run build` (once per page, shared by the navbar's and
 * the mobile menu's boxes). The URL is built at run time so that Vite leaves the import alone. No
 * index (`astro dev`, a failed fetch) answers null: the box then only submits.
 */
function loadPagefind(): Promise<Pagefind | null> {
  loading ??= import(/* @vite-ignore */ new URL('/pagefind/pagefind.js', window.location.origin).href)
    .then(async (pagefind: Pagefind) => {
      await pagefind.options({ baseUrl: '/' });
      void pagefind.init();
      return pagefind;
    })
    .catch(() => null);
  return loading;
}

let changesLoading: Promise<SearchChange[]> | undefined;

/**
 * The records changed since the build was made (edits applied since), which the static index does
 * not know yet: read once per page with the index, from the site server (none when it cannot say).
 */
function loadChanges(): Promise<SearchChange[]> {
  changesLoading ??= readSiteJson<{ records?: SearchChange[] }>(`${SEARCH_CHANGES_PATH}?lang=${encodeURIComponent(document.documentElement.lang || 'en')}`).then(
    (answer) => answer?.records ?? [],
  );
  return changesLoading;
}

async function searchGroup(pagefind: Pagefind, term: string, group: ResultGroup): Promise<InstantResult[]> {
  const [answer, changes] = await Promise.all([pagefind.search(term, { filters: { [KIND_FILTER]: group } }), loadChanges()]);
  // one more than shown: a changed record's stale entry may be dropped
  const data = await Promise.all((answer?.results ?? []).slice(0, RESULTS_PER_GROUP + 1).map((r) => r.data()));
  const found = data.map(instantResultFrom).filter((r): r is InstantResult => r !== null);
  return withSearchChanges(found, term, group, changes).slice(0, RESULTS_PER_GROUP);
}

export interface InstantResults {
  /** false until the index has loaded, and for good when there is none */
  available: boolean;
  /** the (trimmed) text the results answer; '' before the first answer */
  query: string;
  dramas: InstantResult[];
  people: InstantResult[];
}

const NONE: InstantResults = { available: false, query: '', dramas: [], people: [] };

/**
 * Instant results for dramas and people from the Pagefind index as the visitor types: the index is
 * loaded once `wanted` turns true (first focus or keystroke), each text is searched once typing
 * pauses, and an answer to older text never replaces a newer one. The last answer stays until the
 * next arrives, so the list does not flicker while typing.
 */
export function useInstantResults(text: string, wanted: boolean): InstantResults {
  const [pagefind, setPagefind] = useState<Pagefind | null>(null);
  const [results, setResults] = useState<InstantResults>(NONE);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void loadPagefind().then((loaded) => {
      if (live) setPagefind(loaded);
    });
    return () => {
      live = false;
    };
  }, [wanted]);

  const term = text.trim();
  useEffect(() => {
    if (!pagefind) return;
    if (!term) {
      setResults({ ...NONE, available: true });
      return;
    }
    let live = true;
    const timer = window.setTimeout(async () => {
      try {
        const [dramas, people] = await Promise.all([searchGroup(pagefind, term, 'drama'), searchGroup(pagefind, term, 'person')]);
        if (live) setResults({ available: true, query: term, dramas, people });
      } catch {
        // a chunk of the index failed to load (e.g. a rebuild replaced it): keep what is shown
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [pagefind, term]);

  return pagefind ? { ...results, available: true } : NONE;
}
