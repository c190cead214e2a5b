import { persistentAtom } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';
import { ApiClientError, apiFetch, type ApiRequest } from '../../../lib/api/api-client.ts';
import type { Operation } from '../../../lib/api/operations/operation.ts';

/** Sends one request (apiFetch, or a fake in tests). */
export type Transport = <T>(path: string, request: ApiRequest) => Promise<T>;

export interface Session {
  /** the access token ('' when signed out) */
  readonly $token: WritableAtom<string>;
  /**
   * Sends an operation of the typed client: a member's call carries the stored token (the stores
   * and the toggle send none without one; the server would answer 401). A 401 answer to a request that carried the stored
   * token signs out: the token is forgotten once, however many requests fail together; a late 401
   * of a token already forgotten (or replaced by a new sign-in) changes nothing.
   */
  call<T>(operation: Operation<T>, signal?: AbortSignal): Promise<T>;
}

export function createSession($token: WritableAtom<string>, transport: Transport = apiFetch): Session {
  // signs out (the auth store clears the member when the token goes)
  const signOut = () => $token.set('');
  return {
    $token,
    async call<T>(operation: Operation<T>, signal?: AbortSignal): Promise<T> {
      const { caller } = operation;
      const token = caller === 'anyone' ? null : caller === 'member' ? $token.get() : caller.token;
      try {
        return await transport<T>(operation.path, {
          method: operation.method,
          json: operation.json,
          form: operation.form,
          token,
          signal,
        });
      } catch (error) {
        if (error instanceof ApiClientError && error.status === 401 && token && token === $token.get()) signOut();
        throw error;
      }
    },
  };
}

/** The access token, kept in localStorage under `access_token` (the spec's contract); other tabs follow it. */
export const $token = persistentAtom<string>('access_token', '');

/** The page's session: every API call of the islands goes through it. */
export const session = createSession($token);
