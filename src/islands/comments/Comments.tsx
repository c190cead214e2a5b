import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { createComment, type CommentOrder, type CommentTarget } from '../../lib/api/operations/comments.ts';
import { canComment } from '../../lib/users/permissions.ts';
import { useAuth } from '../accounts/use-auth.ts';
import { $token } from '../shared/data-layer/session.ts';
import { session } from '../shared/data-layer/session.ts';
import { useMoreWhenSeen } from '../shared/use-more-when-seen.ts';
import { CommentItem, type CommentContext } from './CommentItem.tsx';
import { useCommentList, withChanged, withMentions, withNewComment, withoutComment, withReply } from './comment-list.ts';
import { Composer } from './Composer.tsx';
import { problemOf } from './problems.ts';

export interface CommentsProps {
  target: CommentTarget;
  /** the sign-in address that comes back to this page, in the page's language */
  loginHref: string;
  i18n: IslandMessages<'comments' | 'islandsShared'>;
}

/**
 * The comments block (spec 2 §2 "Comments block") at the bottom of a drama page and, titled 'Profile
 * Comments', on profiles. Hydrated when it scrolls into view (client:visible): its code and the
 * first page are fetched then. Visitors read every comment and are asked to sign in to write.
 */
export default function Comments({ target, loginHref, i18n }: CommentsProps) {
  const t = islandTranslator(i18n);
  const { locale } = i18n;
  const { user, state } = useAuth();
  const token = useStore($token);
  const [order, setOrder] = useState<CommentOrder>('recent');
  const { list, loading, loadingMore, more, update } = useCommentList(target, order, !!token);
  const headingId = useId();

  // the next page when the last comment scrolls into view
  const sentinel = useMoreWhenSeen<HTMLDivElement>(list?.cursor, loadingMore, more, '200px 0px');

  const member = state === 'signed-in' && !!user;
  const blocked = list?.canComment === false;
  const mayWrite = member && canComment(user, target.type === 'profile' ? { id: target.id } : null, blocked);

  async function post(content: string, spoiler: boolean) {
    const where = target.type === 'dorama' ? { dorama_id: target.id } : { profile_user_id: target.id };
    try {
      const { mentions, ...comment } = await session.call(createComment({ content, spoiler, ...where }));
      update((now) => (now ? withMentions(withNewComment(now, comment, order), mentions) : now));
      return null;
    } catch (error) {
      return problemOf(error, t, 'a comment') ?? '';
    }
  }

  const ctx: CommentContext = {
    target,
    order,
    user,
    mentions: list?.mentions ?? {},
    canComment: mayWrite,
    loginHref,
    locale,
    t,
    changed: (id, change) => update((now) => (now ? withChanged(now, id, change) : now)),
    removed: (id) => update((now) => (now ? withoutComment(now, id) : now)),
    replied: (parentId, reply) => update((now) => (now ? withReply(now, parentId, reply) : now)),
    mentioned: (mentions) => update((now) => (now ? withMentions(now, mentions) : now)),
  };

  const comments = list?.comments ?? [];
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-6" data-comments={target.type}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <h2 id={headingId} className="font-display text-lg font-bold text-fg">
            {t(`comments.title.${target.type}`)}
          </h2>
          {list && (
            <span className="text-sm whitespace-nowrap text-fg-muted" data-comment-count>
              {t('comments.count', { count: list.total })}
            </span>
          )}
        </div>
        <label className="flex items-center gap-2 text-sm text-fg-muted">
          <span className="sr-only">{t('comments.sort.label')}</span>
          <select
            value={order}
            onChange={(e) => setOrder(e.target.value as CommentOrder)}
            className="rounded-lg border border-line-strong bg-surface py-1.5 pr-8 pl-3 text-sm text-fg"
            data-comment-sort
          >
            <option value="recent">{t('comments.sort.recent')}</option>
            <option value="oldest">{t('comments.sort.oldest')}</option>
          </select>
        </label>
      </div>

      <div className="mt-4">
        {mayWrite ? (
          <Composer kind="comment" onSend={post} locale={locale} t={t} />
        ) : member && blocked ? (
          <p className="rounded-lg bg-surface-subtle px-4 py-3 text-sm text-fg-muted" data-comments-blocked>
            {t('comments.blocked')}
          </p>
        ) : state === 'signed-out' ? (
          <p className="rounded-lg bg-surface-subtle px-4 py-3 text-center text-sm">
            <a href={loginHref} className="font-semibold text-accent-strong underline underline-offset-2 hover:text-accent" data-comments-sign-in>
              {t('comments.signIn')}
            </a>
          </p>
        ) : null}
      </div>

      {loading ? (
        <p className="mt-6 text-sm text-fg-muted" role="status">
          {t('comments.loading')}
        </p>
      ) : list && comments.length === 0 ? (
        <div className="mt-6 rounded-lg border border-dashed border-line-strong px-4 py-8 text-center" data-comments-empty>
          <p className="font-semibold text-fg">{t('comments.empty.title')}</p>
          <p className="mt-1 text-sm text-fg-muted">{t(`comments.empty.${target.type}`)}</p>
        </div>
      ) : (
        <ol className="mt-6 space-y-6" data-comment-list>
          {comments.map((c) => (
            <li key={c.id}>
              <CommentItem comment={c} ctx={ctx} />
            </li>
          ))}
        </ol>
      )}
      {list?.cursor && (
        <div ref={sentinel} className="mt-4 h-6 text-center text-xs text-fg-muted" aria-live="polite">
          {loadingMore ? t('comments.loadingMore') : ''}
        </div>
      )}
    </section>
  );
}
