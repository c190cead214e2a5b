// The 'Aired Date' of a drama (spec 1 §2.6, §3 aired_date), the way MyDramaList writes it.
// Pure, shared by the API and the drama page.
import { formatDate } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';

/** "Jan 5, 2024" (en) / "5 de jan. de 2024" (pt-br) from "2024-01-05", read as that calendar day in any time zone. */
const formatDay = (isoDate: string, locale: Locale): string => formatDate(locale, isoDate, 'medium');

/**
 * - first and last day: 'Jan 5, 2024 - Feb 24, 2024' (one day only: 'Jan 5, 2024');
 * - a series still airing or not yet aired, whose last day is unknown: 'Jan 5, 2024 - ?';
 * - a film, a special, or a finished series without a last day: 'Jan 5, 2024';
 * - no first day: null (the page shows nothing).
 */
export function formatAiredDate(
  drama: {
    airedStart: string | null;
    airedEnd: string | null;
    type: string;
    status: string;
  },
  locale: Locale = 'en',
): string | null {
  const day = (iso: string) => formatDay(iso, locale);
  const { airedStart: start, airedEnd: end } = drama;
  if (!start) return null;
  if (end && end !== start) return `${day(start)} - ${day(end)}`;
  if (end) return day(start);
  const series = drama.type === 'drama' || drama.type === 'tv_show';
  const running = drama.status === 'airing' || drama.status === 'upcoming';
  return series && running ? `${day(start)} - ?` : day(start);
}
