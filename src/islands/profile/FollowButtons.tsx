import { useStore } from '@nanostores/react';
import { lazy, Suspense, useRef } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { useAuth } from '../auth/use-auth.ts';
import { $token } from '../shared/data-layer/session.ts';
import type { Words } from '../shared/words.tsx';

const MemberFollowButtons = lazy(() => import('./MemberFollowButtons.tsx'));

export interface FollowButtonsProps {
  owner: { id: number; username: string };
  direction: 'followers' | 'following';
  page: number;
  members: { id: number; username: string }[];
  i18n: IslandMessages<'profileMember'>;
}

/** The followers pages' follow buttons: nothing for a visitor; a signed-in member's part loads with a token. */
export default function FollowButtons(props: FollowButtonsProps) {
  const token = useStore($token);
  const { state } = useAuth();
  const member = useRef(false);
  if (token && state !== 'signed-out') member.current = true;
  if (!member.current || props.members.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <MemberFollowButtons {...props} t={islandTranslator(props.i18n)} />
    </Suspense>
  );
}

export type MemberFollowButtonsProps = FollowButtonsProps & { t: Words<'profileMember'> };
