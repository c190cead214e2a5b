import { lazy } from 'react';
import { islandTranslator } from '../../i18n/island.ts';
import { MemberGate } from '../accounts/use-auth.ts';
import type { WatchStatusProps } from './MemberWatchStatus.tsx';

const MemberWatchStatus = lazy(() => import('./MemberWatchStatus.tsx'));

/** The control's place while the member part loads: the same size, no words. */
const placeholder = <div aria-hidden="true" className="skeleton mt-5 h-10 w-40" />;

/**
 * The drama page's watch-status control (spec 2 "Watch-status dialog"): hidden for signed-out
 * visitors, so it renders nothing and loads nothing without a stored token — behind the member gate
 * (MemberGate), a visitor's page carries only this wrapper. With a token, MemberWatchStatus (the
 * entry, the status menu and the dialog, and the data layer's cache) is loaded then, and gets the
 * translator made here (docs/decisions/017). Once shown it stays mounted after a sign-out on this
 * page, and hides itself when no dialog is open (an open one says to log in to save).
 */
export default function WatchStatus(props: WatchStatusProps) {
  return (
    <MemberGate loading={placeholder}>
      <MemberWatchStatus {...props} t={islandTranslator(props.i18n)} />
    </MemberGate>
  );
}
