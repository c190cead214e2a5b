import { useStore } from '@nanostores/react';
import { computed } from 'nanostores';
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { formatNumber } from '../../i18n/format.ts';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import * as api from '../../lib/api/operations/lists.ts';
import * as profilesApi from '../../lib/api/operations/profiles.ts';
import type { CurrentUser, ListEntry, ListSummary } from '../../lib/api/wire/index.ts';
import {
  DEFAULT_SORT,
  groupSections,
  isOwner,
  queryWithTab,
  SORTS,
  statusTab,
  tabCounts,
  tabFromQuery,
  tabStatus,
  TABS,
  visibleEntries,
  withEntry,
  type Sort,
  type Tab,
} from '../../lib/lists/watch-list-page.ts';
import { $user } from '../accounts/auth-store.ts';
import { queries } from '../shared/data-layer/queries.ts';
import { session } from '../shared/data-layer/session.ts';
import { Spinner } from '../shared/form-ui.tsx';
import type { Words } from '../shared/words.tsx';
import { EntryCard, type View } from './EntryCard.tsx';
import { Opening, type UpdateLists, type WatchListNamespaces } from './list-parts.tsx';

export type { WatchListNamespaces };
type I18n = IslandMessages<WatchListNamespaces>;
type T = Words<WatchListNamespaces>;

// the owner's parts: loaded when first opened
const EntryEditor = lazy(() => import('./EntryEditor.tsx'));
const AddDramaDialog = lazy(() => import('./AddDramaDialog.tsx'));

export type Loaded =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'not-found' }
  | { state: 'private' }
  | { state: 'ready'; lists: ListSummary[] };

/** The lists of /user/{username}/lists: the signed-in member's own (GET /lists/me) or another member's. */
export function WatchList({ username, user, i18n }: { username: string; user: CurrentUser; i18n: I18n }) {
  return isOwner(username, user.username) ? <OwnLists user={user} username={username} i18n={i18n} /> : <OthersLists username={username} i18n={i18n} />;
}

function OwnLists({ user, username, i18n }: { user: CurrentUser; username: string; i18n: I18n }) {
  const [$lists] = useState(() => queries.read(api.getMyLists()));
  const answer = useStore($lists);
  const loaded: Loaded = answer.data ? { state: 'ready', lists: answer.data } : answer.error ? { state: 'failed' } : { state: 'loading' };
  const update: UpdateLists = (change) => {
    const now = $lists.get().data;
    if (now) void $lists.mutate(change(now));
  };
  return (
    <ListScreen
      loaded={loaded}
      owner={{ listsPrivate: user.lists_private, update }}
      name={user.username}
      profile={username}
      retry={() => void $lists.invalidate()}
      i18n={i18n}
    />
  );
}

function OthersLists({ username, i18n }: { username: string; i18n: I18n }) {
  const [stores] = useState(() => {
    const $profile = queries.read(profilesApi.getUserByUsername(username));
    const $lists = queries.read(computed($profile, (p) => (p.data ? api.getUserLists(p.data.id) : null)));
    return { $profile, $lists };
  });
  const profile = useStore(stores.$profile);
  const lists = useStore(stores.$lists);
  let loaded: Loaded = { state: 'loading' };
  // no such member (a name that cannot be a username is a 400)
  if (profile.error) loaded = profile.error.status === 404 || profile.error.status === 400 ? { state: 'not-found' } : { state: 'failed' };
  else if (lists.data) loaded = { state: 'ready', lists: lists.data };
  else if (lists.error) loaded = lists.error.status === 403 ? { state: 'private' } : { state: 'failed' };
  const retry = () => {
    void stores.$profile.invalidate();
    void stores.$lists.invalidate();
  };
  return <ListScreen loaded={loaded} name={profile.data?.username ?? username} profile={username} retry={retry} i18n={i18n} />;
}

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

export function ListScreen({ loaded, owner, name, profile, retry, i18n }: ScreenProps) {
  const t = islandTranslator(i18n);
  const { locale } = i18n;
  const profileHref = localePath(locale, `/user/${encodeURIComponent(profile)}`);
  const [tab, setTab] = useState<Tab>(() => (typeof window === 'undefined' ? 'all' : tabFromQuery(window.location.search)));
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [view, setView] = useState<View>('grid');
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
          <Lists
            lists={loaded.lists}
            tab={tab}
            onTab={chooseTab}
            search={search}
            onSearch={setSearch}
            sort={sort}
            onSort={setSort}
            view={view}
            onView={setView}
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

function PlusIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M10 4.5v11M4.5 10h11" />
    </svg>
  );
}

function BackLink({ href, t }: { href: string; t: T }) {
  return (
    <a href={href} className="inline-block rounded-lg px-4 py-2 text-sm font-semibold text-fg ring-1 ring-line-strong hover:bg-surface-subtle">
      {t('watchList.backToProfile')}
    </a>
  );
}

function Panel({ title, role, testId, children }: { title: string; role?: 'alert'; testId?: string; children?: ReactNode }) {
  return (
    <div role={role} data-testid={testId} className="rounded-xl border border-dashed border-line-strong bg-surface px-6 py-10 text-center">
      <p className="text-lg font-semibold text-fg">{title}</p>
      {children}
    </div>
  );
}

/** The owner's switch: their lists visible to them only (PUT /users/me {lists_private}). */
function PrivacySwitch({ value, t }: { value: boolean; t: T }) {
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const hint = useId();
  const press = async () => {
    if (pending) return;
    setPending(true);
    setFailed(false);
    try {
      const saved = await session.call(profilesApi.updateCurrentUser({ lists_private: !value }));
      $user.set(saved.user);
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
      <button
        type="button"
        role="switch"
        aria-checked={value}
        aria-describedby={hint}
        aria-busy={pending || undefined}
        onClick={() => void press()}
        className="group inline-flex items-center gap-2 rounded-lg py-1 text-sm font-medium text-fg"
      >
        <span aria-hidden="true" className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full ring-1 transition-colors ${value ? 'bg-accent ring-accent' : 'bg-surface-strong ring-line-strong'}`}>
          <span className={`inline-block size-5 rounded-full shadow-card transition-transform ${value ? 'translate-x-5 bg-surface' : 'translate-x-0.5 bg-fg-muted'}`} />
        </span>
        {t('watchList.private.switch')}
      </button>
      <span id={hint} className="text-sm text-fg-muted">
        {value ? t('watchList.private.hintOn') : t('watchList.private.hintOff')}
      </span>
      {failed && (
        <span role="alert" className="basis-full text-sm text-danger">
          {t('watchList.private.failed')}
        </span>
      )}
    </div>
  );
}

interface ListsProps {
  lists: ListSummary[];
  tab: Tab;
  onTab(tab: Tab): void;
  search: string;
  onSearch(search: string): void;
  sort: Sort;
  onSort(sort: Sort): void;
  view: View;
  onView(view: View): void;
  owner: boolean;
  name: string;
  onEdit?: (entry: ListEntry) => void;
  onAdd?: () => void;
  i18n: I18n;
}

/** The tab bar with counts, the search, sort and view, and what the tab shows. */
function Lists(props: ListsProps) {
  const { lists, tab, onTab, search, onSearch, sort, onSort, view, onView, owner, name, onEdit, onAdd, i18n } = props;
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

      <div id={`${ids}-panel`} role="tabpanel" aria-labelledby={`${ids}-tab-${tab}`} className="mt-6">
        {body}
      </div>
    </>
  );
}
