import { useStore } from '@nanostores/react';
import { lazy, Suspense, useRef } from 'react';
import { islandTranslator } from '../../i18n/island.ts';
import { useAuth } from '../accounts/use-auth.ts';
import { $token } from '../shared/data-layer/session.ts';
import type { WatchStatusProps } from './MemberWatchStatus.tsx';

const MemberWatchStatus = lazy(() => import('./MemberWatchStatus.tsx'));

/** The control's place while the member part loads: the same size, no words. */
const placeholder = <div aria-hidden="true" className="skeleton mt-5 h-10 w-40" />;

/**
 * The drama page's watch-status control (spec 2 "Watch-status dialog"): hidden for signed-out
 * visitors, so it renders nothing and loads nothing without a stored token — a visitor's page
 * carries only this wrapper. It imports what the page's other islands import (the auth hook, the
 * translator) and hands the translator down, so the bundler keeps their shared chunks as they
 * were and the lazy part adds chunks of its own only (docs/decisions/017). With a token, MemberWatchStatus (the entry, the status menu and the
 * dialog, and the data layer's cache) is loaded then. Once shown it stays mounted after a sign-out
 * on this page, and hides itself when no dialog is open (an open one says to log in to save).
 */
export default function WatchStatus(props: WatchStatusProps) {
  const token = useStore($token);
  // the token was refused (GET /users/me answered 401): a visitor after all
  const { state } = useAuth();
  const member = useRef(false);
  if (token && state !== 'signed-out') member.current = true;
  if (!member.current) return null;
  return (
    <Suspense fallback={placeholder}>
      <MemberWatchStatus {...props} t={islandTranslator(props.i18n)} />
    </Suspense>
  );
}
