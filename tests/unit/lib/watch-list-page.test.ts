import { describe, expect, it } from 'vitest';
import type { ListEntry, ListStatus, ListSummary } from '../../../src/lib/api/wire/index.ts';
import {
  cardFromEntry,
  groupSections,
  isOwner,
  progressPercent,
  queryWithTab,
  searchEntries,
  sortEntries,
  statusOf,
  statusTab,
  tabCounts,
  tabFromQuery,
  tabStatus,
  visibleEntries,
  withEntry,
  withoutEntry,
} from '../../../src/lib/lists/watch-list-page.ts';

// The watch-list page's rules (spec 2 "Watch list page"): the tab in ?tab=, search, sorts, the All
// tab's sections, and the lists following a saved or removed entry.

let next = 1;
function entry(title: string, fields: Partial<ListEntry> & { episodes?: number | null } = {}): ListEntry {
  const id = fields.drama_id ?? next++;
  const { episodes = 16, ...rest } = fields;
  const status = rest.status ?? 'watching';
  return {
    drama_id: id,
    drama: { id, title, episodes, year: 2020, type: 'drama', country: 'South Korea', rating: 8, banner_image: null, poster_image: '/media/p.jpg', main_photo: null, thumbnail: null, photos: [] },
    status,
    score: null,
    progress: null,
    notes: null,
    rewatch_count: 0,
    started_at: null,
    finished_at: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    category: status,
    ...rest,
  };
}

function lists(...entries: ListEntry[]): ListSummary[] {
  return (['watching', 'completed', 'plan_to_watch', 'dropped'] as ListStatus[]).map((type, i) => {
    const dramas = entries.filter((e) => e.status === type);
    return { id: 28 + i, list_type: type, name: type, drama_count: dramas.length, dramas };
  });
}

const titles = (entries: ListEntry[]) => entries.map((e) => e.drama.title);

describe('the tab in the query string', () => {
  it('reads the four tabs, and All for anything else', () => {
    expect(tabFromQuery('?tab=watching')).toBe('watching');
    expect(tabFromQuery('?tab=plan-to-watch')).toBe('plan-to-watch');
    expect(tabFromQuery('?x=1&tab=dropped')).toBe('dropped');
    expect(tabFromQuery('?tab=completed')).toBe('completed');
    expect(tabFromQuery('')).toBe('all');
    expect(tabFromQuery('?tab=plan_to_watch')).toBe('all');
    expect(tabFromQuery('?tab=Watching')).toBe('all');
    expect(tabFromQuery('?tab=')).toBe('all');
  });

  it('writes the tab, keeps other parameters, and leaves All out', () => {
    expect(queryWithTab('', 'plan-to-watch')).toBe('?tab=plan-to-watch');
    expect(queryWithTab('?tab=watching', 'all')).toBe('');
    expect(queryWithTab('?a=1&tab=watching', 'dropped')).toBe('?a=1&tab=dropped');
    expect(queryWithTab('?a=1&tab=watching', 'all')).toBe('?a=1');
  });

  it('maps tabs and statuses both ways', () => {
    expect(tabStatus('plan-to-watch')).toBe('plan_to_watch');
    expect(tabStatus('all')).toBeNull();
    expect(statusTab('plan_to_watch')).toBe('plan-to-watch');
    expect(statusTab('completed')).toBe('completed');
  });
});

describe('search', () => {
  const all = [entry('Crash Landing on You'), entry('Goblin'), entry('Reply 1988')];
  it('is a trimmed, case-insensitive substring of the title', () => {
    expect(titles(searchEntries(all, '  landing '))).toEqual(['Crash Landing on You']);
    expect(titles(searchEntries(all, 'GOB'))).toEqual(['Goblin']);
    expect(titles(searchEntries(all, 'o'))).toEqual(['Crash Landing on You', 'Goblin']);
    expect(searchEntries(all, 'zzz')).toEqual([]);
  });
  it('applies no filter when blank', () => {
    expect(searchEntries(all, '   ')).toHaveLength(3);
    expect(searchEntries(all, '')).toHaveLength(3);
  });
});

describe('sorts', () => {
  const a = entry('alpha', { score: 7, progress: 3, created_at: '2026-03-01T00:00:00Z' });
  const b = entry('Beta', { score: null, progress: 10, created_at: '2026-05-01T00:00:00Z' });
  const c = entry('Épico', { score: 9, progress: null, created_at: 'not a date' });
  const d = entry('delta', { score: 7, progress: 0, created_at: '2026-04-01T00:00:00Z' });
  const all = [a, b, c, d];
  it('Title is alphabetical, case and accents aside', () => {
    expect(titles(sortEntries(all, 'title'))).toEqual(['alpha', 'Beta', 'delta', 'Épico']);
  });
  it('Score is descending, a missing score counting as 0, ties by title', () => {
    expect(titles(sortEntries(all, 'score'))).toEqual(['Épico', 'alpha', 'delta', 'Beta']);
  });
  it('Progress is descending, missing as 0', () => {
    expect(titles(sortEntries(all, 'progress'))).toEqual(['Beta', 'alpha', 'delta', 'Épico']);
  });
  it('Date Added is newest first, an unreadable date counting as 0', () => {
    expect(titles(sortEntries(all, 'date_added'))).toEqual(['Beta', 'delta', 'alpha', 'Épico']);
  });
  it('does not change what it is given', () => {
    sortEntries(all, 'title');
    expect(all).toEqual([a, b, c, d]);
  });
});

describe('tabs, counts and sections', () => {
  const data = lists(
    entry('W1', { status: 'watching' }),
    entry('W2', { status: 'watching' }),
    entry('C1', { status: 'completed' }),
    entry('P1', { status: 'plan_to_watch' }),
  );
  it('counts every tab', () => {
    expect(tabCounts(data)).toEqual({ all: 4, watching: 2, completed: 1, dropped: 0, 'plan-to-watch': 1 });
  });
  it("groups All into the spec's sections in order, empty ones hidden", () => {
    const sections = groupSections(visibleEntries(data, 'all', '', 'title'));
    expect(sections.map((s) => [s.status, titles(s.entries)])).toEqual([
      ['watching', ['W1', 'W2']],
      ['completed', ['C1']],
      ['plan_to_watch', ['P1']],
    ]);
    const dropped = lists(entry('D1', { status: 'dropped' }), entry('P2', { status: 'plan_to_watch' }));
    expect(groupSections(visibleEntries(dropped, 'all', '', 'title')).map((s) => s.status)).toEqual(['dropped', 'plan_to_watch']);
  });
  it('shows one list in its tab, searched and sorted', () => {
    expect(titles(visibleEntries(data, 'watching', '', 'title'))).toEqual(['W1', 'W2']);
    expect(titles(visibleEntries(data, 'watching', 'w2', 'title'))).toEqual(['W2']);
    expect(visibleEntries(data, 'dropped', '', 'title')).toEqual([]);
    expect(titles(visibleEntries(data, 'plan-to-watch', '', 'score'))).toEqual(['P1']);
  });
});

describe('the lists after a save or a removal', () => {
  it('puts a new entry at the front of its list', () => {
    const old = entry('Old', { status: 'plan_to_watch' });
    const added = entry('New', { status: 'plan_to_watch' });
    const after = withEntry(lists(old), added);
    expect(titles(after[2]!.dramas)).toEqual(['New', 'Old']);
    expect(after[2]!.drama_count).toBe(2);
  });
  it('moves an entry whose status changed, counts following, and drops the history an answer carries', () => {
    const e = entry('Moving', { status: 'watching', drama_id: 500 });
    const saved = { ...e, status: 'completed' as const, category: 'completed' as const, cycles: [], history: [] };
    const after = withEntry(lists(e, entry('Stay', { status: 'watching' })), saved);
    expect(titles(after[0]!.dramas)).toEqual(['Stay']);
    expect(after[0]!.drama_count).toBe(1);
    expect(after[1]!.dramas).toHaveLength(1);
    expect(after[1]!.dramas[0]).not.toHaveProperty('history');
    expect(statusOf(after, 500)).toBe('completed');
  });
  it('replaces an entry that stayed on its list in place', () => {
    const a = entry('A', { status: 'watching' });
    const b = entry('B', { status: 'watching' });
    const after = withEntry(lists(a, b), { ...b, progress: 5 });
    expect(after[0]!.dramas.map((e) => e.progress)).toEqual([null, 5]);
  });
  it('takes a removed entry off', () => {
    const a = entry('A', { status: 'dropped', drama_id: 600 });
    const after = withoutEntry(lists(a), 600);
    expect(after[3]!.dramas).toEqual([]);
    expect(after[3]!.drama_count).toBe(0);
    expect(statusOf(after, 600)).toBeNull();
  });
});

describe('an entry card', () => {
  it('fills its progress bar over the episodes, at most 100%, 0 without a count', () => {
    expect(progressPercent(4, 16)).toBe(25);
    expect(progressPercent(20, 16)).toBe(100);
    expect(progressPercent(4, null)).toBe(0);
    expect(progressPercent(null, 16)).toBe(0);
    expect(progressPercent(3, 0)).toBe(0);
  });
  it("takes the drama card's image fields", () => {
    const card = cardFromEntry({ ...entry('X').drama, banner_image: null, photos: ['/media/first.jpg'], poster_image: '/media/p.jpg' });
    expect(card).toMatchObject({ firstPhoto: '/media/first.jpg', posterImage: '/media/p.jpg', bannerImage: null });
  });
  it('is the owner’s when the usernames match, case aside', () => {
    expect(isOwner('Ana', 'ana')).toBe(true);
    expect(isOwner('ana', 'bob')).toBe(false);
    expect(isOwner('ana', null)).toBe(false);
  });
});
