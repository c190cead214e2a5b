import { lazy } from 'react';
import { islandTranslator } from '../../i18n/island.ts';
import { MemberGate } from '../accounts/use-auth.ts';
import type { FollowSwitchProps } from './MemberFollowSwitch.tsx';

const MemberFollowSwitch = lazy(() => import('./MemberFollowSwitch.tsx'));

/**
 * A member card's follow button on the followers pages, behind the member gate: nothing for a
 * visitor; with a stored token the member part loads (one chunk for every card of the page). Not on
 * the member themselves.
 * One small island per card instead of one island with portals: `react-dom`'s createPortal in a
 * lazy chunk split react-dom out of Astro's client chunk, +605 B (brotli) on every page.
 */
export default function FollowSwitch(props: FollowSwitchProps) {
  return (
    <MemberGate>
      <MemberFollowSwitch {...props} t={islandTranslator(props.i18n)} />
    </MemberGate>
  );
}
