import { useId, useState } from 'react';
import { localePath, type Locale } from '../../i18n/locales.ts';
import { ApiClientError } from '../../lib/api/api-client.ts';
import { listHistory, listPublicHistory, revertHistoryEntry, type ReviewTarget } from '../../lib/api/operations/edit-review.ts';
import type { EditHistoryEntry } from '../../lib/api/wire/index.ts';
import { session } from '../shared/data-layer/session.ts';
import { Age, buttonClass, cardClass, ChangeList, EditorName, fieldLabel, historyPath, Pager, ReadView, SaidNotice, useFreshRead, withNodes, type ReviewWords } from './review-parts.tsx';

export const HISTORY_PAGE_SIZE = 10;

/**
 * A drama's or a person's edit history (issue 22 "Moderation area"; docs/decisions/038 "Review
 * screens"): the applied changes, the latest first, each with who wrote it, who applied it, how it
 * came (direct edit, a suggestion, a revert) and its diff; Revert for mods and admins (a 409 names
 * the fields changed since, by their labels in the page's language). Read by anyone; `signedIn` reads with the member's token (fresh).
 */
export default function HistoryList({
  target,
  id,
  t,
  locale,
  canRevert,
  signedIn,
}: {
  target: ReviewTarget;
  id: number;
  t: ReviewWords;
  locale: Locale;
  canRevert: boolean;
  signedIn: boolean;
}) {
  const [page, setPage] = useState(1);
  const [state, reload] = useFreshRead(
    () => (signedIn ? listHistory : listPublicHistory)(target, id, page, HISTORY_PAGE_SIZE),
    `${target}|${id}|${page}|${signedIn}`,
  );
  const [said, setSaid] = useState<{ tone: 'success' | 'danger'; text: string; entry: number } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const revert = async (entry: EditHistoryEntry) => {
    setBusy(entry.id);
    setSaid(null);
    try {
      await session.call(revertHistoryEntry(entry.id));
      setSaid({ tone: 'success', text: t('editReview.history.reverted'), entry: entry.id });
      setPage(1);
      reload();
    } catch (error) {
      setSaid({ tone: 'danger', text: revertFailure(error, t, locale), entry: entry.id });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div data-testid="edit-history">
      {said && <SaidNotice said={said} kind="revert" />}
      <ReadView state={state} reload={reload} empty={t('editReview.history.empty')} t={t}>
        {(data) => (
          <>
            <ol className="mt-4 flex flex-col gap-4">
              {data.items.map((entry) => (
                <li key={entry.id}>
                  <HistoryEntry entry={entry} t={t} locale={locale} canRevert={canRevert} busy={busy !== null} onRevert={() => void revert(entry)} />
                </li>
              ))}
            </ol>
            <Pager page={data.page} pages={data.pages} label={t('editReview.history.pages')} onPage={setPage} t={t} />
          </>
        )}
      </ReadView>
    </div>
  );
}

/**
 * What a refused revert says: an edit conflict (409 with `fields` and `reason`) names the fields by
 * their labels in the page's language; another refusal shows the server's English `detail` on an
 * English page only (docs/decisions/019); anything else, that it failed.
 */
function revertFailure(error: unknown, t: ReviewWords, locale: Locale): string {
  if (!(error instanceof ApiClientError)) return t('editReview.history.failed');
  const conflict = error.conflict;
  if (error.status === 409 && conflict) {
    const fields = conflict.fields.map((f) => fieldLabel(t, f)).join(', ');
    return t(conflict.reason === 'dates' ? 'editReview.history.conflictDates' : 'editReview.history.conflict', { fields });
  }
  if (error.status >= 400 && error.status < 500 && error.detail && locale === 'en') return t('editReview.history.refused', { detail: error.detail });
  return t('editReview.history.failed');
}

function HistoryEntry({
  entry,
  t,
  locale,
  canRevert,
  busy,
  onRevert,
}: {
  entry: EditHistoryEntry;
  t: ReviewWords;
  locale: Locale;
  canRevert: boolean;
  busy: boolean;
  onRevert: () => void;
}) {
  const headingId = useId();
  const source =
    entry.source === 'suggestion'
      ? t('editReview.history.source.suggestion', { id: String(entry.suggestion_id ?? '') })
      : entry.source === 'revert'
        ? t('editReview.history.source.revert', { id: String(entry.reverts_id ?? '') })
        : t('editReview.history.source.direct');
  const sameHand = entry.author && entry.applied_by && entry.author.id === entry.applied_by.id;
  return (
    <article className={cardClass} aria-labelledby={headingId} data-history-entry={entry.id} data-source={entry.source}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-bold text-fg">
            {t('editReview.history.change', { id: String(entry.id) })}
            <span className="ml-2 rounded-full bg-surface-subtle px-2 py-0.5 align-middle text-xs font-semibold text-fg-muted ring-1 ring-line">{source}</span>
          </h3>
          <p className="mt-1 text-sm text-fg-muted">
            {withNodes(t('editReview.history.writtenBy'), { name: <EditorName editor={entry.author} t={t} locale={locale} /> })}
            {!sameHand && (
              <>
                {', '}
                {withNodes(t('editReview.history.appliedBy'), { name: <EditorName editor={entry.applied_by} t={t} locale={locale} /> })}
              </>
            )}
            <span aria-hidden="true">{' · '}</span>
            <Age at={entry.created_at} locale={locale} />
          </p>
        </div>
        {canRevert && (
          <button
            type="button"
            className={buttonClass}
            disabled={busy}
            onClick={onRevert}
            aria-label={t('editReview.history.revertLabel', { id: String(entry.id) })}
            data-revert={entry.id}
          >
            {t('editReview.history.revert')}
          </button>
        )}
      </div>
      <div className="mt-3">
        <ChangeList changes={entry.changes} target={entry.target_type} t={t} />
      </div>
    </article>
  );
}

/**
 * The moderation area's History tab: a drama's or a person's history looked up by its id (a
 * suggestion's record also links to its history page).
 */
export function HistoryLookup({ t, locale }: { t: ReviewWords; locale: Locale }) {
  const ids = useId();
  const [target, setTarget] = useState<ReviewTarget>('drama');
  const [text, setText] = useState('');
  const [shown, setShown] = useState<{ target: ReviewTarget; id: number } | null>(null);
  const [invalid, setInvalid] = useState(false);
  const fieldClass =
    'rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-fg focus:border-accent focus:ring-2 focus:ring-accent-muted focus:outline-none';
  return (
    <section aria-labelledby={`${ids}-h`} data-testid="history-lookup">
      <h2 id={`${ids}-h`} className="text-xl font-bold tracking-tight text-fg">
        {t('editReview.history.title')}
      </h2>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const id = Number(text.trim());
          const ok = Number.isInteger(id) && id > 0;
          setInvalid(!ok);
          if (ok) setShown({ target, id });
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-kind`} className="text-sm font-semibold text-fg">
            {t('editReview.history.lookup.kind')}
          </label>
          <select id={`${ids}-kind`} value={target} onChange={(e) => setTarget(e.target.value as ReviewTarget)} className={fieldClass}>
            <option value="drama">{t('editReview.target.drama')}</option>
            <option value="person">{t('editReview.target.person')}</option>
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-id`} className="text-sm font-semibold text-fg">
            {t('editReview.history.lookup.id')}
          </label>
          <input
            id={`${ids}-id`}
            inputMode="numeric"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${ids}-err` : undefined}
            className={`${fieldClass} w-28`}
            data-history-id
          />
        </div>
        <button type="submit" className={buttonClass}>
          {t('editReview.history.lookup.show')}
        </button>
      </form>
      {invalid && (
        <p id={`${ids}-err`} className="mt-2 text-sm text-danger">
          {t('editReview.history.lookup.invalid')}
        </p>
      )}
      {shown && (
        <>
          <p className="mt-4 text-sm">
            <a href={localePath(locale, historyPath(shown.target, shown.id))} className="font-semibold text-accent hover:underline">
              {localePath(locale, historyPath(shown.target, shown.id))}
            </a>
          </p>
          <HistoryList key={`${shown.target}-${shown.id}`} target={shown.target} id={shown.id} t={t} locale={locale} canRevert signedIn />
        </>
      )}
    </section>
  );
}
