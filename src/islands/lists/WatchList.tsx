import { useStore } from '@nanostores/react';
import { computed } from 'nanostores';
import { useState } from 'react';
import type { IslandMessages } from '../../i18n/island.ts';
import * as api from '../../lib/api/operations/lists.ts';
import * as profilesApi from '../../lib/api/operations/profiles.ts';
import type { CurrentUser } from '../../lib/api/wire/index.ts';
import { isOwner } from '../../lib/lists/watch-list-page.ts';
import { queries } from '../shared/data-layer/queries.ts';
import type { UpdateLists, WatchListNamespaces } from './list-parts.tsx';
import { WatchListScreen, type Loaded } from './WatchListScreen.tsx';

type I18n = IslandMessages<WatchListNamespaces>;

/** The lists of /user/{username}/lists: the signed-in member's own (GET /lists/me) or another member's. */
export function WatchList({ username, user, i18n }: { username: string; user: CurrentUser; i18n: I18n }) {
  return isOwner(username, user.username) ? <OwnLists user={user} username={username} i18n={i18n} /> : <OthersLists username={username} i18n={i18n} />;
}

function OwnLists({ user, username, i18n }: { user: CurrentUser; username: string; i18n: I18n }) {
  const [$lists] = useState(() => queries.read(api.getMyLists()));
  const answer = useStore($lists);
  const loaded: Loaded = answer.data ? { state: 'ready', lists: answer.data } : answer.error ? { state: 'failed' } : { state: 'loading' };
  const update: UpdateLists = (change) => {
    const now = $lists.get().data;
    if (now) void $lists.mutate(change(now));
  };
  return (
    <WatchListScreen
      loaded={loaded}
      owner={{ listsPrivate: user.lists_private, update }}
      name={user.username}
      profile={username}
      retry={() => void $lists.invalidate()}
      i18n={i18n}
    />
  );
}

function OthersLists({ username, i18n }: { username: string; i18n: I18n }) {
  const [stores] = useState(() => {
    const $profile = queries.read(profilesApi.getUserByUsername(username));
    const $lists = queries.read(computed($profile, (p) => (p.data ? api.getUserLists(p.data.id) : null)));
    return { $profile, $lists };
  });
  const profile = useStore(stores.$profile);
  const lists = useStore(stores.$lists);
  let loaded: Loaded = { state: 'loading' };
  // no such member (a name that cannot be a username is a 400)
  if (profile.error) loaded = profile.error.status === 404 || profile.error.status === 400 ? { state: 'not-found' } : { state: 'failed' };
  else if (lists.data) loaded = { state: 'ready', lists: lists.data };
  else if (lists.error) loaded = lists.error.status === 403 ? { state: 'private' } : { state: 'failed' };
  const retry = () => {
    void stores.$profile.invalidate();
    void stores.$lists.invalidate();
  };
  return <WatchListScreen loaded={loaded} name={profile.data?.username ?? username} profile={username} retry={retry} i18n={i18n} />;
}
