import { describe, expect, it } from 'vitest';
import { activityWording, progressPercent, progressTone, splitAround, type ActivityChange } from '../../../src/lib/activity/activity-items.ts';
import { translator } from '../../../src/i18n/catalogue.ts';

// The timeline's wording and progress bars (spec 2 §4), with the history's details (decision 020).
const change = (fields: Partial<ActivityChange>): ActivityChange => ({
  kind: 'updated',
  cycle: 1,
  newStatus: 'watching',
  score: null,
  progress: null,
  previousStatus: null,
  previousScore: null,
  previousProgress: null,
  ...fields,
});

describe('activity wording', () => {
  it("is the spec's by the new status when an entry is added or its status changes", () => {
    expect(activityWording(change({ kind: 'added', newStatus: 'watching' }))).toBe('startedWatching');
    expect(activityWording(change({ kind: 'added', newStatus: 'completed' }))).toBe('completed');
    expect(activityWording(change({ kind: 'added', newStatus: 'plan_to_watch' }))).toBe('addedToPlan');
    expect(activityWording(change({ kind: 'added', newStatus: 'dropped' }))).toBe('dropped');
    expect(activityWording(change({ newStatus: 'completed', previousStatus: 'watching', progress: 16, previousProgress: 7 }))).toBe('completed');
    expect(activityWording(change({ newStatus: 'dropped', previousStatus: 'watching' }))).toBe('dropped');
    expect(activityWording(change({ newStatus: 'watching', previousStatus: 'plan_to_watch' }))).toBe('startedWatching');
    // an item older than the history (no previous values) is worded by its status
    expect(activityWording(change({ kind: 'updated', newStatus: 'plan_to_watch' }))).toBe('addedToPlan');
  });

  it("is 'updated' for a status it does not know", () => {
    expect(activityWording(change({ kind: 'added', newStatus: 'on_hold' }))).toBe('updated');
  });

  it('says a rewatch started, and a later viewing completed', () => {
    expect(activityWording(change({ kind: 'rewatch', cycle: 2, newStatus: 'watching', previousStatus: 'completed', progress: 0 }))).toBe('rewatchStarted');
    expect(activityWording(change({ cycle: 2, newStatus: 'completed', previousStatus: 'watching' }))).toBe('rewatchCompleted');
    expect(activityWording(change({ cycle: 1, newStatus: 'completed', previousStatus: 'watching' }))).toBe('completed');
  });

  it('does not say "started watching" again when only the episodes or the score changed', () => {
    const same = { newStatus: 'watching', previousStatus: 'watching' };
    expect(activityWording(change({ ...same, progress: 7, previousProgress: 6 }))).toBe('watchedEpisode');
    expect(activityWording(change({ ...same, progress: 7, previousProgress: null }))).toBe('watchedEpisode');
    expect(activityWording(change({ ...same, score: 8, previousScore: null, progress: 3, previousProgress: 3 }))).toBe('rated');
    // fewer episodes (a correction), both changed, or a score cleared: plainly 'updated'
    expect(activityWording(change({ ...same, progress: 2, previousProgress: 6 }))).toBe('updated');
    expect(activityWording(change({ ...same, progress: 7, previousProgress: 6, score: 9, previousScore: 8 }))).toBe('updated');
    expect(activityWording(change({ ...same, score: null, previousScore: 8 }))).toBe('updated');
  });

  it('reads as a sentence in both languages, the title in its place', () => {
    for (const [locale, expected] of [
      ['en', ['demo started a rewatch of ', '']],
      ['pt-br', ['demo começou a reassistir ', '']],
    ] as const) {
      expect(splitAround(translator(locale)('activity.wording.rewatchStarted', { username: 'demo' }), 'title')).toEqual(expected);
    }
    expect(splitAround(translator('pt-br')('activity.wording.addedToPlan', { username: 'demo' }), 'title')).toEqual(['demo adicionou ', ' à lista Quero assistir']);
    expect(translator('en')('activity.wording.addedToPlan', { username: 'demo', title: 'Goblin' })).toBe('demo added to plan to watch Goblin');
    expect(splitAround('no placeholder', 'title')).toEqual(['no placeholder', '']);
  });
});

describe('progress bars', () => {
  it('fill episodes watched over the total, capped at 100%, empty without a total', () => {
    expect(progressPercent(8, 16)).toBe(50);
    expect(progressPercent(1, 3)).toBe(33.3);
    expect(progressPercent(16, 16)).toBe(100);
    expect(progressPercent(20, 16)).toBe(100);
    expect(progressPercent(null, 16)).toBe(0);
    expect(progressPercent(-2, 16)).toBe(0);
    expect(progressPercent(5, null)).toBe(0);
    expect(progressPercent(5, 0)).toBe(0);
  });

  it("take the timeline's colours: completed green, watching blue, dropped red, the rest grey", () => {
    expect(progressTone('completed')).toBe('success');
    expect(progressTone('watching')).toBe('info');
    expect(progressTone('dropped')).toBe('danger');
    expect(progressTone('plan_to_watch')).toBe('neutral');
    expect(progressTone('anything else')).toBe('neutral');
  });
});
