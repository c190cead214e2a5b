import { atom } from 'nanostores';
import { followUser, unfollowUser } from '../../lib/api/operations/follows.ts';
import { getUserByUsername } from '../../lib/api/operations/profiles.ts';
import type { FollowState } from '../../lib/api/wire/index.ts';
import { session } from '../shared/data-layer/session.ts';
import { createToggle, type Cell, type ToggleSpec } from '../shared/data-layer/toggle.ts';

/** The follow switch's state after a press: the flag flipped, the member's followers ± 1, never below 0 (spec 2 §4). */
export function flipFollow(state: FollowState): FollowState {
  return { following: !state.following, followers_count: Math.max(0, state.followers_count + (state.following ? -1 : 1)) };
}

/**
 * A member's follow switch for another member (spec 2 §4, contract "Users, profiles, follows"):
 * POST / DELETE /users/{id}/follow through the one toggle helper (017): shown at once, sent in
 * order, rolled back with a message on failure; a 400 (stale) reads the state again through
 * GET /users/by-username/{username} with the token (its `is_following`). `initial`: the state as
 * known (a followers page's item), or undefined to read it now.
 */
export function createFollow(member: { id: number; username: string }, initial: FollowState | undefined, messages: ToggleSpec<FollowState>['messages']) {
  const $state = atom<FollowState | undefined>(initial);
  const $reading = atom(false);
  const refresh = async (): Promise<FollowState> => {
    $reading.set(true);
    try {
      const user = await session.call(getUserByUsername(member.username, 'member'));
      const state = { following: !!user.is_following, followers_count: user.followers_count };
      $state.set(state);
      return state;
    } finally {
      $reading.set(false);
    }
  };
  const cell: Cell<FollowState> = { get: () => $state.get(), reading: () => $reading.get(), set: (s) => $state.set(s), refresh };
  if (!initial) refresh().catch(() => undefined);
  const toggle = createToggle<FollowState>({
    cell,
    isOn: (s) => s.following,
    flip: flipFollow,
    write: (on) => (on ? followUser(member.id) : unfollowUser(member.id)),
    messages,
  });
  return { $state, $reading, $status: toggle.$status, toggle: toggle.toggle };
}
