import { lazy, Suspense, useEffect, useState } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import type { Post } from '../../lib/api/wire/index.ts';
import { useAuth } from '../accounts/use-auth.ts';
import { forgetPosts } from './post-store.ts';
import type { OpenDialog, SocialContext } from './social-context.ts';

// the modals load when one first opens (a visitor who only reads never loads them)
const SocialDialogs = lazy(() => import('./SocialDialogs.tsx'));

/**
 * What the feed and a post's page share: the member (null for a visitor; undefined while the stored
 * token is being checked), the translator, the open dialog and thread, and the context every post reads.
 */
export function useSocialShell(i18n: IslandMessages<'social' | 'islandsShared'>, handlers: { openThread(id: number): void; created(post: Post): void }) {
  const t = islandTranslator(i18n);
  const { user, state } = useAuth();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  // a new member (or none): the posts' member fields (is_liked, can_reply) are read again
  const member = state === 'signed-in' && user ? user : null;
  useEffect(() => () => forgetPosts(), []);
  const ctx: SocialContext = {
    user: member,
    locale: i18n.locale,
    t,
    openThread: handlers.openThread,
    openDialog: setDialog,
    created: handlers.created,
  };
  const dialogs = (threadId: number | null, closeThread: () => void) =>
    threadId !== null || dialog ? (
      <Suspense fallback={null}>
        <SocialDialogs threadId={threadId} closeThread={closeThread} dialog={dialog} closeDialog={() => setDialog(null)} />
      </Suspense>
    ) : null;
  return { ctx, t, state, member, dialogs };
}
