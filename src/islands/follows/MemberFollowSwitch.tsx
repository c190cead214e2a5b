import { useEffect, useState } from 'react';
import type { IslandMessages } from '../../i18n/island.ts';
import { getFollowers, getFollowing } from '../../lib/api/operations/follows.ts';
import type { FollowState } from '../../lib/api/wire/index.ts';
import { canFollow } from '../../lib/users/permissions.ts';
import { useAuth } from '../accounts/use-auth.ts';
import { session } from '../shared/data-layer/session.ts';
import { FollowButton } from './FollowButton.tsx';
import type { Words } from '../shared/words.tsx';

/** The props of a follow card's island (FollowSwitch, which loads this part lazily and imports this type only). */
export interface FollowSwitchProps {
  member: { id: number; username: string };
  /** the followers page this card is on: its items say whether the member follows each (one read for the page) */
  list: { ownerId: number; direction: 'followers' | 'following'; page: number };
  i18n: IslandMessages<'follow'>;
}

/** What the member part gets: the island's props and its translator. */
export type MemberFollowSwitchProps = FollowSwitchProps & { t: Words<'follow'> };

/** page → its members' follow states for the signed-in member (the page read once with the token, for every card) */
const pages = new Map<string, Promise<Map<number, FollowState>>>();

function followStates({ ownerId, direction, page }: FollowSwitchProps['list']): Promise<Map<number, FollowState>> {
  const key = `${ownerId}/${direction}/${page}`;
  let states = pages.get(key);
  if (!states) {
    const read = direction === 'followers' ? getFollowers(ownerId, page, 20, 'member') : getFollowing(ownerId, page, 20, 'member');
    states = session
      .call(read)
      .then((answer) => new Map(answer.items.map((u) => [u.id, { following: !!u.is_following, followers_count: u.followers_count }])))
      .catch(() => new Map());
    pages.set(key, states);
  }
  return states;
}

export default function MemberFollowSwitch({ member, list, t, i18n }: MemberFollowSwitchProps) {
  const { user } = useAuth();
  const [initial, setInitial] = useState<FollowState | undefined | null>(null);
  useEffect(() => {
    void followStates(list).then((states) => setInitial(states.get(member.id)));
  }, []);
  if (!canFollow(user, member) || initial === null) return null;
  return <FollowButton member={member} initial={initial} t={t} locale={i18n.locale} size="sm" />;
}
