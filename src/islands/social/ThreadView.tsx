import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { getPost, getThread } from '../../lib/api/operations/social.ts';
import { session } from '../shared/data-layer/session.ts';
import { useMoreWhenSeen } from '../shared/use-more-when-seen.ts';
import { PostCard } from './PostCard.tsx';
import { $threadVersion, remember, rememberMentions } from './post-store.ts';
import { useSocial } from './social-context.ts';

interface Conversation {
  ids: number[];
  /** where the next page of the post's replies starts; null when all are shown */
  cursor: string | null;
}

/**
 * A post with its conversation (GET /social/posts/{id}/thread): its ancestors, the post, then its
 * replies, in reading order; the replies come a page at a time (50), the next when the last one
 * scrolls into view (GET /social/posts/{id}?replies_cursor=…, the timelines' infinite scroll). Every
 * post is the one store the list shows too. Read again from the start when a reply is added or a post
 * deleted. A failure is logged and said in one line.
 */
export function ThreadView({ id }: { id: number }) {
  const { user, t } = useSocial();
  const version = useStore($threadVersion);
  const [shown, setShown] = useState<Conversation | null>(null);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);
  const member = !!user;
  const caller = member ? 'member' : 'anyone';

  /** how many posts the reader had in view: read again (a reply added, a post deleted), the thread shows as many again */
  const hadInView = useRef({ id, count: 0 });
  if (shown && hadInView.current.id === id) hadInView.current.count = shown.ids.length;

  useEffect(() => {
    const mine = ++generation.current;
    const atLeast = hadInView.current.id === id ? hadInView.current.count : 0;
    hadInView.current = { id, count: atLeast };
    setLoadingMore(false);
    (async () => {
      const thread = await session.call(getThread(id, caller));
      if (generation.current !== mine) return;
      rememberMentions(thread.mentions);
      for (const post of thread.conversation) remember(post);
      const ids = thread.conversation.map((p) => p.id);
      let cursor = thread.replies_next_cursor;
      // the pages of replies already read, again: one's new reply (the last, oldest first) stays in view
      while (cursor && ids.length < atLeast + 1) {
        const page = await session.call(getPost(id, caller, cursor));
        if (generation.current !== mine) return;
        rememberMentions(page.mentions);
        for (const reply of page.replies) remember(reply);
        const known = new Set(ids);
        ids.push(...page.replies.map((r) => r.id).filter((r) => !known.has(r)));
        cursor = page.replies_next_cursor;
      }
      setShown({ ids, cursor });
      setFailed(false);
    })().catch((error: unknown) => {
      console.error('social: the thread could not be read', error);
      if (generation.current === mine) setFailed(true);
    });
  }, [id, member, version]);

  /** the next page of replies; false when it could not be read */
  async function more(): Promise<boolean | void> {
    const mine = generation.current;
    if (!shown?.cursor || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await session.call(getPost(id, caller, shown.cursor));
      if (generation.current !== mine) return;
      rememberMentions(page.mentions);
      for (const reply of page.replies) remember(reply);
      setShown((now) => {
        if (!now) return now;
        const known = new Set(now.ids);
        return { ids: [...now.ids, ...page.replies.map((r) => r.id).filter((r) => !known.has(r))], cursor: page.replies_next_cursor };
      });
      return true;
    } catch (error) {
      console.error('social: the next replies could not be read', error);
      return false;
    } finally {
      if (generation.current === mine) setLoadingMore(false);
    }
  }

  const sentinel = useMoreWhenSeen<HTMLDivElement>(shown?.cursor, loadingMore, more, '300px 0px');

  if (failed && !shown) return <p className="px-4 py-6 text-sm text-fg-muted" role="alert">{t('social.dialogs.threadFailed')}</p>;
  if (!shown) return <p className="px-4 py-6 text-sm text-fg-muted" role="status">{t('social.dialogs.threadLoading')}</p>;
  const at = shown.ids.indexOf(id);
  return (
    <>
      <ol className="divide-y divide-line" data-thread={id}>
        {shown.ids.map((postId, i) => (
          <li key={postId} className={at >= 0 && i > at ? 'pl-6' : ''}>
            <PostCard id={postId} place={postId === id ? 'focus' : 'thread'} />
          </li>
        ))}
      </ol>
      {shown.cursor && (
        <div ref={sentinel} className="h-10 px-4 py-2 text-center text-xs text-fg-muted" aria-live="polite" data-thread-more>
          {loadingMore ? t('social.dialogs.loadingReplies') : ''}
        </div>
      )}
    </>
  );
}
