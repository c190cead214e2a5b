// The one JSON the site server itself answers beside the API (not under /api/v1): the instant
// search's records changed since the serving build (search-records.ts SEARCH_CHANGES_PATH), which
// only the site server can say (it knows its build). Kept with the API client so that the data layer
// stays the only browser code that talks to the network (docs/decisions/017).

/** The site's JSON at `path` (same origin), or null when it cannot be read. */
export async function readSiteJson<T>(path: string): Promise<T | null> {
  try {
    const res = await fetch(path, { credentials: 'omit' });
    return res.ok ? ((await res.json()) as T) : null;
  } catch {
    return null;
  }
}
