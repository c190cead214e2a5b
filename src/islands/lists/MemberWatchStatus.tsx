import { useStore } from '@nanostores/react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { IslandMessages } from '../../i18n/island.ts';
import type { ListEntryDetail, ListStatus } from '../../lib/api/wire/index.ts';
import { STATUSES } from '../../lib/lists/watch-entry.ts';
import { $token } from '../shared/data-layer/session.ts';
import type { Words } from '../shared/words.tsx';
import { createWatchStatus } from './watch-status.ts';
import { WatchStatusDialog } from './WatchStatusDialog.tsx';
import DramaEditTools from '../editing/DramaEditTools.tsx';

/** The props of the drama page's island (WatchStatus, which loads this part lazily and imports this type only). */
export interface WatchStatusProps {
  dramaId: number;
  title: string;
  /** the drama's episodes as the page was rendered (the entry's own count, when read, is newer) */
  episodes: number | null;
  i18n: IslandMessages<'watchStatus'>;
  /**
   * the drama page's edit controls' words (spec 1 §2.6, spec 2 §2): the members' Edit link and the
   * staff's Edit Drama dialog ride in this members' chunk, so a visitor's page loads none of them
   */
  edit?: { i18n: IslandMessages<'editDialog'> };
}

/** What the member part gets: the island's props and its translator. */
export type MemberWatchStatusProps = WatchStatusProps & { t: Words<'watchStatus'> };

/**
 * A member's watch-status control (spec 2 "Watch-status dialog"), loaded by WatchStatus when a
 * token is stored: the entry read with the member's token; a button that reads 'Add to List' with
 * no entry, else the status label, and opens a menu of the four statuses; choosing one (the current
 * one too: that edits the entry) opens the dialog, prefilled from the entry, with that status.
 * The dialog closes back to this button. Signed out on the page, it hides once no dialog is open.
 */
export default function MemberWatchStatus(props: MemberWatchStatusProps) {
  return (
    <>
      <WatchStatusControl {...props} />
      {props.edit && <DramaEditTools dramaId={props.dramaId} title={props.title} i18n={props.edit.i18n} />}
    </>
  );
}

function WatchStatusControl({ dramaId, title, episodes: renderedEpisodes, i18n, t }: MemberWatchStatusProps) {
  const [watch] = useState(() =>
    createWatchStatus(dramaId, { failed: t('watchStatus.problems.updateFailed'), signedOut: t('watchStatus.problems.signedOut') }),
  );
  const entry = useStore(watch.$entry);
  const write = useStore(watch.$write);
  const token = useStore($token);
  const [menuOpen, setMenuOpen] = useState(false);
  /** the status chosen: the dialog is open */
  const [chosen, setChosen] = useState<ListStatus | null>(null);
  const control = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const current = entry.state === 'ready' ? entry.entry : null;
  // the entry's count is read now; the page's may be from an older build
  const episodes = current ? current.drama.episodes : renderedEpisodes;

  const items = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]') ?? [])];
  /** which item takes the focus when the menu opens */
  const focusOnOpen = useRef<'checked' | 'first' | 'last'>('checked');
  const openMenu = (focus: 'checked' | 'first' | 'last' = 'checked') => {
    focusOnOpen.current = focus;
    setMenuOpen(true);
  };
  // before the next key press is handled (a discrete event's update is rendered at once)
  useLayoutEffect(() => {
    if (!menuOpen) return;
    const all = items();
    const focus = focusOnOpen.current;
    const target = focus === 'last' ? all.at(-1) : focus === 'first' ? all[0] : (all.find((b) => b.getAttribute('aria-checked') === 'true') ?? all[0]);
    target?.focus();
  }, [menuOpen]);
  const closeMenu = (refocus: boolean) => {
    setMenuOpen(false);
    if (refocus) control.current?.focus();
  };

  // a press outside the menu closes it
  useEffect(() => {
    if (!menuOpen) return;
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !control.current?.contains(target)) setMenuOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [menuOpen]);

  const onControlKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      closeMenu(true);
    } else if (event.key === 'Tab') setMenuOpen(false);
  };

  const choose = (status: ListStatus) => {
    setMenuOpen(false);
    watch.clearFailure();
    setChosen(status);
  };

  const closeDialog = () => {
    setChosen(null);
    watch.clearFailure();
    control.current?.focus();
  };

  // signed out on this page: the control is for members only (an open dialog stays, to say so)
  if (!token && chosen === null) return null;
  // the control's place while the entry is read (as the wrapper keeps it while this part loads)
  if (entry.state === 'loading') return <div aria-hidden="true" className="skeleton mt-5 h-10 w-40" />;

  return (
    <div className="mt-5" data-testid="watch-status">
      {entry.state === 'failed' ? (
        <p role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-danger-muted bg-danger-soft px-3 py-2 text-sm text-danger">
          <span>{t('watchStatus.control.fetchFailed')}</span>
          <button type="button" onClick={watch.retry} className="font-semibold underline underline-offset-2">
            {t('watchStatus.control.tryAgain')}
          </button>
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <div className="relative">
            <button
              ref={control}
              type="button"
              aria-haspopup="menu"
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? menuId : undefined}
              onClick={() => (menuOpen ? closeMenu(false) : openMenu())}
              onKeyDown={onControlKey}
              data-testid="watch-status-control"
              className={`inline-flex h-10 items-center gap-2 rounded-lg px-4 text-sm font-semibold ring-1 transition-colors ${
                current ? 'bg-accent-soft text-accent-strong ring-accent-muted hover:bg-accent-muted' : 'bg-accent text-accent-fg ring-accent hover:bg-accent-strong'
              }`}
            >
              <ControlIcon added={current !== null} />
              {current ? t(`watchStatus.statuses.${current.status}`) : t('watchStatus.control.addToList')}
              <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className={`size-4 transition-transform ${menuOpen ? 'rotate-180' : ''}`}>
                <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
            {menuOpen && (
              <div
                ref={menu}
                id={menuId}
                role="menu"
                aria-label={t('watchStatus.control.menu', { title })}
                onKeyDown={onMenuKey}
                className="absolute left-0 z-30 mt-2 w-48 min-w-full rounded-lg bg-surface p-1 shadow-card ring-1 ring-line"
              >
                {STATUSES.map((status) => {
                  const checked = current?.status === status;
                  return (
                    <button
                      key={status}
                      type="button"
                      role="menuitemradio"
                      aria-checked={checked}
                      tabIndex={-1}
                      onClick={() => choose(status)}
                      className="flex w-full items-center justify-between gap-3 rounded-md px-3 py-2 text-left text-sm text-fg hover:bg-surface-subtle focus:bg-surface-subtle"
                    >
                      <span>{t(`watchStatus.statuses.${status}`)}</span>
                      {checked && (
                        <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className="size-4 text-accent">
                          <path d="M4.5 10.5l3.5 3.5 7.5-8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                        </svg>
                      )}
                    </button>
                  );
                })}
              </div>
            )}
          </div>
          {current && <EntrySummary entry={current} episodes={episodes} t={t} />}
        </div>
      )}
      {chosen !== null && (
        <WatchStatusDialog
          title={title}
          status={chosen}
          entry={current}
          episodes={episodes}
          write={write}
          onSave={watch.save}
          onRemove={watch.remove}
          onRewatch={watch.rewatch}
          onEdit={watch.clearFailure}
          onClose={closeDialog}
          locale={i18n.locale}
          t={t}
        />
      )}
    </div>
  );
}

function ControlIcon({ added }: { added: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18" className="size-[18px]">
      {added ? (
        <path d="M4.5 10.5l3.5 3.5 7.5-8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <path d="M10 4.5v11M4.5 10h11" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );
}

/** Episodes watched and score beside the control: '3/16 episodes · Score 8'. */
function EntrySummary({ entry, episodes, t }: { entry: ListEntryDetail; episodes: number | null; t: Words<'watchStatus'> }) {
  const parts: string[] = [];
  if (entry.progress != null) {
    parts.push(
      episodes != null
        ? t('watchStatus.control.progress', { progress: entry.progress, count: episodes })
        : t('watchStatus.control.progressUnknown', { progress: entry.progress, count: entry.progress }),
    );
  }
  if (entry.score != null) parts.push(t('watchStatus.control.score', { score: entry.score }));
  if (parts.length === 0) return null;
  return (
    <p data-testid="watch-status-summary" className="text-sm text-fg-muted">
      {parts.join(' · ')}
    </p>
  );
}

// The watch-list page's owner parts (EntryEditor, AddDramaDialog) take the dialog, the entry state
// and the entry rules through this module: so they stay in this chunk, and the drama page's wrapper
// still names one chunk to load for them rather than one per shared module (decision 023).
export { WatchStatusDialog } from './WatchStatusDialog.tsx';
export { createWatchStatus } from './watch-status.ts';
export { entryForm, entrySave } from '../../lib/lists/watch-entry.ts';
export { saveListStatus } from '../../lib/api/operations/lists.ts';
