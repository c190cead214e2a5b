// The 'Aired Date' of a drama (spec 1 §2.6, §3 aired_date), the way MyDramaList writes it.
// Pure, shared by the API and the drama page.
import { format } from 'date-fns';

/** "Jan 5, 2024" from "2024-01-05", built from local parts so the time zone cannot shift the day. */
function formatDay(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return format(new Date(y, m - 1, d), 'MMM d, yyyy');
}

/**
 * - first and last day: 'Jan 5, 2024 - Feb 24, 2024' (one day only: 'Jan 5, 2024');
 * - a series still airing or not yet aired, whose last day is unknown: 'Jan 5, 2024 - ?';
 * - a film, a special, or a finished series without a last day: 'Jan 5, 2024';
 * - no first day: null (the page shows nothing).
 */
export function formatAiredDate(drama: {
  airedStart: string | null;
  airedEnd: string | null;
  type: string;
  status: string;
}): string | null {
  const { airedStart: start, airedEnd: end } = drama;
  if (!start) return null;
  if (end && end !== start) return `${formatDay(start)} - ${formatDay(end)}`;
  if (end) return formatDay(start);
  const series = drama.type === 'drama' || drama.type === 'tv_show';
  const running = drama.status === 'airing' || drama.status === 'upcoming';
  return series && running ? `${formatDay(start)} - ?` : formatDay(start);
}
