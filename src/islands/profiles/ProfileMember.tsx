import { lazy } from 'react';
import { islandTranslator } from '../../i18n/island.ts';
import { MemberGate } from '../accounts/use-auth.ts';
import type { ProfileMemberProps } from './MemberProfile.tsx';

const MemberProfile = lazy(() => import('./MemberProfile.tsx'));

/**
 * The profile's member parts (spec 2 §2 "Profile screen"; docs/decisions/025), one small island in
 * each place the server left for them: nothing for a signed-out visitor (their Follow is the page's
 * link to sign in, and the page is complete HTML), so a visitor's page carries only this wrapper.
 * Behind the member gate: with a stored token the member part loads (one chunk for all the
 * places): in `actions`, the follow button and the profile view for someone else's profile,
 * 'My Profile' and Edit Profile for the owner; in `cover` and `avatar`, the owner's image
 * replacement; in `favourites-*`, the owner's Add and Remove. (One island with React portals into these places was tried: importing
 * react-dom's createPortal split react-dom out of Astro's client chunk, +605 B brotli on every page.)
 */
export default function ProfileMember(props: ProfileMemberProps) {
  return (
    <MemberGate>
      <MemberProfile {...props} t={islandTranslator(props.i18n)} />
    </MemberGate>
  );
}
