import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { getThread } from '../../lib/api/operations/social.ts';
import { session } from '../shared/data-layer/session.ts';
import { PostCard } from './PostCard.tsx';
import { $threadVersion, remember, rememberMentions } from './post-store.ts';
import { useSocial } from './social-context.ts';

/**
 * A post with its conversation (GET /social/posts/{id}/thread): its ancestors, the post, then its
 * replies, in reading order. Every post is the one store the list shows too. Read again when a reply
 * is added or a post deleted. A failure is logged and said in one line.
 */
export function ThreadView({ id }: { id: number }) {
  const { user, t } = useSocial();
  const version = useStore($threadVersion);
  const [ids, setIds] = useState<number[] | null>(null);
  const [failed, setFailed] = useState(false);
  const member = !!user;

  useEffect(() => {
    let current = true;
    session.call(getThread(id, member ? 'member' : 'anyone')).then(
      (thread) => {
        if (!current) return;
        rememberMentions(thread.mentions);
        for (const post of thread.conversation) remember(post);
        setIds(thread.conversation.map((p) => p.id));
        setFailed(false);
      },
      (error: unknown) => {
        console.error('social: the thread could not be read', error);
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [id, member, version]);

  if (failed && !ids) return <p className="px-4 py-6 text-sm text-fg-muted" role="alert">{t('social.dialogs.threadFailed')}</p>;
  if (!ids) return <p className="px-4 py-6 text-sm text-fg-muted" role="status">{t('social.dialogs.threadLoading')}</p>;
  const at = ids.indexOf(id);
  return (
    <ol className="divide-y divide-line" data-thread={id}>
      {ids.map((postId, i) => (
        <li key={postId} className={at >= 0 && i > at ? 'pl-6' : ''}>
          <PostCard id={postId} place={postId === id ? 'focus' : 'thread'} />
        </li>
      ))}
    </ol>
  );
}
