import { nanoquery, type FetcherStore, type FetcherValue } from '@nanostores/query';
import { computed, type ReadableAtom } from 'nanostores';
import type { ApiClientError } from '../../../lib/api/api-client.ts';
import type { Read } from '../../../lib/api/operations/operation.ts';
import { session as pageSession, type Session } from './session.ts';

export type { FetcherValue };

/**
 * A read's answer as a store: `{ data?, error?, loading }`; `store.mutate(data)` replaces the cached
 * answer (and every store of it) with what a write answered or is about to.
 */
export type ReadStore<T> = FetcherStore<T, ApiClientError>;

export interface Queries {
  /**
   * A store of the answer of a read of the typed client (or of a store of reads: a new read loads
   * when it changes; null reads nothing). It loads when first watched (so the islands that read
   * are client:only: a store watched while rendering on the server would read there), and shares
   * one request and one cached answer with every other store of the same read in the page.
   * A member's read waits for a token and is cached per token, so one member never sees another's
   * answer; a read for anyone is sent without the token (the server's public cache answers it).
   */
  read<T>(operation: Read<T> | ReadableAtom<Read<T> | null>): ReadStore<T>;
  /** Reads a store's current answer again and puts the fresh one in the cache (and every store of it). */
  refresh<T>(store: ReadStore<T>): Promise<T>;
}

/** Cache keys: the path for anyone's reads, `@<session>:<path>` for a member's. */
const MEMBER_KEY = /^@\d+:/;

export function createQueries(session: Session): Queries {
  const sessions = new Map<string, number>();
  /** A number per token seen in this page: the member part of the cache keys. */
  const sessionOf = (token: string) => {
    if (!sessions.has(token)) sessions.set(token, sessions.size + 1);
    return sessions.get(token)!;
  };

  const keyOf = (operation: Read<unknown> | null, token: string): string | null => {
    if (!operation) return null;
    if (operation.caller === 'anyone') return operation.path;
    if (operation.caller === 'member') return token ? `@${sessionOf(token)}:${operation.path}` : null;
    throw new Error(`${operation.path}: a read with a token of its own is not cached; send it with session.call`);
  };

  const readKey = (key: string): Read<unknown> =>
    MEMBER_KEY.test(key) ? { method: 'GET', path: key.replace(MEMBER_KEY, ''), caller: 'member' } : { method: 'GET', path: key, caller: 'anyone' };

  const fetchKey = (...parts: (string | number | true)[]) => session.call(readKey(parts.join('')));

  const [createFetcherStore, , { mutateCache }] = nanoquery({
    fetcher: fetchKey,
    // the answers of one page view: a read repeated within 4 s is not sent again; an older answer is
    // shown while it is read again
    dedupeTime: 4000,
    cacheLifetime: Infinity,
    // no automatic retries: a failed read shows its error and its Try Again (as the spec says)
    onErrorRetry: null,
  });

  return {
    read<T>(operation: Read<T> | ReadableAtom<Read<T> | null>) {
      const $key =
        'path' in operation
          ? computed(session.$token, (token) => keyOf(operation, token))
          : computed([operation, session.$token], (op, token) => keyOf(op, token));
      return createFetcherStore<T, ApiClientError>([$key]);
    },
    async refresh<T>(store: ReadStore<T>) {
      const key = store.key;
      if (!key) throw new Error('refresh: the store reads nothing');
      const data = (await fetchKey(key)) as T;
      mutateCache(key, data);
      return data;
    },
  };
}

/** The page's queries, over the page's session. */
export const queries = createQueries(pageSession);
