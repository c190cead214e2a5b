// The parts the review screens share (docs/decisions/038 "Review screens"): one field's change as a
// diff, a change set, the author's name, the pager and a read that reloads. Only the review islands
// (SuggestionsQueue, HistoryList, MySuggestions) import this module, and with it the diff library.
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { formatDate, formatRelative } from '../../i18n/format.ts';
import { localePath, type Locale } from '../../i18n/locales.ts';
import type { Operation } from '../../lib/api/operations/operation.ts';
import type { ReviewTarget } from '../../lib/api/operations/edit-review.ts';
import { DRAMA_EDIT_FIELDS, PERSON_EDIT_FIELDS } from '../../lib/catalogue-editing/edit-fields.ts';
import { fieldDiff, orderedFields } from '../../lib/catalogue-editing/diff.ts';
import { profilePath } from '../../lib/profiles/profile-links.ts';
import { session } from '../shared/data-layer/session.ts';
import { Spinner } from '../shared/form-ui.tsx';
import type { Words } from '../shared/words.tsx';

export type ReviewWords = Words<'editReview'>;

type Editor = { username: string; name: string } | null;
type Changes = Record<string, { from?: unknown; to?: unknown }>;

export const buttonClass =
  'inline-flex items-center justify-center rounded-full border border-line-strong px-4 py-2 text-sm font-semibold text-fg hover:bg-surface-subtle disabled:opacity-60';
export const primaryButtonClass =
  'inline-flex items-center justify-center rounded-full bg-accent px-4 py-2 text-sm font-semibold text-accent-fg hover:bg-accent-strong disabled:opacity-60';
export const cardClass = 'rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-5';

/** Where a record's page is, and its history page (docs/decisions/038 "Review screens"). */
export const recordPath = (target: ReviewTarget, id: number) => (target === 'drama' ? `/drama/${id}` : `/person/${id}`);
export const historyPath = (target: ReviewTarget, id: number) => `${recordPath(target, id)}/history`;

/** The label of a field (an unknown one: its wire name). */
export function fieldLabel(t: ReviewWords, field: string): string {
  const known = (DRAMA_EDIT_FIELDS as readonly string[]).includes(field) || (PERSON_EDIT_FIELDS as readonly string[]).includes(field);
  return known ? t(`editReview.fields.${field as 'title'}`) : field;
}

/** A message whose `{name}` placeholders are shown as the given nodes (a link, a time). */
export function withNodes(message: string, nodes: Record<string, ReactNode>): ReactNode {
  return message.split(/(\{\w+\})/).map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return name && name in nodes ? <Fragment key={i}>{nodes[name]}</Fragment> : part;
  });
}

/** A member's name linking to their profile, or 'a deleted account'. */
export function EditorName({ editor, t, locale }: { editor: Editor; t: ReviewWords; locale: Locale }) {
  if (!editor) return <span>{t('editReview.item.deleted')}</span>;
  return (
    <a href={localePath(locale, profilePath(editor.username))} className="font-semibold text-fg underline decoration-line-strong underline-offset-2 hover:text-accent hover:decoration-accent">
      {editor.name}
    </a>
  );
}

/** "3 days ago" with the exact day as a tooltip and machine-readable time. */
export function Age({ at, locale }: { at: string; locale: Locale }) {
  return (
    <time dateTime={at} title={formatDate(locale, at, 'long')}>
      {formatRelative(locale, at)}
    </time>
  );
}

function Value({ text, t, tone }: { text: string | null; t: ReviewWords; tone: 'before' | 'after' }) {
  if (text === null) return <span className="text-fg-muted italic">{t('editReview.diff.empty')}</span>;
  return <span className={`wrap-anywhere ${tone === 'before' ? 'text-fg-muted line-through decoration-danger/70' : 'font-medium text-fg'}`}>{text}</span>;
}

/**
 * An image of a change, shown small with a link to the full size (a suggested image is shown to staff
 * before review: docs/decisions/038 "A suggested image before review"); one no longer stored (a
 * rejected suggestion's) says so.
 */
function ImageValue({ url, t, tone }: { url: string | null; t: ReviewWords; tone: 'before' | 'after' }) {
  const [gone, setGone] = useState(false);
  if (url === null) return <Value text={null} t={t} tone={tone} />;
  if (gone) return <span className="text-fg-muted italic" data-image-gone>{t('editReview.diff.imageGone')}</span>;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <img
        src={url}
        alt={t(tone === 'before' ? 'editReview.diff.imageBefore' : 'editReview.diff.imageAfter')}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setGone(true)}
        className={`max-h-40 w-auto max-w-full rounded-lg border border-line bg-surface-subtle object-contain ${tone === 'before' ? 'opacity-70' : ''}`}
      />
      <a href={url} target="_blank" rel="noopener noreferrer" className="text-xs text-accent underline underline-offset-2">
        {t('editReview.diff.imageOpen')}
      </a>
    </span>
  );
}

/** One field's change: a word diff, the list items added and removed, the images, or before → after. */
export function FieldChange({ field, from, to, t }: { field: string; from: unknown; to: unknown; t: ReviewWords }) {
  const diff = fieldDiff(field, from, to);
  let body: ReactNode;
  if (diff.kind === 'words') {
    body = (
      <>
        <p className="sr-only">{t('editReview.diff.wordsLegend')}</p>
        <p className="text-sm leading-relaxed whitespace-pre-wrap wrap-anywhere text-fg" data-diff="words">
          {diff.parts.map((part, i) =>
            part.kind === 'added' ? (
              <ins key={i} className="rounded-sm bg-success-soft px-0.5 text-success underline decoration-1 underline-offset-2">
                {part.text}
              </ins>
            ) : part.kind === 'removed' ? (
              <del key={i} className="rounded-sm bg-danger-soft px-0.5 text-danger line-through">
                {part.text}
              </del>
            ) : (
              <span key={i}>{part.text}</span>
            ),
          )}
        </p>
      </>
    );
  } else if (diff.kind === 'list') {
    body =
      diff.added.length + diff.removed.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('editReview.diff.noListChange')}</p>
      ) : (
        <div className="flex flex-col gap-1.5 text-sm" data-diff="list">
          {diff.added.length > 0 && <Items label={t('editReview.diff.added')} items={diff.added} tone="added" />}
          {diff.removed.length > 0 && <Items label={t('editReview.diff.removed')} items={diff.removed} tone="removed" />}
        </div>
      );
  } else if (diff.kind === 'image') {
    body = (
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-2 text-sm" data-diff="image">
        <dt className="text-fg-muted">{t('editReview.diff.before')}</dt>
        <dd data-before>
          <ImageValue key={diff.from ?? ''} url={diff.from} t={t} tone="before" />
        </dd>
        <dt className="text-fg-muted">{t('editReview.diff.after')}</dt>
        <dd data-after>
          <ImageValue key={diff.to ?? ''} url={diff.to} t={t} tone="after" />
        </dd>
      </dl>
    );
  } else {
    body = (
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm" data-diff="value">
        <dt className="text-fg-muted">{t('editReview.diff.before')}</dt>
        <dd data-before>
          <Value text={diff.from} t={t} tone="before" />
        </dd>
        <dt className="text-fg-muted">{t('editReview.diff.after')}</dt>
        <dd data-after>
          <Value text={diff.to} t={t} tone="after" />
        </dd>
      </dl>
    );
  }
  return (
    <div className="border-t border-line py-2.5 first:border-t-0 sm:grid sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-4" data-field={field}>
      <p className="mb-1 text-sm font-semibold text-fg sm:mb-0">{fieldLabel(t, field)}</p>
      <div className="min-w-0">{body}</div>
    </div>
  );
}

function Items({ label, items, tone }: { label: string; items: string[]; tone: 'added' | 'removed' }) {
  const chip =
    tone === 'added'
      ? 'rounded-full bg-success-soft px-2 py-0.5 text-success'
      : 'rounded-full bg-danger-soft px-2 py-0.5 text-danger line-through';
  return (
    <div className="flex flex-wrap items-baseline gap-1.5" data-items={tone}>
      <span className="mr-1 text-fg-muted">{label}:</span>
      <ul className="contents">
        {items.map((item) => (
          <li key={item} className={`${chip} wrap-anywhere`}>
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A change set, field by field in the edit form's order. */
export function ChangeList({ changes, target, t }: { changes: Changes; target: ReviewTarget; t: ReviewWords }) {
  const fields = orderedFields(changes, target === 'drama' ? DRAMA_EDIT_FIELDS : PERSON_EDIT_FIELDS);
  return (
    <div className="rounded-xl border border-line bg-surface-subtle px-3 py-1" data-changes>
      {fields.map((field) => (
        <FieldChange key={field} field={field} from={changes[field]?.from} to={changes[field]?.to} t={t} />
      ))}
    </div>
  );
}

/** Previous / Next with 'Page 2 of 5' (nothing for a single page). */
export function Pager({ page, pages, label, onPage, t }: { page: number; pages: number; label: string; onPage: (page: number) => void; t: ReviewWords }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3 text-sm">
      <button type="button" className={buttonClass} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('editReview.previous')}
      </button>
      <span className="text-fg-muted">{t('editReview.pageOf', { page, pages })}</span>
      <button type="button" className={buttonClass} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('editReview.next')}
      </button>
    </nav>
  );
}

export interface ReadState<T> {
  data?: T;
  error?: boolean;
  loading: boolean;
}

/** Reads an operation afresh whenever `key` changes (lists that move: not from the page's cache). */
export function useFreshRead<T>(operation: () => Operation<T> | null, key: string): [ReadState<T>, () => void] {
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<ReadState<T>>({ loading: true });
  useEffect(() => {
    const op = operation();
    if (!op) return;
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    session.call(op).then(
      (data) => current && setState({ data, loading: false }),
      () => current && setState((s) => ({ ...s, error: true, loading: false })),
    );
    return () => {
      current = false;
    };
  }, [key, version]);
  return [state, () => setVersion((v) => v + 1)];
}

/** Loading, failed (with Try Again), empty or the list. */
export function ReadView<T extends { items: unknown[] }>({
  state,
  reload,
  empty,
  t,
  children,
}: {
  state: ReadState<T>;
  reload: () => void;
  empty: string;
  t: ReviewWords;
  children: (data: T) => ReactNode;
}) {
  const data = state.data;
  if (!data && state.error) {
    return (
      <p role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-sm text-danger">
        {t('editReview.loadFailed')}
        <button type="button" className={buttonClass} onClick={reload}>
          {t('editReview.retry')}
        </button>
      </p>
    );
  }
  if (!data) {
    return (
      <div className="mt-4">
        <Spinner label={t('editReview.loading')} />
      </div>
    );
  }
  if (data.items.length === 0) return <p className="mt-4 text-fg-muted" data-empty>{empty}</p>;
  return <div aria-busy={state.loading || undefined}>{children(data)}</div>;
}

/** What a review or a revert said: a success as a status, a failure as an alert (`data-{kind}-said` names the tone). */
export function SaidNotice({ said, kind }: { said: { tone: 'success' | 'danger'; text: string }; kind: 'review' | 'revert' }) {
  return (
    <p
      role={said.tone === 'danger' ? 'alert' : 'status'}
      className={`mt-4 rounded-lg border px-3 py-2 text-sm ${said.tone === 'danger' ? 'border-danger-muted bg-danger-soft text-danger' : 'border-success-muted bg-success-soft text-success'}`}
      {...{ [`data-${kind}-said`]: said.tone }}
    >
      {said.text}
    </p>
  );
}
