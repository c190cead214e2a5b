import { useEffect, useState } from 'react';
import { getPendingEdits } from '../../lib/api/operations/editing.ts';
import { session } from '../shared/data-layer/session.ts';

/**
 * How many suggestions wait for review on a drama or a person (MusicBrainz's "open edits"), read live
 * when the island mounts: the page may be pre-rendered. 0 until the answer comes, and after a failure.
 */
export function usePendingEdits(target: 'drama' | 'person', id: number): number {
  const [pending, setPending] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    session.call(getPendingEdits(target, id), controller.signal).then((p) => setPending(p.pending), () => undefined);
    return () => controller.abort();
  }, [target, id]);
  return pending;
}
