import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { loginUrlFor } from '../../lib/accounts/auth-redirect.ts';
import { formatHearts } from '../../lib/people/person-page.ts';
import { useAuth } from '../auth/use-auth.ts';
import { createHeart } from './heart.ts';

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
 * shows the rendered count until it runs, then the live one (./heart.ts):
 * - signed out: on a pre-rendered page, the count from GET /people/{id}; pressing the heart says
 *   'Please log in to give hearts to people' in an inline alert (not window.alert: it is announced,
 *   does not block the page, and carries a link to sign in);
 * - signed in: the heart status, switched at once on a press and then on the server (the data
 *   layer's toggle: a failure rolls back and says 'Failed to update heart. Please try again.', a
 *   stale button is read again).
 */
export default function PersonActions({ personId, hearts: renderedHearts, name, prerendered = false }: Props) {
  const { state } = useAuth();
  const [heart] = useState(() => createHeart(personId, prerendered));
  const heartState = useStore(heart.$state);
  const person = useStore(heart.$person);
  const { failure } = useStore(heart.$toggle);
  const hearts = heartState.data?.hearts ?? person.data?.hearts ?? renderedHearts;
  const hasHearted = heartState.data?.has_hearted ?? false;
  // the member's status is being read: the button waits for it
  const reading = heartState.loading;

  const here = typeof window === 'undefined' ? '/' : window.location.pathname;
  return (
    <div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => void heart.toggle()}
          disabled={state === 'loading' || reading}
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
      {failure && (
        <p role="alert" className="mt-3 rounded-lg border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-900">
          <span>{failure.message}</span>
          {failure.signIn && (
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
