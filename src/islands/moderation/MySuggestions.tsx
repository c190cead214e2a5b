import { useId, useState } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { listMySuggestions } from '../../lib/api/operations/edit-review.ts';
import { AuthGuard } from '../accounts/AuthGuard.tsx';
import { cardClass, ChangeList, Pager, ReadView, useFreshRead, type ReviewWords } from './review-parts.tsx';
import { Decision, SuggestionHead } from './SuggestionsQueue.tsx';
import type { Locale } from '../../i18n/locales.ts';

export const MINE_PAGE_SIZE = 10;

/**
 * /profile/suggestions (docs/decisions/038 "Review screens"), signed in: the member's own edit
 * suggestions, the latest first, each with its record, its diff, its state and the reviewer's note.
 * Linked from the avatar menu (private to the member, like the edit-profile screen).
 */
export default function MySuggestionsPage({ i18n }: { i18n: IslandMessages<'editReview' | 'islandsShared'> }) {
  const t = islandTranslator(i18n);
  return <AuthGuard i18n={i18n}>{(user) => <MySuggestions key={user.id} t={t} locale={i18n.locale} />}</AuthGuard>;
}

function MySuggestions({ t, locale }: { t: ReviewWords; locale: Locale }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const [state, reload] = useFreshRead(() => listMySuggestions(page, MINE_PAGE_SIZE), String(page));
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-3xl" data-testid="my-suggestions">
      <h1 id={headingId} className="font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">
        {t('editReview.mine.title')}
      </h1>
      <p className="mt-1 text-fg-muted">{t('editReview.mine.intro')}</p>
      <ReadView state={state} reload={reload} empty={t('editReview.mine.empty')} t={t}>
        {(data) => (
          <>
            <ul className="mt-5 flex flex-col gap-4">
              {data.items.map((s) => (
                <li key={s.id}>
                  <article className={cardClass} data-my-suggestion={s.id} data-status={s.status}>
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div className="min-w-0 flex-1">
                        <SuggestionHead suggestion={s} t={t} locale={locale} />
                      </div>
                    </div>
                    <p className="mt-2">
                      <span
                        className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                          s.status === 'approved' ? 'bg-success-soft text-success' : s.status === 'rejected' ? 'bg-danger-soft text-danger' : 'bg-surface-subtle text-fg ring-1 ring-line-strong'
                        }`}
                        data-state
                      >
                        {t(`editReview.status.${s.status}`)}
                      </span>
                    </p>
                    <div className="mt-3">
                      <ChangeList changes={s.changes} target={s.target_type} t={t} />
                    </div>
                    <Decision suggestion={s} t={t} locale={locale} />
                  </article>
                </li>
              ))}
            </ul>
            <Pager page={data.page} pages={data.pages} label={t('editReview.mine.pages')} onPage={setPage} t={t} />
          </>
        )}
      </ReadView>
    </section>
  );
}
