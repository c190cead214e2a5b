import { useCallback, useEffect, useState } from 'react';
import { ApiClientError, apiFetch } from '../../lib/api/api-client.ts';
import { loginUrlFor } from '../../lib/accounts/auth-redirect.ts';
import { formatHearts, PERSON_PAGE_MESSAGES } from '../../lib/people/person-page.ts';
import { signOut } from '../auth/auth-store.ts';
import { useAuth } from '../auth/use-auth.ts';

interface HeartState {
  hearts: number;
  has_hearted: boolean;
}

interface Props {
  personId: number;
  /** the count the page was rendered with (a pre-rendered page's may be stale) */
  hearts: number;
  name: string;
  /** the page is a pre-rendered file: read the live count for signed-out visitors too */
  prerendered?: boolean;
}

/**
 * The person page's actions (spec 1 §2.7, §6): the heart button with its count, and the place of
 * the edit button for signed-in members. Rendered client-only (it reads the stored token); the page
 * shows the rendered count until it runs, then the live one:
 * - signed out: on a pre-rendered page, the count from GET /people/{id}; pressing the heart says
 *   'Please log in to give hearts to people' in an inline alert (not window.alert: it is announced,
 *   does not block the page, and carries a link to sign in);
 * - signed in: GET /people/{id}/heart-status, then POST / DELETE /people/{id}/heart, whose answers
 *   carry the new count; a 400 (already given / never given, e.g. changed in another tab) re-reads
 *   the status; any other failure says 'Failed to update heart. Please try again.'
 */
export default function PersonActions({ personId, hearts: renderedHearts, name, prerendered = false }: Props) {
  const { state } = useAuth();
  const [hearts, setHearts] = useState(renderedHearts);
  const [hasHearted, setHasHearted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<'login' | 'failed' | null>(null);

  const readStatus = useCallback(
    async (signal?: AbortSignal) => {
      const status = await apiFetch<HeartState>(`/people/${personId}/heart-status`, { signal });
      setHearts(status.hearts);
      setHasHearted(status.has_hearted);
    },
    [personId],
  );

  useEffect(() => {
    if (state === 'loading' || (state === 'signed-out' && !prerendered)) return;
    const controller = new AbortController();
    const live =
      state === 'signed-in'
        ? readStatus(controller.signal)
        : apiFetch<{ hearts: number }>(`/people/${personId}`, { token: null, signal: controller.signal }).then((p) => {
            setHearts(p.hearts);
            setHasHearted(false);
          });
    // the rendered count stays when the live one cannot be read
    live.catch(() => undefined);
    return () => controller.abort();
  }, [state, personId, readStatus, prerendered]);

  async function toggle() {
    setMessage(null);
    if (state !== 'signed-in') {
      setMessage('login');
      return;
    }
    setBusy(true);
    try {
      const answer = await apiFetch<HeartState>(`/people/${personId}/heart`, { method: hasHearted ? 'DELETE' : 'POST' });
      setHearts(answer.hearts);
      setHasHearted(answer.has_hearted ?? !hasHearted);
    } catch (error) {
      const status = error instanceof ApiClientError ? error.status : 0;
      if (status === 400) {
        // the button showed a stale state: take the server's
        await readStatus().catch(() => setMessage('failed'));
      } else if (status === 401) {
        signOut();
        setMessage('login');
      } else {
        setMessage('failed');
      }
    } finally {
      setBusy(false);
    }
  }

  const here = typeof window === 'undefined' ? '/' : window.location.pathname;
  return (
    <div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={toggle}
          disabled={busy || state === 'loading'}
          aria-pressed={hasHearted}
          aria-label={`Give ${name} a heart`}
          className={`inline-flex h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold ring-1 transition-colors disabled:cursor-wait ${
            hasHearted ? 'bg-rose-600 text-white ring-rose-600 hover:bg-rose-700' : 'bg-white text-rose-700 ring-rose-300 hover:bg-rose-50'
          }`}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18" className="size-[18px]">
            <path
              d="M10 17.5s-6.5-4.1-6.5-8.8A3.7 3.7 0 0 1 10 6.3a3.7 3.7 0 0 1 6.5 2.4c0 4.7-6.5 8.8-6.5 8.8z"
              fill={hasHearted ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinejoin="round"
            />
          </svg>
          {hasHearted ? 'Hearted' : 'Heart'}
        </button>
        <span data-testid="heart-count" aria-live="polite" className="text-sm text-slate-700">
          <strong className="font-semibold text-slate-900">{formatHearts(hearts)}</strong> {hearts === 1 ? 'heart' : 'hearts'}
        </span>
        {state === 'signed-in' && (
          // Place of the person edit button (spec 1 §2.7, §6: any signed-in member; admins and mods
          // update directly, others suggest). The edit dialog arrives with the edit-suggestions
          // issue: until then this element stays empty on purpose (no button that does nothing).
          <div data-testid="person-edit-slot" data-person-id={personId} />
        )}
      </div>
      {message && (
        <p role="alert" className="mt-3 rounded-lg border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-900">
          <span>{message === 'login' ? PERSON_PAGE_MESSAGES.heartNeedsLogin : PERSON_PAGE_MESSAGES.heartFailed}</span>
          {message === 'login' && (
            <>
              {' '}
              <a href={loginUrlFor(here)} className="font-semibold text-indigo-800 underline underline-offset-2">
                Log in
              </a>
            </>
          )}
        </p>
      )}
    </div>
  );
}
