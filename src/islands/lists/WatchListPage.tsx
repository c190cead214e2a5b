import type { IslandMessages } from '../../i18n/island.ts';
import { AuthGuard } from '../accounts/AuthGuard.tsx';
import type { WatchListNamespaces } from './list-parts.tsx';
import { WatchList } from './WatchList.tsx';

/**
 * /user/{username}/lists (spec 2 "Watch list page"; issue 12), a signed-in route: a spinner while
 * the member loads, /login (returning here) for a signed-out visitor, then the lists — the member's
 * own (editable) or another member's (read only).
 */
export default function WatchListPage({ username, i18n }: { username: string; i18n: IslandMessages<WatchListNamespaces> }) {
  return <AuthGuard i18n={i18n}>{(user) => <WatchList username={username} user={user} i18n={i18n} />}</AuthGuard>;
}
