import type { RefObject } from 'react';
import { SORTS, type Sort } from '../../lib/lists/watch-list-page.ts';
import type { Words } from '../shared/words.tsx';
import type { View } from './EntryCard.tsx';
import type { WatchListNamespaces } from './list-parts.tsx';

/** What the toolbar shows and changes (the screen keeps it: it outlives a tab's change). */
export interface ListControls {
  search: string;
  onSearch(search: string): void;
  sort: Sort;
  onSort(sort: Sort): void;
  view: View;
  onView(view: View): void;
}

interface ToolbarProps extends ListControls {
  /** the id prefix of the lists' controls */
  ids: string;
  searchRef: RefObject<HTMLInputElement | null>;
  t: Words<WatchListNamespaces>;
}

/** The lists' search box, sort menu and grid / list view switch. */
export function ListToolbar({ ids, searchRef, search, onSearch, sort, onSort, view, onView, t }: ToolbarProps) {
  return (
    <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative min-w-0 flex-1">
        <label htmlFor={`${ids}-search`} className="sr-only">
          {t('watchList.searchLabel')}
        </label>
        <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
          <circle cx="9" cy="9" r="5.5" />
          <path d="M13 13l3.5 3.5" />
        </svg>
        <input
          ref={searchRef}
          id={`${ids}-search`}
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={t('watchList.search')}
          className="w-full rounded-lg border border-line-strong bg-surface py-2 pr-3 pl-9 text-fg placeholder:text-fg-muted focus:border-accent focus:ring-2 focus:ring-accent-muted focus:outline-none"
        />
      </div>
      <div className="flex items-center gap-3">
        <label htmlFor={`${ids}-sort`} className="text-sm font-medium whitespace-nowrap text-fg-soft">
          {t('watchList.sortLabel')}
        </label>
        <select
          id={`${ids}-sort`}
          value={sort}
          onChange={(e) => onSort(e.target.value as Sort)}
          className="min-w-0 flex-1 rounded-lg border border-line-strong bg-surface px-3 py-2 text-fg focus:border-accent focus:ring-2 focus:ring-accent-muted focus:outline-none sm:flex-none"
        >
          {SORTS.map((key) => (
            <option key={key} value={key}>
              {t(`watchList.sorts.${key}`)}
            </option>
          ))}
        </select>
        <div role="group" aria-label={t('watchList.view.label')} className="flex shrink-0 rounded-lg ring-1 ring-line-strong">
          {(['grid', 'list'] as const).map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={view === key}
              aria-label={t(`watchList.view.${key}`)}
              title={t(`watchList.view.${key}`)}
              onClick={() => onView(key)}
              className={`inline-flex size-10 items-center justify-center first:rounded-l-lg last:rounded-r-lg ${view === key ? 'bg-accent-soft text-accent-strong' : 'text-fg-muted hover:bg-surface-subtle'}`}
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18" className="size-[18px]" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
                {key === 'grid' ? (
                  <path d="M4 4h4.5v4.5H4zM11.5 4H16v4.5h-4.5zM4 11.5h4.5V16H4zM11.5 11.5H16V16h-4.5z" />
                ) : (
                  <path d="M4 5h12M4 10h12M4 15h12" />
                )}
              </svg>
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
