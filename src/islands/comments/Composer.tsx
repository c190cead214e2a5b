import { useState, type FormEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { ComposeBox } from '../shared/ComposeBox.tsx';
import type { Words } from '../shared/words.tsx';
import { characterCount } from '../../lib/comments/comment-length.ts';
import { COMMENT_MAX_LENGTH, COUNTER_LIMIT, tooLong } from './problems.ts';

export interface ComposerProps {
  kind: 'comment' | 'reply' | 'edit';
  initial?: { content: string; spoiler: boolean };
  /** sends the text; resolves to a problem to show (the text stays), or null when it was sent (the box empties) */
  onSend(content: string, spoiler: boolean): Promise<string | null>;
  onCancel?(): void;
  locale: Locale;
  t: Words<'comments'>;
  autoFocus?: boolean;
}

/**
 * The compose box (spec 2 §2, §5): a textarea with the advisory 'n/1000 characters' counter (typing
 * beyond is allowed; the API's 5,000 is said before sending), a Spoiler checkbox, and the send button,
 * disabled while the text is blank after trimming. A failed send keeps the text.
 */
export function Composer({ kind, initial, onSend, onCancel, t, autoFocus }: ComposerProps) {
  const [content, setContent] = useState(initial?.content ?? '');
  const [spoiler, setSpoiler] = useState(initial?.spoiler ?? false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const blank = !content.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (blank || sending) return;
    if (tooLong(content)) {
      setProblem(t('comments.problems.tooLong', { max: COMMENT_MAX_LENGTH }));
      return;
    }
    setSending(true);
    setProblem(null);
    const failed = await onSend(content.trim(), spoiler);
    setSending(false);
    if (failed === null) {
      if (kind !== 'edit') {
        setContent('');
        setSpoiler(false);
      }
    } else if (failed) setProblem(failed);
  }

  const label = kind === 'reply' ? t('comments.compose.replyLabel') : t('comments.compose.label');
  const send = kind === 'edit' ? t('comments.actions.save') : kind === 'reply' ? t('comments.compose.postReply') : t('comments.compose.post');
  const busy = kind === 'edit' ? t('comments.actions.saving') : t('comments.compose.posting');
  // counted as the API counts (an emoji is one character)
  const count = characterCount(content);
  const over = count > COUNTER_LIMIT;
  return (
    <ComposeBox
      label={label}
      placeholder={kind === 'reply' ? t('comments.compose.replyPlaceholder') : kind === 'comment' ? t('comments.compose.placeholder') : undefined}
      rows={kind === 'reply' ? 2 : kind === 'edit' ? 4 : 3}
      autoFocus={autoFocus}
      content={content}
      onContent={setContent}
      counter={t('comments.compose.counter', { count })}
      over={over}
      overTone="advisory"
      spoiler={spoiler}
      onSpoiler={setSpoiler}
      spoilerLabel={t('comments.compose.spoiler')}
      spoilerHint={t('comments.compose.spoilerHint')}
      sendLabel={sending ? busy : send}
      sendDisabled={blank || sending}
      cancelLabel={t('comments.actions.cancel')}
      onCancel={onCancel}
      onSubmit={submit}
      problem={problem}
      data={{ 'data-composer': kind }}
    />
  );
}
