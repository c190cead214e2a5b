import { useId, useState, type FormEvent } from 'react';
import type { PostCreate } from '../../lib/api/wire/index.ts';
import { characterCount } from '../../lib/comments/comment-length.ts';
import type { Words } from '../shared/words.tsx';

/** the longest post (contract: 500 characters after trimming; as the API counts, an emoji is one) */
export const POST_MAX = 500;
export type ReplyControl = NonNullable<PostCreate['reply_control']>;
const CONTROLS: ReplyControl[] = ['everyone', 'following', 'nobody'];

export interface Draft {
  content: string;
  spoiler: boolean;
  reply_control: ReplyControl;
}

export interface PostComposerProps {
  kind: 'post' | 'reply' | 'quote' | 'edit';
  initial?: Partial<Draft>;
  /** sends; resolves to a problem to show ('' for none: the text stays), or null when sent (the box empties) */
  onSend(draft: Draft): Promise<string | null>;
  onCancel?(): void;
  t: Words<'social'>;
  autoFocus?: boolean;
}

/**
 * The post composer (spec 2 §2, §5; issue 21): a textarea with a counter up to 500, a Spoiler
 * checkbox, who can reply (Everyone, People I follow, Nobody), and the send button, disabled while
 * the text is blank after trimming or over 500. A failed send keeps the text.
 */
export function PostComposer({ kind, initial, onSend, onCancel, t, autoFocus }: PostComposerProps) {
  const [content, setContent] = useState(initial?.content ?? '');
  const [spoiler, setSpoiler] = useState(initial?.spoiler ?? false);
  const [control, setControl] = useState<ReplyControl>(initial?.reply_control ?? 'everyone');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const count = characterCount(content.trim());
  const blank = !content.trim();
  const over = count > POST_MAX;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (blank || over || sending) return;
    setSending(true);
    setProblem(null);
    const failed = await onSend({ content: content.trim(), spoiler, reply_control: control });
    setSending(false);
    if (failed === null) {
      if (kind !== 'edit') {
        setContent('');
        setSpoiler(false);
      }
    } else if (failed) setProblem(failed);
  }

  const label = kind === 'reply' ? t('social.compose.replyLabel') : kind === 'quote' ? t('social.compose.quoteLabel') : t('social.compose.label');
  const send = kind === 'edit' ? t('social.actions.save') : kind === 'reply' ? t('social.actions.reply') : kind === 'quote' ? t('social.actions.quote') : t('social.compose.post');
  const busy = kind === 'edit' ? t('social.actions.saving') : t('social.compose.posting');
  return (
    <form onSubmit={submit} className="space-y-2" data-post-composer={kind}>
      <label htmlFor={`${id}-text`} className="sr-only">
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        placeholder={label}
        rows={kind === 'post' ? 3 : 4}
        autoFocus={autoFocus}
        aria-describedby={`${id}-count`}
        className="block w-full resize-y rounded-lg border border-line-strong bg-surface px-3 py-2 text-[15px] text-fg placeholder:text-fg-muted focus:border-accent focus:outline-2 focus:outline-accent"
      />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <span id={`${id}-count`} className={`text-xs tabular-nums ${over ? 'font-semibold text-danger' : 'text-fg-muted'}`} data-counter>
            {t('social.compose.counter', { count })}
          </span>
          <label className="inline-flex items-center gap-1.5 text-sm text-fg-soft" title={t('social.compose.spoilerHint')}>
            <input type="checkbox" checked={spoiler} onChange={(e) => setSpoiler(e.target.checked)} className="size-4 accent-accent" data-spoiler-flag />
            {t('social.compose.spoiler')}
          </label>
          {kind !== 'reply' && (
            <label className="inline-flex items-center gap-1.5 text-sm text-fg-soft">
              <span>{t('social.compose.whoCanReply')}</span>
              <select
                value={control}
                onChange={(e) => setControl(e.target.value as ReplyControl)}
                className="rounded-lg border border-line-strong bg-surface py-1 pr-7 pl-2 text-sm text-fg"
                data-reply-control
              >
                {CONTROLS.map((c) => (
                  <option key={c} value={c}>
                    {t(`social.compose.replyControl.${c}`)}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        <div className="ml-auto flex items-center gap-2">
          {onCancel && (
            <button type="button" onClick={onCancel} className="rounded-full px-4 py-1.5 text-sm font-medium text-fg-soft hover:bg-surface-subtle">
              {t('social.actions.cancel')}
            </button>
          )}
          <button
            type="submit"
            disabled={blank || over || sending}
            className="rounded-full bg-accent px-5 py-1.5 text-sm font-semibold text-accent-fg hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-50"
            data-send
          >
            {sending ? busy : send}
          </button>
        </div>
      </div>
      {over && <p className="text-xs text-danger">{t('social.compose.tooLong', { max: POST_MAX })}</p>}
      {problem && (
        <p role="alert" className="rounded-lg border border-danger-muted bg-danger-soft px-3 py-2 text-sm text-danger">
          {problem}
        </p>
      )}
    </form>
  );
}
