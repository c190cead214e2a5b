import { describe, expect, it } from 'vitest';
import { activityTime, formatActivityTime, readTimestamp } from '../../../src/lib/activity/activity-time.ts';

// Relative times of the activity timeline (spec 2 §9).
const NOW = new Date('2026-11-27T18:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();
const words = (value: Parameters<typeof activityTime>[0], locale: 'en' | 'pt-br' = 'en') =>
  formatActivityTime(activityTime(value, NOW), locale, locale === 'en' ? 'Recently' : 'Recentemente');

describe('activity times', () => {
  it('count seconds under a minute, at least one, a time in the future too', () => {
    expect(words(ago(0))).toBe('1 second ago');
    expect(words(ago(1))).toBe('1 second ago');
    expect(words(ago(59))).toBe('59 seconds ago');
    expect(words(ago(-3600))).toBe('1 second ago');
  });

  it('then minutes, hours, days under 7 and weeks under 4, rounded down', () => {
    expect(words(ago(60))).toBe('1 minute ago');
    expect(words(ago(119))).toBe('1 minute ago');
    expect(words(ago(59 * 60 + 59))).toBe('59 minutes ago');
    expect(words(ago(3600))).toBe('1 hour ago');
    expect(words(ago(23 * 3600 + 3599))).toBe('23 hours ago');
    expect(words(ago(86_400))).toBe('1 day ago');
    expect(words(ago(6 * 86_400 + 86_399))).toBe('6 days ago');
    expect(words(ago(7 * 86_400))).toBe('1 week ago');
    expect(words(ago(27 * 86_400 + 86_399))).toBe('3 weeks ago');
  });

  it('then a short date, with the year only when it is not this year', () => {
    expect(words(ago(28 * 86_400))).toBe('Oct 30');
    expect(words('2026-01-05T10:00:00Z')).toBe('Jan 5');
    expect(words('2025-12-31T23:59:59Z')).toBe('Dec 31, 2025');
    expect(activityTime('2025-12-31T23:59:59Z', NOW)).toEqual({ kind: 'date', day: '2025-12-31', sameYear: false });
  });

  it("say 'Recently' when the time cannot be read", () => {
    for (const value of ['', '   ', 'yesterday', '2026-13-45T99:00:00Z', null, undefined, new Date('nope')]) {
      expect(words(value), String(value)).toBe('Recently');
    }
  });

  it('read a timestamp without a time zone as UTC', () => {
    expect(readTimestamp('2026-11-27T17:00:00')?.toISOString()).toBe('2026-11-27T17:00:00.000Z');
    expect(readTimestamp('2026-11-27 17:00:00.250')?.toISOString()).toBe('2026-11-27T17:00:00.250Z');
    expect(readTimestamp('2026-11-27T17:00:00+02:00')?.toISOString()).toBe('2026-11-27T15:00:00.000Z');
    expect(words('2026-11-27T17:00:00')).toBe('1 hour ago');
  });

  it('are written in Portuguese on Portuguese pages', () => {
    expect(words(ago(5), 'pt-br')).toBe('há 5 segundos');
    expect(words(ago(1), 'pt-br')).toBe('há 1 segundo');
    expect(words(ago(120), 'pt-br')).toBe('há 2 minutos');
    expect(words(ago(3 * 3600), 'pt-br')).toBe('há 3 horas');
    expect(words(ago(86_400), 'pt-br')).toBe('há 1 dia');
    expect(words(ago(14 * 86_400), 'pt-br')).toBe('há 2 semanas');
    expect(words('2026-01-05T10:00:00Z', 'pt-br')).toBe('5 de jan.');
    expect(words('2025-12-31T23:59:59Z', 'pt-br')).toBe('31 de dez. de 2025');
    expect(words('garbage', 'pt-br')).toBe('Recentemente');
  });
});
