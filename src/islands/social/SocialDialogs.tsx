import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import { createPost, deletePost, detachQuote, updatePost } from '../../lib/api/operations/social.ts';
import { isAuthor } from '../../lib/users/permissions.ts';
import { ModalDialog } from '../shared/ModalDialog.tsx';
import { session } from '../shared/data-layer/session.ts';
import { PostCard, usePost } from './PostCard.tsx';
import { PostComposer, type Draft } from './PostComposer.tsx';
import { problemOf } from './problems.ts';
import { change, moveCount, remember, repostToggle, threadChanged } from './post-store.ts';
import { useSocial, type OpenDialog } from './social-context.ts';
import { ThreadView } from './ThreadView.tsx';

// The feed's modals (spec 2 §2: thread, reply, repost/quote, edit; the delete confirmation; issue 21's
// detach), on the one ModalDialog. Loaded when one first opens: a visitor's page does not carry them.

const button = 'rounded-full px-4 py-1.5 text-sm font-semibold';
const footer = 'flex justify-end gap-2 border-t border-line px-5 py-3';

/** The thread of a post, in a modal (its own address is in the address bar meanwhile; Back closes it). */
export function ThreadDialog({ id, onClose }: { id: number; onClose(): void }) {
  const { t } = useSocial();
  const ref = useRef<HTMLDialogElement>(null);
  return (
    <ModalDialog dialogRef={ref} title={t('social.dialogs.thread')} closeLabel={t('social.actions.close')} onClose={onClose} testId="thread-dialog">
      <div className="-mx-5 -my-4">
        <ThreadView id={id} />
      </div>
    </ModalDialog>
  );
}

function ReplyDialog({ id, onClose }: { id: number; onClose(): void }) {
  const { t } = useSocial();
  const ref = useRef<HTMLDialogElement>(null);
  const post = usePost(id);
  async function send(draft: Draft) {
    try {
      const { post: reply } = await session.call(createPost({ content: draft.content, spoiler: draft.spoiler, parent_id: id, kind: 'reply' }));
      remember(reply);
      moveCount(id, 'replies_count', 1);
      threadChanged();
      ref.current?.close();
      return null;
    } catch (error) {
      return problemOf(error, t, 'a reply');
    }
  }
  return (
    <ModalDialog dialogRef={ref} title={t('social.dialogs.reply', { name: post?.author?.name ?? '' })} closeLabel={t('social.actions.close')} onClose={onClose} testId="reply-dialog">
      <div className="-mx-5 border-b border-line">
        <PostCard id={id} place="preview" />
      </div>
      <PostComposer kind="reply" onSend={send} t={t} autoFocus />
    </ModalDialog>
  );
}

function RepostDialog({ id, onClose }: { id: number; onClose(): void }) {
  const { t, user, created } = useSocial();
  const ref = useRef<HTMLDialogElement>(null);
  const post = usePost(id);
  const repost = repostToggle(id, (count) => t('social.problems.tooMany', { count }));
  const { failure, pending } = useStore(repost.$status);
  const own = isAuthor(user, post); // canRepostPost's one refusal for a member
  async function quote(draft: Draft) {
    try {
      const answer = await session.call(createPost({ ...draft, parent_id: id, kind: 'quote' }));
      // the quoted post counts its quotes with its reposts (contract)
      moveCount(id, 'reposts_count', 1);
      created(answer.post);
      ref.current?.close();
      return null;
    } catch (error) {
      return problemOf(error, t, 'a quote');
    }
  }
  async function toggle() {
    await repost.toggle();
    if (!repost.$status.get().failure?.message) ref.current?.close();
  }
  return (
    <ModalDialog
      dialogRef={ref}
      title={t('social.dialogs.repost')}
      subtitle={t('social.dialogs.repostHint')}
      closeLabel={t('social.actions.close')}
      onClose={onClose}
      testId="repost-dialog"
      notice={failure?.message ? <p role="alert" className="px-5 pb-3 text-sm text-danger">{failure.message}</p> : undefined}
    >
      <div className="-mx-5 border-b border-line">
        <PostCard id={id} place="preview" />
      </div>
      {own ? (
        <p className="text-sm text-fg-muted">{t('social.dialogs.ownPost')}</p>
      ) : (
        <button type="button" onClick={() => void toggle()} disabled={pending} className={`${button} w-full ring-1 ring-line-strong hover:bg-surface-subtle ${post?.is_reposted ? 'text-success' : 'text-fg'}`} data-repost>
          {post?.is_reposted ? t('social.actions.undoRepost') : t('social.actions.repost')}
        </button>
      )}
      <PostComposer kind="quote" onSend={quote} t={t} />
    </ModalDialog>
  );
}

function EditDialog({ id, onClose }: { id: number; onClose(): void }) {
  const { t } = useSocial();
  const ref = useRef<HTMLDialogElement>(null);
  const post = usePost(id);
  async function save(draft: Draft) {
    try {
      remember(await session.call(updatePost(id, draft)));
      ref.current?.close();
      return null;
    } catch (error) {
      return problemOf(error, t, 'an edit');
    }
  }
  return (
    <ModalDialog dialogRef={ref} title={t('social.dialogs.edit')} closeLabel={t('social.actions.close')} onClose={onClose} testId="edit-dialog">
      {post && (
        <PostComposer kind="edit" initial={{ content: post.content, spoiler: post.spoiler, reply_control: post.reply_control }} onSend={save} onCancel={() => ref.current?.close()} t={t} autoFocus />
      )}
    </ModalDialog>
  );
}

/** A confirmation (delete, detach): the question, Cancel and the action. */
function ConfirmDialog({ kind, id, onClose }: { kind: 'delete' | 'detach'; id: number; onClose(): void }) {
  const { t } = useSocial();
  const ref = useRef<HTMLDialogElement>(null);
  const post = usePost(id);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  async function confirm() {
    setBusy(true);
    try {
      if (kind === 'delete') {
        await session.call(deletePost(id));
        change(id, { deleted: true, content: '' });
        if (post?.kind === 'reply' && post.parent_id) moveCount(post.parent_id, 'replies_count', -1);
        // a quote's parent counted it with its reposts until it was deleted or detached
        if (post?.kind === 'quote' && post.parent_id && !post.quote_detached) moveCount(post.parent_id, 'reposts_count', -1);
        threadChanged();
      } else {
        const countedBy = post?.kind === 'quote' && !post.quote_detached ? post.parent_id : null;
        remember(await session.call(detachQuote(id)));
        if (countedBy) moveCount(countedBy, 'reposts_count', -1);
      }
      setBusy(false);
      ref.current?.close();
    } catch (error) {
      setBusy(false);
      setProblem(problemOf(error, t, kind === 'delete' ? 'a delete' : 'a detach'));
    }
  }
  return (
    <ModalDialog
      dialogRef={ref}
      title={t(kind === 'delete' ? 'social.dialogs.delete' : 'social.dialogs.detach')}
      closeLabel={t('social.actions.close')}
      onClose={onClose}
      busy={busy}
      width="lg"
      testId={`${kind}-post-dialog`}
      notice={problem ? <p role="alert" className="px-5 pb-3 text-sm text-danger">{problem}</p> : undefined}
      footer={
        <div className={footer}>
          <button type="button" onClick={() => ref.current?.close()} disabled={busy} className={`${button} text-fg-soft hover:bg-surface-subtle`}>
            {t('social.actions.cancel')}
          </button>
          <button type="button" onClick={() => void confirm()} disabled={busy} className={`${button} bg-danger text-surface hover:opacity-90 disabled:opacity-50`} data-confirm>
            {busy && kind === 'delete' ? t('social.dialogs.deleting') : t(kind === 'delete' ? 'social.actions.delete' : 'social.actions.detach')}
          </button>
        </div>
      }
    >
      <p className="text-sm text-fg-soft">{t(kind === 'delete' ? 'social.dialogs.confirmDelete' : 'social.dialogs.confirmDetach')}</p>
    </ModalDialog>
  );
}

export interface SocialDialogsProps {
  /** the thread shown in a modal, if any */
  threadId: number | null;
  closeThread(): void;
  dialog: OpenDialog | null;
  closeDialog(): void;
}

/** The modals open now: the thread, and above it the reply, repost/quote, edit, delete or detach dialog. */
export default function SocialDialogs({ threadId, closeThread, dialog, closeDialog }: SocialDialogsProps) {
  return (
    <>
      {threadId !== null && <ThreadDialog key={threadId} id={threadId} onClose={closeThread} />}
      {dialog?.kind === 'reply' && <ReplyDialog id={dialog.id} onClose={closeDialog} />}
      {dialog?.kind === 'repost' && <RepostDialog id={dialog.id} onClose={closeDialog} />}
      {dialog?.kind === 'edit' && <EditDialog id={dialog.id} onClose={closeDialog} />}
      {(dialog?.kind === 'delete' || dialog?.kind === 'detach') && <ConfirmDialog kind={dialog.kind} id={dialog.id} onClose={closeDialog} />}
    </>
  );
}
