import { useEffect, useState } from 'react';
import { getFieldLocks } from '../../lib/api/operations/editing.ts';
import { session } from '../shared/data-layer/session.ts';

const NONE: ReadonlySet<string> = new Set();

/**
 * The fields mods locked against suggestions on a drama or a person (`GET …/locks`), read when
 * `wanted`: a member's form greys them; mods and admins still edit them, so theirs asks nothing.
 * Empty until the answer comes, and after a failure (the API refuses a suggestion on a locked field anyway).
 * `lockedSince(fields)` adds the fields a 409 said were locked meanwhile (`reason` locked), greyed from then on.
 */
export function useFieldLocks(target: 'drama' | 'person', id: number, wanted: boolean): [ReadonlySet<string>, (fields: string[]) => void] {
  const [locked, setLocked] = useState(NONE);
  const lockedSince = (fields: string[]) => setLocked((was) => new Set([...was, ...fields]));
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    session.call(getFieldLocks(target, id), controller.signal).then((l) => setLocked(new Set(l.map((lock) => lock.field))), () => undefined);
    return () => controller.abort();
  }, [target, id, wanted]);
  return [wanted ? locked : NONE, lockedSince];
}
