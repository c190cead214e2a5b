import { useStore } from '@nanostores/react';
import { lazy, Suspense, useRef } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { useAuth } from '../auth/use-auth.ts';
import { $token } from '../shared/data-layer/session.ts';
import type { Words } from '../shared/words.tsx';

const MemberProfile = lazy(() => import('./MemberProfile.tsx'));

/** Which member part this island is, by where the page put it. */
export type ProfilePart = 'actions' | 'cover' | 'avatar' | 'favourites-dramas' | 'favourites-cast';

export type ProfileNamespaces = 'profileMember' | 'follow' | 'dramaCard' | 'uploadProblems';

export interface ProfileMemberProps {
  part: ProfilePart;
  userId: number;
  username: string;
  i18n: IslandMessages<ProfileNamespaces>;
}

/**
 * The profile's member parts (spec 2 §2 "Profile screen"; docs/decisions/025), one small island in
 * each place the server left for them: nothing for a signed-out visitor (their Follow is the page's
 * link to sign in, and the page is complete HTML), so a visitor's page carries only this wrapper.
 * With a stored token the member part loads (one chunk for all the places): in `actions`, the
 * follow button and the profile view for someone else's profile, 'My Profile' and Edit Profile for
 * the owner; in `cover` and `avatar`, the owner's image replacement; in `favourites-*`, the
 * owner's Add and Remove. (One island with React portals into these places was tried: importing
 * react-dom's createPortal split react-dom out of Astro's client chunk, +605 B brotli on every page.)
 */
export default function ProfileMember(props: ProfileMemberProps) {
  const token = useStore($token);
  const { state } = useAuth();
  const member = useRef(false);
  if (token && state !== 'signed-out') member.current = true;
  if (!member.current) return null;
  return (
    <Suspense fallback={null}>
      <MemberProfile {...props} t={islandTranslator(props.i18n)} />
    </Suspense>
  );
}

export type MemberProfileProps = ProfileMemberProps & { t: Words<ProfileNamespaces> };
