import { useId, useState } from 'react';
import { formatDate } from '../../i18n/format.ts';
import { localePath, type Locale } from '../../i18n/locales.ts';
import { activityTime, formatActivityTime } from '../../lib/activity/activity-time.ts';
import { createComment, deleteComment, updateComment, type CommentOrder, type CommentTarget } from '../../lib/api/operations/comments.ts';
import type { Comment, CurrentUser, Reply } from '../../lib/api/wire/index.ts';
import { profilePath } from '../../lib/profiles/profile-links.ts';
import { canDeleteComment, canEditComment, canReport } from '../../lib/users/permissions.ts';
import { Avatar } from '../shared/Avatar.tsx';
import { session } from '../shared/data-layer/session.ts';
import { RichText, SpoilerText } from '../shared/RichText.tsx';
import { RoleBadge } from '../shared/RoleBadge.tsx';
import type { Words } from '../shared/words.tsx';
import { Composer } from './Composer.tsx';
import { DeleteDialog, ReportDialog } from './CommentDialogs.tsx';
import { problemOf } from './problems.ts';
import { Reactions } from './Reactions.tsx';

/** What every comment of the block shares. */
export interface CommentContext {
  target: CommentTarget;
  order: CommentOrder;
  user: CurrentUser | null | undefined;
  mentions: Record<string, number>;
  /** the member may write here (signed in, no block with the profile's owner) */
  canComment: boolean;
  loginHref: string;
  locale: Locale;
  t: Words<'comments' | 'islandsShared'>;
  changed(id: number, change: (c: Comment | Reply) => Comment | Reply): void;
  removed(id: number): void;
  replied(parentId: number, reply: Reply): void;
  /** @names a write's answer resolved, so they are links at once */
  mentioned(mentions: Record<string, number>): void;
}

const action = 'rounded px-1.5 py-0.5 text-xs font-medium text-fg-muted hover:bg-surface-subtle hover:text-fg';

/**
 * One comment or reply (spec 2 §2): avatar, name (to the profile), role badge, 'x ago', '(edited)',
 * the text (a spoiler hidden until opened), reactions; the author's Edit in place and Delete (after
 * the confirmation), staff's Delete, other members' Report; a top-level comment's replies, shown or
 * hidden, and its reply box.
 */
export function CommentItem({ comment, ctx }: { comment: Comment | Reply; ctx: CommentContext }) {
  const { user, locale, t } = ctx;
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<'delete' | 'report' | null>(null);
  const [replying, setReplying] = useState(false);
  const [showReplies, setShowReplies] = useState(false);
  const repliesId = useId();
  const topLevel = 'replies' in comment;
  const authored = { user_id: comment.user.id };
  const mayEdit = canEditComment(user, authored);
  const mayDelete = canDeleteComment(user, authored);
  const mayReport = canReport(user) && user?.id !== comment.user.id;
  const profile = localePath(locale, profilePath(comment.user.username));
  const when = formatActivityTime(activityTime(comment.created_at), locale, t('comments.recently'));

  async function save(content: string, spoiler: boolean) {
    try {
      const saved = await session.call(updateComment(comment.id, { content, spoiler }));
      ctx.changed(comment.id, (c) => ({ ...c, content: saved.content, spoiler: saved.spoiler, updated_at: saved.updated_at, edited: true }));
      ctx.mentioned(saved.mentions);
      setEditing(false);
      return null;
    } catch (error) {
      return problemOf(error, t, 'an edit') ?? '';
    }
  }

  async function remove() {
    try {
      await session.call(deleteComment(comment.id));
      ctx.removed(comment.id);
      return null;
    } catch (error) {
      return problemOf(error, t, 'a delete') ?? '';
    }
  }

  async function reply(content: string, spoiler: boolean) {
    const target = ctx.target.type === 'dorama' ? { dorama_id: ctx.target.id } : { profile_user_id: ctx.target.id };
    try {
      const answer = await session.call(createComment({ content, spoiler, reply_to_id: comment.id, ...target }));
      const { replies: _replies, replies_count: _count, mentions, ...asReply } = answer;
      ctx.replied(comment.id, asReply);
      ctx.mentioned(mentions);
      setShowReplies(true);
      setReplying(false);
      return null;
    } catch (error) {
      return problemOf(error, t, 'a reply') ?? '';
    }
  }

  const replies = topLevel ? comment.replies : [];
  const replyCount = topLevel ? Math.max(comment.replies_count, replies.length) : 0;
  return (
    <article className="flex gap-3" data-comment={comment.id} aria-labelledby={`${repliesId}-by`}>
      <a href={profile} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <Avatar name={comment.user.name} src={comment.user.avatar} size={topLevel ? 40 : 32} />
      </a>
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <a id={`${repliesId}-by`} href={profile} className="min-w-0 text-sm font-semibold wrap-anywhere text-fg hover:underline">
            {comment.user.name}
          </a>
          <RoleBadge role={comment.user.role} t={t} />
          <time dateTime={comment.created_at} title={formatDate(locale, comment.created_at, 'date-time')} className="text-xs text-fg-muted">
            {when}
          </time>
          {comment.edited && <span className="text-xs text-fg-muted">{t('comments.edited')}</span>}
        </header>
        {editing ? (
          <div className="mt-2">
            <Composer kind="edit" initial={{ content: comment.content, spoiler: comment.spoiler }} onSend={save} onCancel={() => setEditing(false)} locale={locale} t={t} autoFocus />
          </div>
        ) : comment.spoiler ? (
          <SpoilerText key={comment.content} content={comment.content} mentions={ctx.mentions} locale={locale} showSpoiler={t('comments.spoiler.show')} note={t('comments.spoiler.comment')} />
        ) : (
          <RichText content={comment.content} mentions={ctx.mentions} locale={locale} showSpoiler={t('comments.spoiler.show')} />
        )}
        {!editing && (
          <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1">
            <Reactions comment={comment} target={ctx.target} order={ctx.order} loginHref={ctx.loginHref} locale={locale} t={t} />
            <div className="flex flex-wrap items-center gap-0.5">
              {topLevel && ctx.canComment && (
                <button type="button" className={action} aria-expanded={replying} onClick={() => setReplying(!replying)}>
                  {t('comments.actions.reply')}
                </button>
              )}
              {mayEdit && (
                <button type="button" className={action} onClick={() => setEditing(true)}>
                  {t('comments.actions.edit')}
                </button>
              )}
              {mayDelete && (
                <button type="button" className={action} onClick={() => setDialog('delete')}>
                  {t('comments.actions.delete')}
                </button>
              )}
              {mayReport && (
                <button type="button" className={action} onClick={() => setDialog('report')}>
                  {t('comments.actions.report')}
                </button>
              )}
            </div>
          </div>
        )}
        {dialog === 'delete' && <DeleteDialog onDelete={remove} onClose={() => setDialog(null)} t={t} />}
        {dialog === 'report' && <ReportDialog commentId={comment.id} onClose={() => setDialog(null)} t={t} />}
        {topLevel && replyCount > 0 && (
          <button
            type="button"
            className="mt-2 text-xs font-semibold text-accent-strong hover:underline"
            aria-expanded={showReplies}
            aria-controls={`${repliesId}-replies`}
            onClick={() => setShowReplies(!showReplies)}
            data-replies-toggle
          >
            {showReplies ? t('comments.replies.hide') : t('comments.replies.show', { count: replyCount })}
          </button>
        )}
        {topLevel && showReplies && replies.length > 0 && (
          <ol id={`${repliesId}-replies`} className="mt-3 space-y-4 border-l-2 border-line pl-3 sm:pl-4">
            {replies.map((r) => (
              <li key={r.id}>
                <CommentItem comment={r} ctx={ctx} />
              </li>
            ))}
          </ol>
        )}
        {topLevel && replying && (
          <div className="mt-3">
            <Composer kind="reply" onSend={reply} onCancel={() => setReplying(false)} locale={locale} t={t} autoFocus />
          </div>
        )}
      </div>
    </article>
  );
}
