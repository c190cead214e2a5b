import type { ReactNode } from 'react';
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

export function PlusIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M10 4.5v11M4.5 10h11" />
    </svg>
  );
}

export function BackLink({ href, t }: { href: string; t: Words<'watchList'> }) {
  return (
    <a href={href} className="inline-block rounded-lg px-4 py-2 text-sm font-semibold text-fg ring-1 ring-line-strong hover:bg-surface-subtle">
      {t('watchList.backToProfile')}
    </a>
  );
}

export function Panel({ title, role, testId, children }: { title: string; role?: 'alert'; testId?: string; children?: ReactNode }) {
  return (
    <div role={role} data-testid={testId} className="rounded-xl border border-dashed border-line-strong bg-surface px-6 py-10 text-center">
      <p className="text-lg font-semibold text-fg">{title}</p>
      {children}
    </div>
  );
}
