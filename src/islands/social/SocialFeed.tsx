import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import { createPost, type FeedTab } from '../../lib/api/operations/social.ts';
import { session } from '../shared/data-layer/session.ts';
import { useMoreWhenSeen } from '../shared/use-more-when-seen.ts';
import { useFeed, withNewPost } from './feed-list.ts';
import { PostCard } from './PostCard.tsx';
import type { Draft } from './PostComposer.tsx';
import { problemOf } from './problems.ts';
import { postPath, SocialCtx } from './social-context.ts';
import { useSocialShell } from './use-social-shell.tsx';

// the composer loads for a member only (a visitor who reads never loads it)
const PostComposer = lazy(() => import('./PostComposer.tsx').then((m) => ({ default: m.PostComposer })));

export interface SocialFeedProps {
  i18n: IslandMessages<'social' | 'islandsShared'>;
}

/** the post a /social/post/{id} address names, or null */
const postIn = (pathname: string) => {
  const match = /\/social\/post\/(\d+)\/?$/.exec(pathname);
  return match ? Number(match[1]) : null;
};

/**
 * The community feed at /social (spec 2 §2 "Community feed (/social)"): For You and Following
 * (Following for members; visitors are shown the join prompt), the composer for members, the posts,
 * more of them when the last one scrolls into view. A post's thread opens in a modal at the post's
 * own address (history.pushState); Back closes it.
 */
export default function SocialFeed({ i18n }: SocialFeedProps) {
  const { locale } = i18n;
  const [tab, setTab] = useState<FeedTab>('for-you');
  const [threadId, setThreadId] = useState<number | null>(null);
  const { ctx, t, state, member, dialogs } = useSocialShell(i18n, {
    openThread(id) {
      window.history.pushState({ socialPost: id }, '', localePath(locale, postPath(id)));
      setThreadId(id);
    },
    created: (post) => update((now) => (now ? withNewPost(now, post) : now)),
  });
  const showList = tab === 'for-you' || !!member;
  const { list, loading, loadingMore, more, update } = useFeed(tab, !!member, state !== 'loading' && showList);
  const tabsId = useId();

  // Back (and Forward) open and close the thread as the address says
  useEffect(() => {
    const follow = () => setThreadId(postIn(window.location.pathname));
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  const closeThread = () => {
    if ((window.history.state as { socialPost?: number } | null)?.socialPost) window.history.back();
    else setThreadId(null);
  };

  // the next page when the last post scrolls into view
  const sentinel = useMoreWhenSeen<HTMLDivElement>(list?.cursor, loadingMore, more, '300px 0px');

  async function post(draft: Draft) {
    try {
      const answer = await session.call(createPost(draft));
      update((now) => (now ? withNewPost(now, answer.post) : now));
      return null;
    } catch (error) {
      return problemOf(error, t, 'a post');
    }
  }

  const join = (
    <div className="rounded-2xl border border-line bg-surface p-5 text-center shadow-card" data-join-prompt>
      <p className="font-display text-lg font-bold text-fg">{t('social.join.title')}</p>
      <p className="mt-1 text-sm text-fg-muted">{t('social.join.body')}</p>
      <div className="mt-4 flex justify-center gap-3">
        <a href={localePath(locale, '/login?next=%2Fsocial')} className="rounded-full bg-accent px-5 py-2 text-sm font-semibold text-accent-fg hover:bg-accent-strong">
          {t('social.join.login')}
        </a>
        <a href={localePath(locale, '/register')} className="rounded-full px-5 py-2 text-sm font-semibold text-accent-strong ring-1 ring-accent-muted hover:bg-accent-soft">
          {t('social.join.register')}
        </a>
      </div>
    </div>
  );

  const tabs: [FeedTab, string][] = [
    ['for-you', t('social.tabs.forYou')],
    ['following', t('social.tabs.following')],
  ];
  return (
    <SocialCtx.Provider value={ctx}>
      <div className="mx-auto w-full max-w-2xl space-y-4" data-social-feed data-auth-state={state}>
        <div>
          <h1 className="font-display text-2xl font-bold tracking-tight text-fg">{t('social.title')}</h1>
          <p className="mt-1 text-sm text-fg-muted">{t('social.subtitle')}</p>
        </div>
        {member ? (
          <div className="rounded-2xl border border-line bg-surface p-4 shadow-card">
            <Suspense fallback={null}>
              <PostComposer kind="post" onSend={post} t={t} />
            </Suspense>
          </div>
        ) : state === 'signed-out' ? (
          join
        ) : null}

        <div className="rounded-2xl border border-line bg-surface shadow-card">
          <div role="tablist" aria-label={t('social.tabs.label')} className="flex border-b border-line">
            {tabs.map(([key, label]) => (
              <button
                key={key}
                type="button"
                role="tab"
                id={`${tabsId}-${key}`}
                aria-selected={tab === key}
                aria-controls={`${tabsId}-panel`}
                onClick={() => setTab(key)}
                className={`flex-1 border-b-2 px-4 py-3 text-sm font-semibold ${tab === key ? 'border-accent text-fg' : 'border-transparent text-fg-muted hover:bg-surface-subtle hover:text-fg'}`}
                data-tab={key}
              >
                {label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${tab}`} data-panel={tab}>
            {!showList ? (
              state === 'signed-out' ? <div className="p-4">{join}</div> : null
            ) : loading ? (
              <p className="px-4 py-8 text-center text-sm text-fg-muted" role="status">
                {t('social.loading')}
              </p>
            ) : list && list.entries.length === 0 ? (
              <p className="px-4 py-10 text-center text-sm text-fg-muted" data-feed-empty>
                {t(tab === 'for-you' ? 'social.empty.forYou' : 'social.empty.following')}
              </p>
            ) : (
              <ol className="divide-y divide-line" data-feed-list>
                {list?.entries.map((entry) => (
                  <li key={entry.key}>
                    <PostCard id={entry.id} repostedBy={entry.repostedBy} />
                  </li>
                ))}
              </ol>
            )}
            {showList && list?.cursor && (
              <div ref={sentinel} className="h-10 px-4 py-2 text-center text-xs text-fg-muted" aria-live="polite" data-feed-more>
                {loadingMore ? t('social.loadingMore') : ''}
              </div>
            )}
          </div>
        </div>
      </div>
      {dialogs(threadId, closeThread)}
    </SocialCtx.Provider>
  );
}
