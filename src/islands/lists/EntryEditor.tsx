import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import type { ListEntry } from '../../lib/api/wire/index.ts';
import { withEntry, withoutEntry } from '../../lib/lists/watch-list-page.ts';
import { createWatchStatus, WatchStatusDialog } from './MemberWatchStatus.tsx';
import { Opening, type UpdateLists, type WatchListNamespaces } from './list-parts.tsx';

/**
 * The owner's edit in place of one entry of the watch list: the drama page's watch-status dialog
 * (score, episodes, notes, dates, history, rewatch, removal) over the same entry state
 * (createWatchStatus: the entry with its history is read, then each write), and the lists follow
 * each answer — a status change moves the card, a removal takes it off. Loaded when first opened.
 */
export default function EntryEditor({ entry: listed, update, onClose, i18n }: { entry: ListEntry; update: UpdateLists; onClose(): void; i18n: IslandMessages<WatchListNamespaces> }) {
  const t = islandTranslator(i18n);
  const dramaId = listed.drama_id;
  const [watch] = useState(() =>
    createWatchStatus(dramaId, { failed: t('watchStatus.problems.updateFailed'), signedOut: t('watchStatus.problems.signedOut') }),
  );
  const state = useStore(watch.$entry);
  const write = useStore(watch.$write);

  // every answer (the read, a save, a rewatch, a removal) puts the entry in the lists
  useEffect(
    () =>
      watch.$entry.subscribe((now) => {
        if (now.state !== 'ready') return;
        const answer = now.entry;
        update((lists) => (answer ? withEntry(lists, answer) : withoutEntry(lists, dramaId)));
      }),
    [],
  );

  if (state.state === 'loading') return <Opening t={t} />;
  if (state.state === 'failed') {
    return (
      <p role="alert" className="fixed bottom-6 left-1/2 z-40 flex -translate-x-1/2 flex-wrap items-center gap-3 rounded-lg border border-danger-muted bg-danger-soft px-4 py-2 text-sm text-danger shadow-card">
        <span>{t('watchList.entry.openFailed')}</span>
        <button type="button" onClick={watch.retry} className="font-semibold underline underline-offset-2">
          {t('watchList.tryAgain')}
        </button>
        <button type="button" onClick={onClose} className="font-semibold underline underline-offset-2">
          {t('watchList.add.close')}
        </button>
      </p>
    );
  }
  const entry = state.entry;
  return (
    <WatchStatusDialog
      title={listed.drama.title}
      status={entry?.status ?? listed.status}
      entry={entry}
      episodes={entry?.drama.episodes ?? listed.drama.episodes}
      write={write}
      onSave={watch.save}
      onRemove={watch.remove}
      onRewatch={watch.rewatch}
      onEdit={watch.clearFailure}
      onClose={onClose}
      locale={i18n.locale}
      t={t}
    />
  );
}
