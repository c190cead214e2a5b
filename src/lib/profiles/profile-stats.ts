/** The profile's statistics panel (spec 2 §2): the list distribution bar. Pure. */

export interface ListCounts {
  watching: number;
  completed: number;
  planToWatch: number;
  dropped: number;
}

export interface BarSegment {
  status: 'watching' | 'completed' | 'plan_to_watch' | 'dropped';
  /** where the segment starts and how wide it is, in percent of the bar */
  from: number;
  width: number;
}

/** The bar's segments in the spec's list order; empty lists have none; nothing when all are empty. */
export function distributionBar(counts: ListCounts): BarSegment[] {
  const parts = [
    ['watching', counts.watching],
    ['completed', counts.completed],
    ['plan_to_watch', counts.planToWatch],
    ['dropped', counts.dropped],
  ] as const;
  const total = parts.reduce((sum, [, n]) => sum + Math.max(0, n), 0);
  if (total <= 0) return [];
  const segments: BarSegment[] = [];
  let from = 0;
  for (const [status, n] of parts) {
    if (n <= 0) continue;
    const width = (n / total) * 100;
    segments.push({ status, from: round(from), width: round(width) });
    from += width;
  }
  return segments;
}

const round = (n: number) => Math.round(n * 100) / 100;
