import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import type { MouseEvent, ReactNode } from 'react';
import { formatDate, formatNumber } from '../../i18n/format.ts';
import { localePath } from '../../i18n/locales.ts';
import type { Post, PostAuthor, QuotedPost } from '../../lib/api/wire/index.ts';
import { profilePath } from '../../lib/profiles/profile-links.ts';
import { formatFeedTime } from '../../lib/social/feed-time.ts';
import { canDeletePost, canDetachQuote, canEditPost } from '../../lib/users/permissions.ts';
import { Avatar } from '../shared/Avatar.tsx';
import { RichText, SpoilerText } from '../shared/RichText.tsx';
import { RoleBadge } from '../shared/RoleBadge.tsx';
import { $mentions, likeToggle, postStore } from './post-store.ts';
import { postPath, useSocial } from './social-context.ts';

const nothing = atom<Post | undefined>(undefined);

/** The post's store, read (undefined while no read showed it). */
export function usePost(id: number): Post | undefined {
  return useStore(postStore(id) ?? nothing);
}

const textClass = 'mt-1 text-[15px] leading-relaxed wrap-anywhere whitespace-pre-wrap text-fg';

/** A post's words: hidden behind 'Show spoiler' when flagged (absent until opened), else its text. */
function PostText({ post }: { post: Pick<Post, 'id' | 'content' | 'spoiler'> }) {
  const { locale, t } = useSocial();
  const mentions = useStore($mentions);
  const common = { content: post.content, mentions, locale, showSpoiler: t('social.spoiler.show'), className: textClass, dataAttr: 'data-post-text' };
  return post.spoiler ? <SpoilerText key={post.content} {...common} note={t('social.spoiler.post')} kind="post" /> : <RichText {...common} />;
}

/** The author's line: name (to the profile), role badge, @username, time (to the post's own address). */
function Byline({ author, id, createdAt, edited, small }: { author: PostAuthor; id: number; createdAt: string; edited?: boolean; small?: boolean }) {
  const { locale, t, openThread } = useSocial();
  const href = localePath(locale, postPath(id));
  const open = (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    openThread(id);
  };
  return (
    <header className="flex min-w-0 flex-wrap items-baseline gap-x-1.5 gap-y-0.5 text-sm">
      <a href={localePath(locale, profilePath(author.username))} className={`min-w-0 font-semibold wrap-anywhere text-fg hover:underline ${small ? 'text-sm' : ''}`} data-post-author>
        {author.name}
      </a>
      <RoleBadge role={author.role} t={t} />
      {!small && <span className="truncate text-fg-muted">@{author.username}</span>}
      <span aria-hidden="true" className="text-fg-muted">
        ·
      </span>
      <a href={href} onClick={open} className="text-fg-muted hover:underline" data-post-link>
        <time dateTime={createdAt} title={formatDate(locale, createdAt, 'date-time')}>
          {formatFeedTime(createdAt, locale, {
            now: t('social.time.now'),
            m: t('social.time.m'),
            h: t('social.time.h'),
            d: t('social.time.d'),
          })}
        </time>
      </a>
      {edited && <span className="text-xs text-fg-muted">{t('social.edited')}</span>}
    </header>
  );
}

/** A quote's quoted post in a card; its store's words when a read showed it (an edit, a delete follow), a tombstone when deleted. */
function QuoteCard({ quoted }: { quoted: QuotedPost }) {
  const { t, openThread } = useSocial();
  const known = usePost(quoted.id);
  const deleted = known ? known.deleted : quoted.deleted;
  const shown = known ? { id: known.id, content: known.content, spoiler: known.spoiler, author: known.author, created_at: known.created_at } : quoted;
  // a deleted post names no author (the API answers author null)
  if (deleted || !shown.author) {
    return (
      <p className="mt-2 rounded-xl border border-line bg-surface-subtle px-3 py-2 text-sm text-fg-muted italic" data-quote-card="deleted">
        {t('social.deletedPost')}
      </p>
    );
  }
  const author = shown.author;
  return (
    <div
      className="mt-2 cursor-pointer rounded-xl border border-line px-3 py-2 hover:bg-surface-subtle"
      data-quote-card={quoted.id}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('a, button')) return;
        openThread(quoted.id);
      }}
    >
      <div className="flex items-center gap-2">
        <Avatar name={author.name} src={author.avatar} size={20} />
        <Byline author={author} id={shown.id} createdAt={shown.created_at} small />
      </div>
      <PostText post={shown} />
    </div>
  );
}

const barButton = 'inline-flex items-center gap-1.5 rounded-full px-2 py-1 text-sm tabular-nums text-fg-muted hover:bg-surface-subtle hover:text-fg disabled:cursor-not-allowed disabled:opacity-50';

function Icon({ d, filled }: { d: string; filled?: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" className="size-[18px]">
      <path d={d} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
const ICONS = {
  reply: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z',
  repost: 'M17 2l3 3-3 3M20 5H8a4 4 0 0 0-4 4v2M7 22l-3-3 3-3M4 19h12a4 4 0 0 0 4-4v-2',
  like: 'M12 20.5s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.9c0 5.4-7.5 10-7.5 10z',
};

/** Counts of replies, reposts and likes; for a member the buttons, with the like and repost state. */
function ActionBar({ post }: { post: Post }) {
  const { user, locale, t, openDialog } = useSocial();
  const like = likeToggle(post.id, (count) => t('social.problems.tooMany', { count }));
  const { failure, pending } = useStore(like.$status);
  const n = (count: number) => formatNumber(locale, count);
  const label = (key: 'replies' | 'reposts' | 'likes', count: number) => t(`social.counts.${key}`, { count });
  if (!user) {
    return (
      <div className="mt-2 flex items-center gap-4 text-sm text-fg-muted" data-post-counts>
        {(['replies', 'reposts', 'likes'] as const).map((key) => {
          const count = post[`${key}_count`];
          return (
            <span key={key} className="inline-flex items-center gap-1.5 px-2 py-1" title={label(key, count)} data-count={key}>
              <Icon d={ICONS[key === 'replies' ? 'reply' : key === 'reposts' ? 'repost' : 'like']} />
              <span aria-hidden="true">{n(count)}</span>
              <span className="sr-only">{label(key, count)}</span>
            </span>
          );
        })}
      </div>
    );
  }
  return (
    <div className="mt-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-post-actions>
        <button type="button" className={barButton} disabled={!post.can_reply} onClick={() => openDialog({ kind: 'reply', id: post.id })} title={label('replies', post.replies_count)} data-action="reply">
          <Icon d={ICONS.reply} />
          <span className="sr-only">{t('social.actions.reply')}</span>
          <span data-count="replies">{n(post.replies_count)}</span>
        </button>
        <button
          type="button"
          className={`${barButton} ${post.is_reposted ? 'text-success' : ''}`}
          onClick={() => openDialog({ kind: 'repost', id: post.id })}
          title={label('reposts', post.reposts_count)}
          aria-pressed={post.is_reposted}
          data-action="repost"
        >
          <Icon d={ICONS.repost} />
          <span className="sr-only">{t('social.actions.repost')}</span>
          <span data-count="reposts">{n(post.reposts_count)}</span>
        </button>
        <button
          type="button"
          className={`${barButton} ${post.is_liked ? 'text-highlight-strong' : ''}`}
          onClick={() => void like.toggle()}
          title={label('likes', post.likes_count)}
          aria-pressed={post.is_liked}
          aria-busy={pending}
          data-action="like"
        >
          <Icon d={ICONS.like} filled={post.is_liked} />
          <span className="sr-only">{t('social.actions.like')}</span>
          <span data-count="likes">{n(post.likes_count)}</span>
        </button>
        <PostMenu post={post} />
      </div>
      {!post.can_reply && (
        <p className="mt-1 text-xs text-fg-muted" data-reply-closed>
          {t(post.reply_control === 'nobody' ? 'social.replyClosed.nobody' : 'social.replyClosed.following')}
        </p>
      )}
      {failure?.message && (
        <p role="alert" className="mt-1 text-xs text-danger">
          {failure.message}
        </p>
      )}
    </div>
  );
}

/** The post's menu: the author's Edit and Delete, staff's Delete, the quoted author's Detach; else 'No actions available'. */
function PostMenu({ post }: { post: Post }) {
  const { user, t, openDialog } = useSocial();
  const items: ReactNode[] = [];
  const item = (kind: 'edit' | 'delete' | 'detach', words: string) => (
    <li key={kind}>
      <button type="button" className="block w-full rounded px-3 py-1.5 text-left text-sm text-fg hover:bg-surface-subtle" onClick={(e) => { (e.currentTarget.closest('details') as HTMLDetailsElement | null)?.removeAttribute('open'); openDialog({ kind, id: post.id }); }} data-menu={kind}>
        {words}
      </button>
    </li>
  );
  if (canEditPost(user, post)) items.push(item('edit', t('social.actions.edit')));
  if (canDeletePost(user, post)) items.push(item('delete', t('social.actions.delete')));
  if (post.quoted_post?.author && canDetachQuote(user, { author_id: post.quoted_post.author.id })) items.push(item('detach', t('social.actions.detach')));
  return (
    <details className="relative ml-auto" data-post-menu>
      <summary className="list-none rounded-full px-2 py-1 text-fg-muted hover:bg-surface-subtle hover:text-fg [&::-webkit-details-marker]:hidden" aria-label={t('social.actions.more')}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" className="size-[18px]">
          <circle cx="5" cy="12" r="1.6" fill="currentColor" />
          <circle cx="12" cy="12" r="1.6" fill="currentColor" />
          <circle cx="19" cy="12" r="1.6" fill="currentColor" />
        </svg>
      </summary>
      <div className="absolute right-0 z-10 mt-1 min-w-44 rounded-lg border border-line bg-surface p-1 shadow-card">
        {items.length ? <ul>{items}</ul> : <p className="px-3 py-1.5 text-sm text-fg-muted" data-no-actions>{t('social.actions.none')}</p>}
      </div>
    </details>
  );
}

export interface PostCardProps {
  id: number;
  repostedBy?: PostAuthor | null;
  /** in a thread: a deleted post shows as deleted (in a list it is gone); `focus` is the thread's own post */
  place?: 'list' | 'thread' | 'focus' | 'preview';
}

/** A post as the feed shows it (spec 2 §2): author, content, time, the quoted post, counts and actions. */
export function PostCard({ id, repostedBy, place = 'list' }: PostCardProps) {
  const { t, locale, openThread } = useSocial();
  const post = usePost(id);
  if (!post) return null;
  // a deleted post names no author (the API answers author null): a tombstone
  if (post.deleted || !post.author) {
    if (place === 'list') return null;
    return (
      <article className="rounded-xl bg-surface-subtle px-4 py-3 text-sm text-fg-muted italic" data-post={post.id} data-deleted>
        {t('social.deletedPost')}
      </article>
    );
  }
  const author = post.author;
  const profile = localePath(locale, profilePath(author.username));
  return (
    <article
      className={`flex gap-3 px-4 py-3 ${place === 'focus' ? 'bg-accent-soft/40' : ''} ${place === 'list' ? 'cursor-pointer hover:bg-surface-subtle/60' : ''}`}
      data-post={post.id}
      data-kind={post.kind}
      onClick={(e) => {
        if (place !== 'list') return;
        if ((e.target as HTMLElement).closest('a, button, summary, details, [data-quote-card]')) return;
        if (window.getSelection()?.toString()) return;
        openThread(post.id);
      }}
    >
      <a href={profile} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <Avatar name={author.name} src={author.avatar} size={40} />
      </a>
      <div className="min-w-0 flex-1">
        {repostedBy && (
          <p className="mb-0.5 flex items-center gap-1 text-xs font-medium text-fg-muted" data-reposted-by>
            <Icon d={ICONS.repost} />
            {t('social.repostedBy', { name: repostedBy.name })}
          </p>
        )}
        <Byline author={author} id={post.id} createdAt={post.created_at} edited={post.edited} />
        <PostText post={post} />
        {post.kind === 'quote' &&
          (post.quoted_post ? (
            <QuoteCard quoted={post.quoted_post} />
          ) : (
            <p className="mt-2 rounded-xl border border-dashed border-line px-3 py-2 text-sm text-fg-muted italic" data-quote-card="detached">
              {post.quote_detached ? t('social.quoteRemoved') : t('social.deletedPost')}
            </p>
          ))}
        {place !== 'preview' && <ActionBar post={post} />}
      </div>
    </article>
  );
}
