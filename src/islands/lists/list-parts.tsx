import type { ListSummary } from '../../lib/api/wire/index.ts';
import type { Words } from '../shared/words.tsx';

/** The namespaces the watch-list page hands its island: its own, the watch-status dialog's, the card's, the guard's. */
export type WatchListNamespaces = 'watchList' | 'watchStatus' | 'dramaCard' | 'islandsShared';

/** Changes the lists shown (a saved or removed entry): the page's cached answer follows. */
export type UpdateLists = (change: (lists: ListSummary[]) => ListSummary[]) => void;

/** 'Opening…' while an owner's dialog loads or reads its entry. */
export function Opening({ t }: { t: Words<'watchList'> }) {
  return (
    <p role="status" className="fixed bottom-6 left-1/2 z-40 -translate-x-1/2 rounded-lg bg-surface px-4 py-2 text-sm text-fg shadow-card ring-1 ring-line">
      {t('watchList.entry.opening')}
    </p>
  );
}
