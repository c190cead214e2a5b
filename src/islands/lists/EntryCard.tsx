import { formatDate } from '../../i18n/format.ts';
import type { IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import type { ListEntry, ListStatus } from '../../lib/api/wire/index.ts';
import { truncateTitle } from '../../lib/dramas/drama-card.ts';
import { cardFromEntry, progressPercent } from '../../lib/lists/watch-list-page.ts';
import { PosterImage } from '../shared/DramaCard.tsx';
import { withNode, type Words } from '../shared/words.tsx';
import type { WatchListNamespaces } from './list-parts.tsx';

export type View = 'grid' | 'list';

/** each status's badge (tokens, both themes) */
const BADGE: Record<ListStatus, string> = {
  watching: 'bg-info-soft text-info',
  completed: 'bg-success-soft text-success',
  dropped: 'bg-danger-soft text-danger',
  plan_to_watch: 'bg-surface-subtle text-fg-soft',
};

interface EntryCardProps {
  entry: ListEntry;
  view: View;
  /** the owner's Edit (absent for a visitor): opens the watch-status dialog in place */
  onEdit?: (entry: ListEntry) => void;
  /** shown under the card while its dialog opens (the editor's own state) */
  editor?: React.ReactNode;
  locale: IslandMessages<WatchListNamespaces>['locale'];
  t: Words<WatchListNamespaces>;
}

/**
 * One entry of a watch list (spec 2 "Watch list page"): the poster (the drama card's image rules),
 * the title linking to the drama, the status, score, episodes watched with a bar (progress over the
 * drama's episodes, capped at 100%), notes; the owner's Edit. A grid card or a list row.
 */
export function EntryCard({ entry, view, onEdit, editor, locale, t }: EntryCardProps) {
  const drama = cardFromEntry(entry.drama);
  const href = localePath(locale, `/drama/${drama.id}`);
  const title = truncateTitle(drama.title);
  const percent = progressPercent(entry.progress, drama.episodes);
  const progressText =
    entry.progress == null
      ? t('watchList.entry.noProgress')
      : drama.episodes != null
        ? t('watchList.entry.progress', { progress: entry.progress, count: drama.episodes })
        : t('watchList.entry.progressUnknown', { progress: entry.progress, count: entry.progress });
  const badge = (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[entry.status]}`} data-testid="entry-status">
      {t(`watchStatus.statuses.${entry.status}`)}
    </span>
  );
  const score = (
    <span className="text-sm text-fg-soft" data-testid="entry-score">
      {entry.score != null ? t('watchList.entry.score', { score: entry.score }) : t('watchList.entry.noScore')}
    </span>
  );
  const progress = (
    <div>
      <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-surface-strong">
        <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-fg-muted" data-testid="entry-progress">
        <span className="sr-only">{t('watchList.entry.progressLabel')}: </span>
        {progressText}
      </p>
    </div>
  );
  const notes = entry.notes ? (
    <p className="line-clamp-2 text-xs text-fg-muted" title={entry.notes} data-testid="entry-notes">
      <span className="sr-only">{t('watchList.entry.notes')}: </span>
      {entry.notes}
    </p>
  ) : null;
  const edit = onEdit ? (
    <button
      type="button"
      data-edit={entry.drama_id}
      aria-label={t('watchList.entry.editLabel', { title: drama.title })}
      onClick={() => onEdit(entry)}
      className="inline-flex items-center gap-1.5 self-start rounded-lg px-2.5 py-1.5 text-sm font-semibold text-accent ring-1 ring-accent-muted hover:bg-accent-soft"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" width="14" height="14" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d="M13.5 3.5l3 3L7 16H4v-3z" />
      </svg>
      {t('watchList.entry.edit')}
    </button>
  ) : null;
  const added = formatDate(locale, entry.created_at, 'medium');
  const titleLink = (
    <a href={href} className="font-semibold text-fg hover:text-accent" title={title === drama.title ? undefined : drama.title}>
      {title}
    </a>
  );

  if (view === 'list') {
    return (
      <li className="flex gap-4 rounded-xl border border-line bg-surface p-3 shadow-card" data-testid="list-entry" data-drama={entry.drama_id}>
        <a href={href} tabIndex={-1} aria-hidden="true" className="relative h-24 w-16 shrink-0 overflow-hidden rounded-md bg-surface-strong">
          <PosterImage drama={drama} t={t} small />
        </a>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h3 className="min-w-0 text-base leading-6">{titleLink}</h3>
            {badge}
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            {score}
            <span className="text-xs text-fg-muted">{withNode(t('watchList.entry.added'), 'date', <time dateTime={entry.created_at}>{added}</time>)}</span>
          </div>
          <div className="max-w-sm">{progress}</div>
          {notes}
          {editor}
        </div>
        {edit && <div className="shrink-0">{edit}</div>}
      </li>
    );
  }

  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-card" data-testid="list-entry" data-drama={entry.drama_id}>
      <a href={href} tabIndex={-1} aria-hidden="true" className="group relative block aspect-[2/3] overflow-hidden bg-surface-strong">
        <PosterImage drama={drama} t={t} />
      </a>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <h3 className="line-clamp-2 text-sm leading-5">{titleLink}</h3>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {badge}
          {score}
        </div>
        {progress}
        {notes}
        {edit && <div className="mt-auto pt-1">{edit}</div>}
        {editor}
      </div>
    </li>
  );
}
