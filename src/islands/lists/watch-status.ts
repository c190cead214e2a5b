import { atom, computed, type ReadableAtom } from 'nanostores';
import { ApiClientError } from '../../lib/api/api-client.ts';
import * as api from '../../lib/api/operations/lists.ts';
import type { ListEntryDetail, ListEntrySave } from '../../lib/api/wire/index.ts';
import { queries as pageQueries, type Queries } from '../shared/data-layer/queries.ts';
import { session as pageSession, type Session } from '../shared/data-layer/session.ts';

/** The member's entry for the drama as the control shows it. */
export type EntryState =
  | { state: 'loading' }
  /** the read failed (not a 404): 'Failed to fetch watch status' and Try Again */
  | { state: 'failed' }
  /** read: the entry, or null when the drama is on none of the member's lists (a 404, spec 2 §4) */
  | { state: 'ready'; entry: ListEntryDetail | null };

/** Why a write failed, in the page's words. */
export interface WriteFailure {
  message: string;
  /** the field the server named (`field` of its answer), to mark */
  field?: string;
  /** the member is signed out: show a link to log in */
  signIn: boolean;
}

export interface WriteStatus {
  /** the write on its way, if any */
  pending: 'save' | 'remove' | 'rewatch' | null;
  failure: WriteFailure | null;
}

export interface WatchStatusMessages {
  /** 'Failed to update watch status': a write failed and the server said nothing we can show */
  failed: string;
  /** the member is signed out (a 401) */
  signedOut: string;
}

/**
 * A member's entry for one drama (spec 2 "Watch-status dialog"; contract "Watch lists and
 * activity"): the entry read with the member's token (GET /lists/drama/{id}/status: a 404 means no
 * entry), and its three writes — save (POST …/status), remove (DELETE …/status) and rewatch (POST
 * …/rewatch) — one at a time. Each answer goes into the page's cached read, so whatever shows the
 * entry follows. A failed write leaves the entry as the server last said and says why: the server's
 * `detail` (its rules' messages: progress over the drama's episodes, notes too long…), else the
 * spec's 'Failed to update watch status'.
 */
export function createWatchStatus(dramaId: number, messages: WatchStatusMessages, queries: Queries = pageQueries, session: Session = pageSession) {
  const $read = queries.read(api.getListStatus(dramaId));
  // the read whose entry was removed here (a DELETE answers nothing to cache): no entry until saved again
  const $removed = atom<string | undefined>(undefined);
  const $write = atom<WriteStatus>({ pending: null, failure: null });

  const $entry: ReadableAtom<EntryState> = computed([$read, $removed], (read, removed): EntryState => {
    if (read.data) return { state: 'ready', entry: read.data };
    if (removed !== undefined && removed === $read.key) return { state: 'ready', entry: null };
    if (read.error) return read.error.status === 404 ? { state: 'ready', entry: null } : { state: 'failed' };
    return { state: 'loading' };
  });

  function failureOf(error: unknown): WriteFailure {
    if (error instanceof ApiClientError) {
      if (error.status === 401) return { message: messages.signedOut, signIn: true };
      // the server's own message (spec 2 §8: "update shows server detail"); none from a lost connection
      if (error.status !== 0 && error.detail) return { message: error.detail, field: error.field, signIn: false };
    }
    return { message: messages.failed, signIn: false };
  }

  async function run(kind: NonNullable<WriteStatus['pending']>, send: () => Promise<ListEntryDetail | null>): Promise<boolean> {
    if ($write.get().pending) return false;
    $write.set({ pending: kind, failure: null });
    try {
      const entry = await send();
      if (entry) {
        $removed.set(undefined);
        $read.mutate(entry);
      } else {
        $removed.set($read.key);
        $read.mutate(undefined);
      }
      $write.set({ pending: null, failure: null });
      return true;
    } catch (error) {
      $write.set({ pending: null, failure: failureOf(error) });
      return false;
    }
  }

  return {
    /** the entry as known now */
    $entry,
    /** the write on its way and the last one's failure */
    $write,
    /** saves the entry (creates it when there is none); resolves true when the server has it */
    save: (body: ListEntrySave) => run('save', () => session.call(api.saveListStatus(dramaId, body))),
    /** takes the drama off the member's lists, with its history */
    remove: () => run('remove', async () => (await session.call(api.removeListEntry(dramaId)), null)),
    /** starts another viewing of a completed drama: watching from episode 0, earlier dates kept */
    rewatch: () => run('rewatch', () => session.call(api.startRewatch(dramaId))),
    /** reads the entry again (Try Again after a failed read) */
    retry: () => $read.invalidate(),
    /** forgets the last write's failure (the dialog was closed or edited) */
    clearFailure: () => $write.set({ ...$write.get(), failure: null }),
  };
}

export type WatchStatus = ReturnType<typeof createWatchStatus>;
