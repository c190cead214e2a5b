import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { formatNumber } from '../../i18n/format.ts';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import type { ListEntry, ListSummary } from '../../lib/api/wire/index.ts';
import { groupSections, tabCounts, TABS, visibleEntries, type Tab } from '../../lib/lists/watch-list-page.ts';
import { EntryCard } from './EntryCard.tsx';
import { ListToolbar, type ListControls } from './ListToolbar.tsx';
import { Panel, PlusIcon, type WatchListNamespaces } from './list-parts.tsx';

interface ListsProps extends ListControls {
  lists: ListSummary[];
  tab: Tab;
  onTab(tab: Tab): void;
  owner: boolean;
  name: string;
  onEdit?: (entry: ListEntry) => void;
  onAdd?: () => void;
  i18n: IslandMessages<WatchListNamespaces>;
}

/** The tab bar with counts, the search, sort and view (./ListToolbar.tsx), and what the tab shows: the cards by status section, or an empty state. */
export function ListTabs(props: ListsProps) {
  const { lists, tab, onTab, owner, name, onEdit, onAdd, i18n, ...controls } = props;
  const { search, onSearch, sort, view } = controls;
  const t = islandTranslator(i18n);
  const { locale } = i18n;
  const ids = useId();
  const tabsRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const counts = tabCounts(lists);
  const shown = visibleEntries(lists, tab, search, sort, locale);
  const searching = search.trim() !== '';

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = TABS.indexOf(tab);
    const to =
      event.key === 'ArrowRight' ? (at + 1) % TABS.length : event.key === 'ArrowLeft' ? (at - 1 + TABS.length) % TABS.length : event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : -1;
    if (to < 0) return;
    event.preventDefault();
    onTab(TABS[to]!);
    requestAnimationFrame(() => tabsRef.current?.querySelector<HTMLButtonElement>('[aria-selected="true"]')?.focus());
  };

  const grid = view === 'grid' ? 'grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6' : 'flex flex-col gap-3';
  const cards = (entries: ListEntry[]) => (
    <ul className={grid} data-view={view}>
      {entries.map((entry) => (
        <EntryCard key={entry.drama_id} entry={entry} view={view} onEdit={onEdit} locale={locale} t={t} />
      ))}
    </ul>
  );

  let body: ReactNode;
  if (shown.length === 0 && searching) {
    body = (
      <Panel title={t('watchList.empty.noMatch')} testId="empty-state">
        <p className="mt-2 text-fg-muted">{t('watchList.empty.noMatchText', { search: search.trim() })}</p>
        <button
          type="button"
          onClick={() => {
            onSearch('');
            searchRef.current?.focus();
          }}
          className="mt-4 rounded-lg px-4 py-2 text-sm font-semibold text-fg ring-1 ring-line-strong hover:bg-surface-subtle"
        >
          {t('watchList.empty.clearSearch')}
        </button>
      </Panel>
    );
  } else if (shown.length === 0) {
    body = (
      <Panel title={tab === 'all' ? t('watchList.empty.noneAll') : t('watchList.empty.noneTab')} testId="empty-state">
        <p className="mt-2 text-fg-muted">{owner ? t(`watchList.empty.owner.${tab}`) : t(`watchList.empty.visitor.${tab}`, { username: name })}</p>
        {onAdd && (
          <button type="button" onClick={onAdd} className="mt-4 inline-flex items-center gap-2 rounded-lg bg-accent px-4 py-2 text-sm font-semibold text-accent-fg hover:bg-accent-strong">
            <PlusIcon />
            {t('watchList.addDrama')}
          </button>
        )}
      </Panel>
    );
  } else if (tab === 'all') {
    body = (
      <div className="space-y-8">
        {groupSections(shown).map((section) => (
          <section key={section.status} aria-labelledby={`${ids}-${section.status}`} data-testid={`section-${section.status}`}>
            <h2 id={`${ids}-${section.status}`} className="mb-3 flex items-center gap-2 border-l-4 border-highlight pl-3 text-lg font-semibold text-fg">
              {t(`watchList.sections.${section.status}`)}{' '}
              <span className="rounded-full bg-surface-subtle px-2 py-0.5 text-xs font-semibold text-fg-soft">{formatNumber(locale, section.entries.length)}</span>
            </h2>
            {cards(section.entries)}
          </section>
        ))}
      </div>
    );
  } else {
    body = cards(shown);
  }

  return (
    <>
      <div ref={tabsRef} role="tablist" aria-label={t('watchList.tabsLabel')} onKeyDown={onTabKey} className="-mx-1 flex gap-1 overflow-x-auto border-b border-line px-1">
        {TABS.map((key) => {
          const selected = key === tab;
          return (
            <button
              key={key}
              id={`${ids}-tab-${key}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${ids}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onTab(key)}
              data-tab={key}
              className={`-mb-px inline-flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap ${
                selected ? 'border-accent text-accent' : 'border-transparent text-fg-muted hover:border-line-strong hover:text-fg'
              }`}
            >
              {t(`watchList.tabs.${key}`)}{' '}
              <span className={`rounded-full px-2 py-0.5 text-xs ${selected ? 'bg-accent-soft text-accent-strong' : 'bg-surface-subtle text-fg-soft'}`} data-testid="tab-count">
                {formatNumber(locale, counts[key])}
              </span>
            </button>
          );
        })}
      </div>

      <ListToolbar ids={ids} searchRef={searchRef} t={t} {...controls} />

      <div id={`${ids}-panel`} role="tabpanel" aria-labelledby={`${ids}-tab-${tab}`} className="mt-6">
        {body}
      </div>
    </>
  );
}
