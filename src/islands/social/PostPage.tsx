import type { IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import { SocialCtx, postPath } from './social-context.ts';
import { ThreadView } from './ThreadView.tsx';
import { useSocialShell } from './use-social-shell.tsx';

export interface PostPageProps {
  postId: number;
  i18n: IslandMessages<'social' | 'islandsShared'>;
}

/**
 * A post's own address, /social/post/{id} (shareable): the post with its thread (its ancestors, the
 * post, its replies), the same posts, actions and dialogs as the feed. Another post of the thread
 * opens at its own address.
 */
export default function PostPage({ postId, i18n }: PostPageProps) {
  const { locale } = i18n;
  const { ctx, t, state, dialogs } = useSocialShell(i18n, {
    openThread(id) {
      if (id !== postId) window.location.assign(localePath(locale, postPath(id)));
    },
    created(post) {
      window.location.assign(localePath(locale, postPath(post.id)));
    },
  });
  return (
    <SocialCtx.Provider value={ctx}>
      <div className="mx-auto w-full max-w-2xl space-y-4" data-post-page={postId} data-auth-state={state}>
        <a href={localePath(locale, '/social')} className="inline-flex items-center gap-1 text-sm font-semibold text-accent-strong hover:underline" data-back>
          <span aria-hidden="true">←</span> {t('social.page.back')}
        </a>
        <div className="rounded-2xl border border-line bg-surface shadow-card">
          {state === 'loading' ? null : <ThreadView key={String(!!ctx.user)} id={postId} />}
        </div>
      </div>
      {dialogs(null, () => undefined)}
    </SocialCtx.Provider>
  );
}
