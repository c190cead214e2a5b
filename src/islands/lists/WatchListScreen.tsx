import { lazy, Suspense, useRef, useState } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import type { ListEntry, ListSummary } from '../../lib/api/wire/index.ts';
import { DEFAULT_SORT, queryWithTab, statusTab, tabFromQuery, tabStatus, withEntry, type Sort, type Tab } from '../../lib/lists/watch-list-page.ts';
import { Spinner } from '../shared/form-ui.tsx';
import type { View } from './EntryCard.tsx';
import { BackLink, Opening, Panel, PlusIcon, type UpdateLists, type WatchListNamespaces } from './list-parts.tsx';
import { ListTabs } from './ListTabs.tsx';
import type { ListControls } from './ListToolbar.tsx';
import { PrivacySwitch } from './PrivacySwitch.tsx';

type I18n = IslandMessages<WatchListNamespaces>;

// the owner's parts: loaded when first opened
const EntryEditor = lazy(() => import('./EntryEditor.tsx'));
const AddDramaDialog = lazy(() => import('./AddDramaDialog.tsx'));

export type Loaded =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'not-found' }
  | { state: 'private' }
  | { state: 'ready'; lists: ListSummary[] };

export interface ScreenProps {
  loaded: Loaded;
  /** the owner's powers (absent for anyone else) */
  owner?: { listsPrivate: boolean; update: UpdateLists };
  /** the member's username as shown */
  name: string;
  /** the username of the address (the profile link) */
  profile: string;
  retry(): void;
  i18n: I18n;
}

/**
 * The watch-list screen (spec 2 "Watch list page"): the back link, the heading with the private
 * badge, the owner's Add Drama and privacy switch, then what was loaded — a spinner, a failure with
 * Try Again, no such member, private lists, or the lists by tab (./ListTabs.tsx). The owner's Edit
 * and Add dialogs load when first opened, and give the focus back to what opened them.
 */
export function WatchListScreen({ loaded, owner, name, profile, retry, i18n }: ScreenProps) {
  const t = islandTranslator(i18n);
  const { locale } = i18n;
  const profileHref = localePath(locale, `/user/${encodeURIComponent(profile)}`);
  const [tab, setTab] = useState<Tab>(() => (typeof window === 'undefined' ? 'all' : tabFromQuery(window.location.search)));
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [view, setView] = useState<View>('grid');
  const controls: ListControls = { search, onSearch: setSearch, sort, onSort: setSort, view, onView: setView };
  const [editing, setEditing] = useState<ListEntry | null>(null);
  const [adding, setAdding] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  // the tab is kept in ?tab=, rewritten in place (no new history entry)
  const chooseTab = (next: Tab) => {
    setTab(next);
    const { pathname, search: query, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${queryWithTab(query, next)}${hash}`);
  };

  // the focus goes back to what opened a dialog: the same Edit when its card moved to another section
  const focusAfter = (fallback: HTMLElement | null) => {
    requestAnimationFrame(() => {
      const back = opener.current;
      opener.current = null;
      const edit = back?.dataset.edit;
      const target = back?.isConnected ? back : edit ? document.querySelector<HTMLElement>(`[data-edit="${edit}"]`) : null;
      (target ?? fallback ?? heading.current)?.focus();
    });
  };

  const openAdd = () => {
    opener.current = document.activeElement as HTMLElement | null;
    setAdding(true);
  };

  const onAdded = (entry: ListEntry) => {
    owner?.update((lists) => withEntry(lists, entry));
    setSearch('');
    const status = tabStatus(tab);
    if (status !== null && status !== entry.status) chooseTab(statusTab(entry.status));
    setAnnouncement(t('watchList.add.added', { title: entry.drama.title, status: t(`watchStatus.statuses.${entry.status}`) }));
  };

  return (
    <section className="container-page py-8" data-testid="watch-list">
      <a href={profileHref} className="inline-flex items-center gap-1 text-sm font-medium text-accent hover:text-accent-strong">
        <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 5l-5 5 5 5" />
        </svg>
        {t('watchList.backToProfile')}
      </a>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-fg focus:outline-none">
            {owner ? t('watchList.headingOwner') : t('watchList.headingVisitor', { username: name })}
          </h1>
          {owner?.listsPrivate && (
            <span className="rounded-full bg-surface-subtle px-2.5 py-0.5 text-xs font-semibold text-fg-soft" data-testid="private-badge">
              {t('watchList.private.badge')}
            </span>
          )}
        </div>
        {owner && (
          <button ref={addButton} type="button" onClick={openAdd} className="inline-flex items-center gap-2 rounded-lg bg-accent px-4 py-2 text-sm font-semibold text-accent-fg hover:bg-accent-strong">
            <PlusIcon />
            {t('watchList.addDrama')}
          </button>
        )}
      </div>
      {owner && <PrivacySwitch value={owner.listsPrivate} t={t} />}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <div className="mt-6">
        {loaded.state === 'loading' && <Spinner label={t('watchList.loading')} />}
        {loaded.state === 'failed' && (
          <Panel role="alert" title={t('watchList.loadFailed')}>
            <div className="mt-4 flex flex-wrap justify-center gap-3">
              <button type="button" onClick={retry} className="rounded-lg bg-accent px-4 py-2 text-sm font-semibold text-accent-fg hover:bg-accent-strong">
                {t('watchList.tryAgain')}
              </button>
              <BackLink href={profileHref} t={t} />
            </div>
          </Panel>
        )}
        {loaded.state === 'not-found' && (
          <Panel role="alert" title={t('watchList.userNotFound')}>
            <div className="mt-4">
              <BackLink href={profileHref} t={t} />
            </div>
          </Panel>
        )}
        {loaded.state === 'private' && (
          <Panel title={t('watchList.private.title', { username: name })} testId="private-lists">
            <p className="mt-2 text-fg-muted">{t('watchList.private.text', { username: name })}</p>
            <div className="mt-4">
              <BackLink href={profileHref} t={t} />
            </div>
          </Panel>
        )}
        {loaded.state === 'ready' && (
          <ListTabs
            lists={loaded.lists}
            tab={tab}
            onTab={chooseTab}
            {...controls}
            owner={!!owner}
            name={name}
            onEdit={
              owner
                ? (entry) => {
                    opener.current = document.activeElement as HTMLElement | null;
                    setEditing(entry);
                  }
                : undefined
            }
            onAdd={owner ? openAdd : undefined}
            i18n={i18n}
          />
        )}
      </div>

      {owner && editing && (
        <Suspense fallback={<Opening t={t} />}>
          <EntryEditor
            key={editing.drama_id}
            entry={editing}
            update={owner.update}
            onClose={() => {
              setEditing(null);
              focusAfter(null);
            }}
            i18n={i18n}
          />
        </Suspense>
      )}
      {owner && adding && loaded.state === 'ready' && (
        <Suspense fallback={<Opening t={t} />}>
          <AddDramaDialog
            lists={loaded.lists}
            defaultStatus={tabStatus(tab) ?? 'plan_to_watch'}
            onAdded={onAdded}
            onClose={() => {
              setAdding(false);
              focusAfter(addButton.current);
            }}
            i18n={i18n}
          />
        </Suspense>
      )}
    </section>
  );
}
