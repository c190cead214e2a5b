import { useStore } from '@nanostores/react';
import { lazy, Suspense, useRef } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { useAuth } from '../auth/use-auth.ts';
import { $token } from '../shared/data-layer/session.ts';
import type { Words } from '../shared/words.tsx';

const MemberProfile = lazy(() => import('./MemberProfile.tsx'));

export interface ProfileMemberProps {
  userId: number;
  username: string;
  avatar: string | null;
  coverPhoto: string | null;
  i18n: IslandMessages<'profileMember' | 'dramaCard'>;
}

/**
 * The profile's member parts (spec 2 §2 "Profile screen"; docs/decisions/025): nothing for a
 * signed-out visitor (their Follow is the page's link to sign in, and the page is complete HTML),
 * so a visitor's page carries only this wrapper. With a stored token the member part loads: the
 * follow button and the profile view for someone else's profile; 'My Profile', Edit Profile, cover
 * and avatar replacement and the favourites' Add and Remove for the owner.
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

export type MemberProfileProps = ProfileMemberProps & { t: Words<'profileMember' | 'dramaCard'> };
