import { useState, type FormEvent } from 'react';
import type { PostCreate } from '../../lib/api/wire/index.ts';
import { characterCount } from '../../lib/comments/comment-length.ts';
import { ComposeBox } from '../shared/ComposeBox.tsx';
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
    <ComposeBox
      label={label}
      placeholder={label}
      rows={kind === 'post' ? 3 : 4}
      autoFocus={autoFocus}
      content={content}
      onContent={setContent}
      counter={t('social.compose.counter', { count })}
      over={over}
      overTone="limit"
      spoiler={spoiler}
      onSpoiler={setSpoiler}
      spoilerLabel={t('social.compose.spoiler')}
      spoilerHint={t('social.compose.spoilerHint')}
      extras={
        kind !== 'reply' && (
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
        )
      }
      note={over && <p className="text-xs text-danger">{t('social.compose.tooLong', { max: POST_MAX })}</p>}
      sendLabel={sending ? busy : send}
      sendDisabled={blank || over || sending}
      cancelLabel={t('social.actions.cancel')}
      onCancel={onCancel}
      onSubmit={submit}
      problem={problem}
      data={{ 'data-post-composer': kind }}
      large
    />
  );
}
