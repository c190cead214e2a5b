// The watch-list page's rules (spec 2 "Watch list page"; issue 12): the tab in the query string,
// the search, the sorts, the All tab's sections, and keeping the lists in step with a saved or
// removed entry. Pure and wordless: the island words them (namespace `watchList`).
import type { ListEntry, ListStatus, ListSummary } from '../api/wire/index.ts';
import { cardFromWire, type CardDrama } from '../dramas/drama-card.ts';

/** The tabs, in the bar's order; `all` is the default and is not written in the query. */
export const TABS = ['all', 'watching', 'completed', 'dropped', 'plan-to-watch'] as const;
export type Tab = (typeof TABS)[number];

/** The All tab's sections, in the spec's order ('Currently Watching', 'Completed', 'Dropped', 'Plan to Watch'). */
export const SECTIONS: readonly ListStatus[] = ['watching', 'completed', 'dropped', 'plan_to_watch'];

export const SORTS = ['title', 'score', 'progress', 'date_added'] as const;
export type Sort = (typeof SORTS)[number];
export const DEFAULT_SORT: Sort = 'date_added';

/** The status a tab shows (null: every list). */
export const tabStatus = (tab: Tab): ListStatus | null => (tab === 'all' ? null : (tab.replace(/-/g, '_') as ListStatus));

/** The tab that shows a status. */
export const statusTab = (status: ListStatus): Tab => status.replace(/_/g, '-') as Tab;

/** The tab a query string asks for (`?tab=plan-to-watch`); anything else is All. */
export function tabFromQuery(search: string): Tab {
  const value = new URLSearchParams(search).get('tab');
  return TABS.includes(value as Tab) ? (value as Tab) : 'all';
}

/** The query string with the tab in it (All removes it), the other parameters kept: '' or '?…'. */
export function queryWithTab(search: string, tab: Tab): string {
  const params = new URLSearchParams(search);
  if (tab === 'all') params.delete('tab');
  else params.set('tab', tab);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Every entry of the lists, in the lists' order. */
export const allEntries = (lists: readonly ListSummary[]): ListEntry[] => lists.flatMap((list) => list.dramas);

/** How many entries each tab has. */
export function tabCounts(lists: readonly ListSummary[]): Record<Tab, number> {
  const counts = Object.fromEntries(TABS.map((tab) => [tab, 0])) as Record<Tab, number>;
  for (const entry of allEntries(lists)) {
    counts.all += 1;
    counts[statusTab(entry.status)] += 1;
  }
  return counts;
}

/** The entries a search keeps: a trimmed, case-insensitive substring of the title; blank keeps all. */
export function searchEntries(entries: readonly ListEntry[], search: string): ListEntry[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...entries];
  return entries.filter((entry) => entry.drama.title.toLocaleLowerCase().includes(needle));
}

const valueOf: Record<Exclude<Sort, 'title'>, (entry: ListEntry) => number> = {
  score: (e) => e.score ?? 0,
  progress: (e) => e.progress ?? 0,
  date_added: (e) => {
    const time = Date.parse(e.created_at);
    return Number.isNaN(time) ? 0 : time;
  },
};

/**
 * The entries sorted: Title alphabetical (the locale's order, accents and case aside); Score,
 * Progress and Date Added descending, a missing value counting as 0; ties by title.
 */
export function sortEntries(entries: readonly ListEntry[], sort: Sort, locale = 'en'): ListEntry[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const byTitle = (a: ListEntry, b: ListEntry) => collator.compare(a.drama.title, b.drama.title) || a.drama_id - b.drama_id;
  if (sort === 'title') return [...entries].sort(byTitle);
  const value = valueOf[sort];
  return [...entries].sort((a, b) => value(b) - value(a) || byTitle(a, b));
}

/** One section of the All tab. */
export interface Section {
  status: ListStatus;
  entries: ListEntry[];
}

/** The All tab's sections in the spec's order, each with its entries in the given order; empty ones left out. */
export function groupSections(entries: readonly ListEntry[]): Section[] {
  return SECTIONS.map((status) => ({ status, entries: entries.filter((e) => e.status === status) })).filter((s) => s.entries.length > 0);
}

/** What a tab shows: its entries after the search, sorted. */
export function visibleEntries(lists: readonly ListSummary[], tab: Tab, search: string, sort: Sort, locale = 'en'): ListEntry[] {
  const status = tabStatus(tab);
  const inTab = allEntries(lists).filter((entry) => status === null || entry.status === status);
  return sortEntries(searchEntries(inTab, search), sort, locale);
}

/** The list entry of an entry's answer (which may carry its history and viewings too). */
function asListEntry(entry: ListEntry & { cycles?: unknown; history?: unknown }): ListEntry {
  const { cycles: _cycles, history: _history, ...fields } = entry;
  return fields;
}

/**
 * The lists with an entry saved: taken off the list it was on and put on its status's list (at the
 * front when it is new there, in its place when it stayed), each list's count following.
 */
export function withEntry(lists: readonly ListSummary[], saved: ListEntry): ListSummary[] {
  const entry = asListEntry(saved);
  return lists.map((list) => {
    const at = list.dramas.findIndex((e) => e.drama_id === entry.drama_id);
    if (list.list_type === entry.status) {
      const dramas = at >= 0 ? list.dramas.map((e, i) => (i === at ? entry : e)) : [entry, ...list.dramas];
      return { ...list, dramas, drama_count: dramas.length };
    }
    if (at < 0) return list;
    const dramas = list.dramas.filter((_, i) => i !== at);
    return { ...list, dramas, drama_count: dramas.length };
  });
}

/** The lists without a drama's entry. */
export function withoutEntry(lists: readonly ListSummary[], dramaId: number): ListSummary[] {
  return lists.map((list) => {
    if (!list.dramas.some((e) => e.drama_id === dramaId)) return list;
    const dramas = list.dramas.filter((e) => e.drama_id !== dramaId);
    return { ...list, dramas, drama_count: dramas.length };
  });
}

/** The status of a drama's entry in the lists, or null when it is on none. */
export function statusOf(lists: readonly ListSummary[], dramaId: number): ListStatus | null {
  return allEntries(lists).find((e) => e.drama_id === dramaId)?.status ?? null;
}

/** The width of an entry's progress bar: the activity timeline's rule, one for both pages. */
export { progressPercent } from '../activity/activity-items.ts';

/** Whether the signed-in member owns the lists of the page's username (usernames are matched regardless of case). */
export const isOwner = (pageUsername: string, memberUsername: string | null | undefined): boolean =>
  !!memberUsername && pageUsername.trim().toLowerCase() === memberUsername.trim().toLowerCase();

/** An entry's drama as the drama card's pieces read it (its image chosen by the card's rules). */
export const cardFromEntry = (drama: ListEntry['drama']): CardDrama => cardFromWire(drama);
