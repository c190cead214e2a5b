import { useId, useState, type FormEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
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
  const id = useId();
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
    <form onSubmit={submit} className="space-y-2" data-composer={kind}>
      <label htmlFor={`${id}-text`} className="sr-only">
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        placeholder={kind === 'reply' ? t('comments.compose.replyPlaceholder') : kind === 'comment' ? t('comments.compose.placeholder') : undefined}
        rows={kind === 'reply' ? 2 : kind === 'edit' ? 4 : 3}
        autoFocus={autoFocus}
        aria-describedby={`${id}-count`}
        className="block w-full resize-y rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-fg placeholder:text-fg-muted focus:border-accent focus:outline-2 focus:outline-accent"
      />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <span id={`${id}-count`} className={`text-xs tabular-nums ${over ? 'font-semibold text-highlight-strong' : 'text-fg-muted'}`} data-counter>
            {t('comments.compose.counter', { count })}
          </span>
          <label className="inline-flex items-center gap-1.5 text-sm text-fg-soft" title={t('comments.compose.spoilerHint')}>
            <input type="checkbox" checked={spoiler} onChange={(e) => setSpoiler(e.target.checked)} className="size-4 accent-accent" />
            {t('comments.compose.spoiler')}
          </label>
        </div>
        <div className="flex items-center gap-2">
          {onCancel && (
            <button type="button" onClick={onCancel} className="rounded-full px-4 py-1.5 text-sm font-medium text-fg-soft hover:bg-surface-subtle">
              {t('comments.actions.cancel')}
            </button>
          )}
          <button
            type="submit"
            disabled={blank || sending}
            className="rounded-full bg-accent px-4 py-1.5 text-sm font-semibold text-accent-fg hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-50"
          >
            {sending ? busy : send}
          </button>
        </div>
      </div>
      {problem && (
        <p role="alert" className="rounded-lg border border-danger-muted bg-danger-soft px-3 py-2 text-sm text-danger">
          {problem}
        </p>
      )}
    </form>
  );
}
