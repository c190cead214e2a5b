import { describe, expect, it } from 'vitest';
import type { ListEntryChange, ListEntryDetail } from '../../../src/lib/api/wire/index.ts';
import { checkEntryForm, entryForm, entrySave, historyLines, localDay, SCORES, stepProgress, withStatus } from '../../../src/lib/lists/watch-entry.ts';

// The watch-status dialog's rules (src/lib/lists/watch-entry.ts): spec 2 §5 and issue 12's dates.

function entry(fields: Partial<ListEntryDetail> = {}): ListEntryDetail {
  return {
    drama_id: 5,
    drama: { id: 5, title: 'Signal', episodes: 16, year: 2016, type: 'drama', country: 'South Korea', rating: 9.1, banner_image: null, poster_image: null, main_photo: null, thumbnail: null, photos: [] },
    status: 'watching',
    score: 8,
    progress: 3,
    notes: 'Great start',
    rewatch_count: 0,
    started_at: '2026-11-01',
    finished_at: null,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-02T10:00:00Z',
    category: 'watching',
    cycles: [{ cycle: 1, started_at: '2026-11-01', finished_at: null }],
    history: [],
    ...fields,
  };
}

function change(fields: Partial<ListEntryChange>): ListEntryChange {
  return {
    id: 1,
    kind: 'updated',
    cycle: 1,
    status: 'watching',
    score: null,
    progress: null,
    previous_status: 'watching',
    previous_score: null,
    previous_progress: null,
    timestamp: '2026-11-02T10:00:00Z',
    ...fields,
  };
}

describe('the form', () => {
  it('offers the ten scores best first', () => {
    expect(SCORES).toEqual(['10', '9', '8', '7', '6', '5', '4', '3', '2', '1']);
  });

  it('is prefilled from the entry, with the status chosen in the menu', () => {
    expect(entryForm(entry(), 'dropped', 16)).toEqual({ status: 'dropped', score: '8', progress: '3', notes: 'Great start', startedAt: '2026-11-01', finishedAt: '' });
  });

  it('is empty for a drama on no list', () => {
    expect(entryForm(null, 'plan_to_watch', 16)).toEqual({ status: 'plan_to_watch', score: '', progress: '', notes: '', startedAt: '', finishedAt: '' });
  });

  it("fills in every episode when 'Completed' is chosen and the drama's count is known", () => {
    expect(entryForm(entry(), 'completed', 16).progress).toBe('16');
    expect(entryForm(null, 'completed', 12).progress).toBe('12');
    // unknown count: left as it was
    expect(entryForm(entry(), 'completed', null).progress).toBe('3');
    // already completed: the member's number stays
    const done = entryForm(entry({ status: 'completed', progress: 10 }), 'completed', 16);
    expect(done.progress).toBe('10');
    // chosen again in the dialog
    expect(withStatus(entryForm(entry(), 'watching', 16), 'completed', 16).progress).toBe('16');
    expect(withStatus(entryForm(entry(), 'watching', 16), 'dropped', 16).progress).toBe('3');
  });

  it('steps the progress within 0 … the episodes', () => {
    expect(stepProgress('3', 1, 16)).toBe('4');
    expect(stepProgress('16', 1, 16)).toBe('16');
    expect(stepProgress('0', -1, 16)).toBe('0');
    expect(stepProgress('', 1, 16)).toBe('1');
    expect(stepProgress('', -1, 16)).toBe('0');
    expect(stepProgress('40', -1, 16)).toBe('16');
    expect(stepProgress('120', 1, null)).toBe('121');
  });
});

describe('the checks before sending', () => {
  const today = '2026-11-27';
  const initial = entryForm(entry(), 'watching', 16);
  const check = (patch: Partial<typeof initial>, episodes: number | null = 16) => checkEntryForm({ ...initial, ...patch }, initial, episodes, today);

  it('pass a form within the rules', () => {
    expect(check({})).toBeNull();
    expect(check({ progress: '', score: '', notes: '' })).toBeNull();
    expect(check({ progress: '16' })).toBeNull();
  });

  it("refuse episodes watched that are not a whole number, or more than the drama's", () => {
    expect(check({ progress: '2.5' })).toEqual({ field: 'progress', problem: 'progress' });
    expect(check({ progress: '-1' })).toEqual({ field: 'progress', problem: 'progress' });
    expect(check({ progress: '17' })).toEqual({ field: 'progress', problem: 'progressOver', count: 16 });
    expect(check({ progress: '500' }, null)).toBeNull();
    expect(check({ progress: '10000' }, null)).toEqual({ field: 'progress', problem: 'progress' });
  });

  it('refuse notes over 2,000 characters', () => {
    expect(check({ notes: 'x'.repeat(2000) })).toBeNull();
    expect(check({ notes: 'x'.repeat(2001) })).toEqual({ field: 'notes', problem: 'notes', max: 2000 });
  });

  it('refuse a date changed to the future, and a finish before the start', () => {
    expect(check({ startedAt: '2026-11-28' })).toEqual({ field: 'started_at', problem: 'dateInFuture' });
    expect(check({ finishedAt: '2026-11-28' })).toEqual({ field: 'finished_at', problem: 'dateInFuture' });
    expect(check({ finishedAt: '2026-10-31' })).toEqual({ field: 'finished_at', problem: 'finishBeforeStart' });
    expect(check({ finishedAt: '2026-11-01' })).toBeNull();
  });

  it("leave alone a date the member did not change (the server's today may be the member's tomorrow)", () => {
    const ahead = entryForm(entry({ started_at: '2026-11-28' }), 'watching', 16);
    expect(checkEntryForm(ahead, ahead, 16, today)).toBeNull();
  });

  it("write today in the member's time zone", () => {
    expect(localDay(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('the body sent', () => {
  it('sends empty score, progress and notes as null', () => {
    const initial = entryForm(null, 'plan_to_watch', 16);
    expect(entrySave({ ...initial, notes: '   ' }, initial)).toEqual({ status: 'plan_to_watch', score: null, progress: null, notes: null });
  });

  it('sends numbers as numbers and the notes as typed', () => {
    const initial = entryForm(entry(), 'watching', 16);
    expect(entrySave({ ...initial, score: '10', progress: ' 7 ', notes: ' Loved it ' }, initial)).toEqual({ status: 'watching', score: 10, progress: 7, notes: ' Loved it ' });
  });

  it('sends a date only when the member changed it, and an emptied date as null', () => {
    const initial = entryForm(entry({ finished_at: '2026-11-20' }), 'completed', 16);
    expect(entrySave(initial, initial)).not.toHaveProperty('started_at');
    expect(entrySave(initial, initial)).not.toHaveProperty('finished_at');
    expect(entrySave({ ...initial, startedAt: '2026-10-30', finishedAt: '' }, initial)).toMatchObject({ started_at: '2026-10-30', finished_at: null });
  });
});

describe('the history lines', () => {
  it('say what an added entry was given', () => {
    expect(historyLines(change({ kind: 'added', status: 'watching', score: 8, progress: 2, previous_status: null }))).toEqual([
      { kind: 'added', status: 'watching' },
      { kind: 'score', from: null, to: 8 },
      { kind: 'progress', from: null, to: 2 },
    ]);
    expect(historyLines(change({ kind: 'added', status: 'plan_to_watch', previous_status: null }))).toEqual([{ kind: 'added', status: 'plan_to_watch' }]);
  });

  it('say each of status, score and progress that changed', () => {
    expect(
      historyLines(change({ status: 'completed', previous_status: 'watching', score: 9, previous_score: 8, progress: 16, previous_progress: 16 })),
    ).toEqual([
      { kind: 'status', from: 'watching', to: 'completed' },
      { kind: 'score', from: 8, to: 9 },
    ]);
    expect(historyLines(change({ score: null, previous_score: 7 }))).toEqual([{ kind: 'score', from: 7, to: null }]);
  });

  it('say which viewing a rewatch began', () => {
    expect(historyLines(change({ kind: 'rewatch', cycle: 2, status: 'watching', previous_status: 'completed', progress: 0, previous_progress: 16 }))).toEqual([
      { kind: 'rewatch', cycle: 2 },
    ]);
  });
});
