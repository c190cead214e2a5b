// The pagination control's page list (spec 1 §9): the first and the last page, a window of
// `radius` pages either side of the current one, and an ellipsis wherever pages are skipped.
// Pure, so the pre-rendered lists, the on-demand search pages and the calendar island share it.

export type PageItem = number | 'ellipsis';

/**
 * Pages to show for `current` of `pages` (1-based). A gap of exactly one page is filled with that
 * page instead of an ellipsis. `[]` when there is at most one page (no control is shown).
 */
export function paginationWindow(current: number, pages: number, radius = 2): PageItem[] {
  if (!Number.isFinite(pages) || pages <= 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), pages);
  const shown = new Set<number>([1, pages]);
  for (let p = page - radius; p <= page + radius; p++) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const p of sorted) {
    const last = items[items.length - 1];
    if (typeof last === 'number' && p - last === 2) items.push(last + 1);
    else if (typeof last === 'number' && p - last > 2) items.push('ellipsis');
    items.push(p);
  }
  return items;
}

/** `href` of page `page` on `base` (a path with an optional query): page 1 drops the parameter. */
export function pageHref(base: string, page: number): string {
  const url = new URL(base, 'http://x');
  if (page <= 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  const query = url.searchParams.toString();
  return url.pathname + (query ? `?${query}` : '');
}
