import { useId, useState } from 'react';
import { localePath, type Locale } from '../../i18n/locales.ts';
import { ApiClientError } from '../../lib/api/api-client.ts';
import { listSuggestions, recordOfQueue, reviewSuggestion, type ReviewStatus } from '../../lib/api/operations/edit-review.ts';
import type { ReviewSuggestion } from '../../lib/api/wire/index.ts';
import { EDIT_LIMITS } from '../../lib/catalogue-editing/edit-fields.ts';
import { session } from '../shared/data-layer/session.ts';
import {
  Age,
  buttonClass,
  cardClass,
  ChangeList,
  EditorName,
  fieldLabel,
  historyPath,
  Pager,
  primaryButtonClass,
  ReadView,
  recordPath,
  SaidNotice,
  useFreshRead,
  withNodes,
  type ReviewWords,
} from './review-parts.tsx';

export const QUEUE_PAGE_SIZE = 10;
const STATUSES: ReviewStatus[] = ['pending', 'approved', 'rejected'];

/**
 * The moderation area's Suggestions tab (issue 22 "Moderation area"; docs/decisions/038 "Review
 * screens"): pending suggestions oldest first, each with the record, the author, the age, the source
 * note, a per-field diff and the conflicts explained; Approve or Reject with a note. A 409 says which
 * fields changed (conflict) or that someone reviewed it first. Approved / Rejected show past decisions.
 */
export default function SuggestionsQueue({ t, locale }: { t: ReviewWords; locale: Locale }) {
  const headingId = useId();
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [page, setPage] = useState(1);
  // one record's suggestions only, when the address names one (the pending-edits notice's Review link)
  const [record, setRecord] = useState(() => recordOfQueue(window.location.search));
  const [state, reload] = useFreshRead(
    () => listSuggestions(status, page, QUEUE_PAGE_SIZE, record),
    `${status}|${page}|${record?.target}|${record?.id}`,
  );
  const showAll = () => {
    const url = new URL(window.location.href);
    url.searchParams.delete('drama');
    url.searchParams.delete('person');
    window.history.replaceState(window.history.state, '', url);
    setRecord(null);
    setPage(1);
  };
  // what the last review said, kept above the list (the item itself may leave it)
  const [said, setSaid] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  const choose = (next: ReviewStatus) => {
    setStatus(next);
    setPage(1);
    setSaid(null);
  };

  return (
    <section aria-labelledby={headingId} data-testid="suggestions-queue">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-xl font-bold tracking-tight text-fg">
            {t('editReview.suggestions.title')}
          </h2>
          <p className="mt-1 text-sm text-fg-muted">{t('editReview.suggestions.intro')}</p>
        </div>
        <fieldset className="flex flex-wrap items-center gap-1.5">
          <legend className="sr-only">{t('editReview.suggestions.show')}</legend>
          {STATUSES.map((s) => (
            <label
              key={s}
              className={`cursor-pointer rounded-full px-3 py-1.5 text-sm font-semibold ring-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent ${
                status === s ? 'bg-accent text-accent-fg ring-accent' : 'text-fg ring-line-strong hover:bg-surface-subtle'
              }`}
            >
              <input type="radio" name={`${headingId}-status`} value={s} checked={status === s} onChange={() => choose(s)} className="sr-only" />
              {t(`editReview.status.${s}`)}
            </label>
          ))}
        </fieldset>
      </div>
      {record && (
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-fg-muted" data-record-filter>
          {t('editReview.suggestions.onlyRecord', { kind: t(`editReview.target.${record.target}`), id: String(record.id) })}
          <button type="button" className="font-semibold text-accent hover:underline" onClick={showAll}>
            {t('editReview.suggestions.showAll')}
          </button>
        </p>
      )}
      {said && <SaidNotice said={said} kind="review" />}
      <ReadView state={state} reload={reload} empty={t(`editReview.suggestions.empty.${status}`)} t={t}>
        {(data) => (
          <>
            <ul className="mt-4 flex flex-col gap-4">
              {data.items.map((s) => (
                <li key={s.id}>
                  <SuggestionCard
                    suggestion={s}
                    t={t}
                    locale={locale}
                    onReviewed={(text, tone) => {
                      setSaid({ text, tone });
                      // the last one of a later page gone: the page before
                      if (tone === 'success' && data.items.length === 1 && page > 1) setPage(page - 1);
                      else reload();
                    }}
                    onStale={reload}
                  />
                </li>
              ))}
            </ul>
            <Pager page={data.page} pages={data.pages} label={t('editReview.suggestions.pages')} onPage={setPage} t={t} />
          </>
        )}
      </ReadView>
    </section>
  );
}

/** A suggestion's head: the record (linking to it), its kind, the author and the age; its history. */
export function SuggestionHead({ suggestion: s, t, locale }: { suggestion: ReviewSuggestion; t: ReviewWords; locale: Locale }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
      <div className="min-w-0">
        <h3 className="text-base font-bold text-fg">
          <span className="mr-2 rounded-full bg-surface-subtle px-2 py-0.5 align-middle text-xs font-semibold text-fg-muted ring-1 ring-line">
            {t(`editReview.target.${s.target_type}`)}
          </span>
          <a href={localePath(locale, recordPath(s.target_type, s.target_id))} className="wrap-anywhere hover:text-accent hover:underline" data-record-link>
            {s.target_title}
          </a>
        </h3>
        <p className="mt-1 text-sm text-fg-muted">
          {withNodes(t('editReview.item.by'), { name: <EditorName editor={s.author} t={t} locale={locale} /> })}
          <span aria-hidden="true">{' · '}</span>
          {withNodes(t('editReview.item.suggested'), { age: <Age at={s.created_at} locale={locale} /> })}
        </p>
      </div>
      <a href={localePath(locale, historyPath(s.target_type, s.target_id))} className="text-sm font-semibold text-accent hover:underline" data-history-link>
        {t('editReview.item.history')}
      </a>
    </div>
  );
}

function SourceNote({ note, t }: { note: string | null; t: ReviewWords }) {
  return (
    <p className="mt-3 text-sm" data-source-note>
      <span className="font-semibold text-fg">{t('editReview.item.sourceNote')}: </span>
      {note ? <span className="whitespace-pre-wrap wrap-anywhere text-fg-soft">{note}</span> : <span className="text-fg-muted italic">{t('editReview.item.noSource')}</span>}
    </p>
  );
}

/** The decision of a reviewed suggestion: who, when, and the note. */
export function Decision({ suggestion: s, t, locale }: { suggestion: ReviewSuggestion; t: ReviewWords; locale: Locale }) {
  if (s.status === 'pending') return null;
  const tone = s.status === 'approved' ? 'text-success' : 'text-danger';
  return (
    <div className="mt-3 text-sm" data-decision={s.status}>
      <p className={`font-semibold ${tone}`}>
        {withNodes(t('editReview.item.reviewedBy', { status: t(`editReview.status.${s.status}`) }), {
          name: <EditorName editor={s.reviewed_by} t={t} locale={locale} />,
          age: s.reviewed_at ? <Age at={s.reviewed_at} locale={locale} /> : '',
        })}
      </p>
      {s.note && (
        <p className="mt-1 rounded-lg border border-line bg-surface-subtle px-3 py-2" data-review-note>
          <span className="font-semibold text-fg">{t('editReview.item.reviewerNote')}: </span>
          <span className="whitespace-pre-wrap wrap-anywhere text-fg-soft">{s.note}</span>
        </p>
      )}
    </div>
  );
}

function SuggestionCard({
  suggestion: s,
  t,
  locale,
  onReviewed,
  onStale,
}: {
  suggestion: ReviewSuggestion;
  t: ReviewWords;
  locale: Locale;
  onReviewed: (text: string, tone: 'success' | 'danger') => void;
  /** the list is out of date (a 409 conflict): read it again, this card keeps its message */
  onStale: () => void;
}) {
  const ids = useId();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const conflicts = s.conflicts ?? [];
  const fieldsText = (fields: string[]) => fields.map((f) => fieldLabel(t, f)).join(', ');

  const review = async (approved: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      await session.call(reviewSuggestion(s.id, approved, note.trim() || undefined));
      onReviewed(approved ? t('editReview.review.approved') : t('editReview.review.rejected'), 'success');
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 409) {
        // an edit conflict names its fields and why (the answer's `fields` and `reason`), said here
        // in the page's language; any other 409 is a suggestion someone reviewed first
        const conflict = error.conflict;
        if (conflict) {
          const key = conflict.reason === 'locked' ? 'conflictLocked' : conflict.reason === 'dates' ? 'conflictDates' : 'conflict';
          setProblem(t(`editReview.review.${key}`, { fields: fieldsText(conflict.fields) }));
          onStale();
        } else onReviewed(t('editReview.review.alreadyReviewed'), 'danger');
      } else if (error instanceof ApiClientError && error.status >= 400 && error.status < 500 && error.detail && locale === 'en') {
        // the server's words are English: shown on an English page only (docs/decisions/019)
        setProblem(t('editReview.review.refused', { detail: error.detail }));
      } else {
        setProblem(t('editReview.review.failed'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className={cardClass} data-suggestion={s.id} aria-labelledby={`${ids}-h`}>
      <div id={`${ids}-h`}>
        <SuggestionHead suggestion={s} t={t} locale={locale} />
      </div>
      <SourceNote note={s.source_note} t={t} />
      <h4 className="sr-only">{t('editReview.item.changes')}</h4>
      <div className="mt-3">
        <ChangeList changes={s.changes} target={s.target_type} t={t} />
      </div>
      {conflicts.length > 0 && (
        <div className="mt-3 rounded-lg border border-highlight-muted bg-highlight-soft px-3 py-2 text-sm text-fg" data-conflicts={conflicts.join(',')}>
          <p className="font-semibold">{t('editReview.conflict.title', { fields: fieldsText(conflicts) })}</p>
          <p className="mt-0.5 text-fg-soft">{t('editReview.conflict.explain')}</p>
        </div>
      )}
      {s.status === 'pending' ? (
        <div className="mt-4">
          <label htmlFor={`${ids}-note`} className="text-sm font-semibold text-fg">
            {t('editReview.review.note')}
          </label>
          <textarea
            id={`${ids}-note`}
            rows={2}
            maxLength={EDIT_LIMITS.note}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            className="mt-1 block w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-fg placeholder:text-fg-faint focus:border-accent focus:ring-2 focus:ring-accent-muted focus:outline-none"
            data-review-note-input
          />
          {problem && (
            <p role="alert" className="mt-2 rounded-lg border border-danger-muted bg-danger-soft px-3 py-2 text-sm text-danger" data-review-problem>
              {problem}
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className={primaryButtonClass} disabled={busy || conflicts.length > 0} onClick={() => void review(true)} data-approve>
              {t('editReview.review.approve')}
            </button>
            <button type="button" className={buttonClass} disabled={busy} onClick={() => void review(false)} data-reject>
              {t('editReview.review.reject')}
            </button>
          </div>
        </div>
      ) : (
        <Decision suggestion={s} t={t} locale={locale} />
      )}
    </article>
  );
}
