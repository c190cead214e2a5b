import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { getFollowers, getFollowing } from '../../lib/api/operations/users.ts';
import type { FollowState } from '../../lib/api/wire/index.ts';
import { useAuth } from '../auth/use-auth.ts';
import { session } from '../shared/data-layer/session.ts';
import { FollowButton } from './FollowButton.tsx';
import type { MemberFollowButtonsProps } from './FollowButtons.tsx';

/**
 * A follow button on each member card but the member's own: the same page of the list read with
 * the token (each item's `is_following`), then one switch per card (createFollow), in its slot.
 */
export default function MemberFollowButtons({ owner, direction, page, members, t, i18n }: MemberFollowButtonsProps) {
  const { user } = useAuth();
  const [states, setStates] = useState<Map<number, FollowState> | null>(null);
  useEffect(() => {
    const read = direction === 'followers' ? getFollowers(owner.id, page, 20, 'member') : getFollowing(owner.id, page, 20, 'member');
    session
      .call(read)
      .then((answer) => setStates(new Map(answer.items.map((u) => [u.id, { following: !!u.is_following, followers_count: u.followers_count }]))))
      .catch(() => setStates(new Map()));
  }, []);
  if (!user || !states) return null;
  return (
    <>
      {members.map((m) => {
        if (m.id === user.id) return null;
        const slot = document.querySelector<HTMLElement>(`[data-follow-slot="${m.id}"]`);
        return slot ? createPortal(<FollowButton member={m} initial={states.get(m.id)} t={t} locale={i18n.locale} size="sm" />, slot, String(m.id)) : null;
      })}
    </>
  );
}
