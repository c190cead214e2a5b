import { describe, expect, it } from 'vitest';
import { feedTime, formatFeedTime } from '../../../src/lib/social/feed-time.ts';
import social from '../../../src/i18n/messages/social.ts';

const now = new Date('2026-11-28T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
const en = social.en.time;
const pt = social['pt-br'].time;

describe('feedTime', () => {
  it('buckets: now under a minute (and in the future), minutes, hours, days under 7, then a date', () => {
    expect(feedTime(ago(0), now)).toEqual({ kind: 'now' });
    expect(feedTime(ago(59), now)).toEqual({ kind: 'now' });
    expect(feedTime(ago(-30), now)).toEqual({ kind: 'now' });
    expect(feedTime(ago(60), now)).toEqual({ kind: 'm', count: 1 });
    expect(feedTime(ago(3599), now)).toEqual({ kind: 'm', count: 59 });
    expect(feedTime(ago(3600), now)).toEqual({ kind: 'h', count: 1 });
    expect(feedTime(ago(86399), now)).toEqual({ kind: 'h', count: 23 });
    expect(feedTime(ago(86400), now)).toEqual({ kind: 'd', count: 1 });
    expect(feedTime(ago(7 * 86400 - 1), now)).toEqual({ kind: 'd', count: 6 });
    expect(feedTime(ago(7 * 86400), now)).toEqual({ kind: 'date', day: '2026-11-21', sameYear: true });
    expect(feedTime('2025-03-04T10:00:00Z', now)).toEqual({ kind: 'date', day: '2025-03-04', sameYear: false });
  });

  it('reads a timestamp without a zone as UTC, and answers null for one it cannot read', () => {
    expect(feedTime('2026-11-28 11:55:00', now)).toEqual({ kind: 'm', count: 5 });
    expect(feedTime('not a date', now)).toBeNull();
    expect(feedTime(null, now)).toBeNull();
  });
});

describe('formatFeedTime', () => {
  it("says 'now', 'Nm', 'Nh', 'Nd', then a date, in English", () => {
    expect(formatFeedTime(ago(10), 'en', en, now)).toBe('now');
    expect(formatFeedTime(ago(5 * 60), 'en', en, now)).toBe('5m');
    expect(formatFeedTime(ago(3 * 3600), 'en', en, now)).toBe('3h');
    expect(formatFeedTime(ago(6 * 86400), 'en', en, now)).toBe('6d');
    expect(formatFeedTime('2026-03-04T10:00:00Z', 'en', en, now)).toBe('Mar 4');
    expect(formatFeedTime('2025-03-04T10:00:00Z', 'en', en, now)).toBe('Mar 4, 2025');
    expect(formatFeedTime('garbage', 'en', en, now)).toBe('');
  });

  it('in Portuguese', () => {
    expect(formatFeedTime(ago(10), 'pt-br', pt, now)).toBe('agora');
    expect(formatFeedTime(ago(5 * 60), 'pt-br', pt, now)).toBe('5 min');
    expect(formatFeedTime(ago(3 * 3600), 'pt-br', pt, now)).toBe('3h');
    expect(formatFeedTime(ago(6 * 86400), 'pt-br', pt, now)).toBe('6d');
    expect(formatFeedTime('2026-03-04T10:00:00Z', 'pt-br', pt, now)).toBe('4 de mar.');
    expect(formatFeedTime('2025-03-04T10:00:00Z', 'pt-br', pt, now)).toBe('4 de mar. de 2025');
  });
});
