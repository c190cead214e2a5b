import { useEffect, useId, useRef, useState } from 'react';
import { listDramas } from '../../lib/api/operations/dramas.ts';
import { listPeople } from '../../lib/api/operations/people.ts';
import { cardFromWire, formatYear } from '../../lib/dramas/drama-card.ts';
import { initialsAvatar } from '../../lib/users/user-display.ts';
import { useRead } from '../shared/data-layer/use-read.ts';
import { PosterImage } from '../shared/DramaCard.tsx';
import type { Words } from '../shared/words.tsx';
import type { FavouriteKind } from './OwnerFavourites.tsx';

const SEARCH_PAUSE_MS = 300;
/** spec 2 §9: search dialogs show 10 results */
const RESULTS = 10;

const fieldClass =
  'block w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-fg placeholder:text-fg-muted focus:border-accent focus:ring-2 focus:ring-accent-muted focus:outline-none';

interface Props {
  kind: FavouriteKind;
  t: Words<'profileMember' | 'dramaCard'>;
  /** ids already among the favourites */
  chosen: number[];
  /** adds one; true when it was added (the dialog then closes) */
  onAdd(id: number): Promise<boolean>;
  onClose(): void;
}

/**
 * The favourites' Add dialog (spec 2 §2, §5, §9): search dramas (GET /dramas/?title=) or people
 * (GET /people?name=), 10 results, a blank search clears them; each result's Add adds it. A native
 * modal <dialog>: Escape closes it and the focus returns to Add.
 */
export default function FavouriteSearchDialog({ kind, t, chosen, onAdd, onClose }: Props) {
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState<number | null>(null);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);
  useEffect(() => {
    const wait = setTimeout(() => setQuery(text.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(wait);
  }, [text]);

  const dramas = useRead(kind === 'dramas' && query ? listDramas({ title: query, size: RESULTS }) : null);
  const people = useRead(kind === 'cast' && query ? listPeople({ name: query, size: RESULTS }) : null);
  const answer = kind === 'dramas' ? dramas : people;
  const results: { id: number; name: string; sub: string; image: React.ReactNode }[] = !query
    ? []
    : kind === 'dramas'
      ? (dramas.data?.items ?? []).map((d) => ({
          id: d.id,
          name: d.title,
          sub: [formatYear(d.year, t), d.country].filter(Boolean).join(' · '),
          image: (
            <span aria-hidden="true" className="relative h-14 w-10 shrink-0 overflow-hidden rounded bg-surface-strong">
              <PosterImage drama={cardFromWire(d)} t={t} small />
            </span>
          ),
        }))
      : (people.data?.items ?? []).map((p) => ({
          id: p.id,
          name: p.name,
          sub: p.nationality.join(', '),
          image: <img aria-hidden="true" alt="" src={p.image || initialsAvatar(p.name)} data-fallback={initialsAvatar(p.name)} width={40} height={40} className="size-10 shrink-0 rounded-full object-cover" />,
        }));

  const close = () => dialog.current?.close();
  const add = async (id: number) => {
    setAdding(id);
    const ok = await onAdd(id);
    setAdding(null);
    if (ok) close();
  };
  const title = kind === 'dramas' ? t('profileMember.favourites.addDrama') : t('profileMember.favourites.addCast');

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${ids}-title`}
      onClose={onClose}
      data-testid="favourite-dialog"
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-hidden rounded-xl bg-surface p-0 text-fg shadow-card ring-1 ring-line backdrop:bg-backdrop"
    >
      <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
        <header className="flex items-center justify-between gap-4 border-b border-line px-5 py-4">
          <h2 id={`${ids}-title`} className="text-lg font-semibold text-fg">
            {title}
          </h2>
          <button type="button" onClick={close} aria-label={t('profileMember.favourites.close')} className="-mr-2 rounded-full p-2 text-fg-muted hover:bg-surface-subtle hover:text-fg">
            <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" className="size-5">
              <path d="M5 5l10 10M15 5L5 15" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
          <label htmlFor={`${ids}-search`} className="sr-only">
            {kind === 'dramas' ? t('profileMember.favourites.searchDramas') : t('profileMember.favourites.searchPeople')}
          </label>
          <input
            id={`${ids}-search`}
            type="search"
            autoComplete="off"
            autoFocus
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={kind === 'dramas' ? t('profileMember.favourites.searchDramas') : t('profileMember.favourites.searchPeople')}
            className={fieldClass}
          />
          <div className="mt-4">
            {!query ? null : !answer.data && !answer.error ? (
              <p role="status" className="text-sm text-fg-muted">
                {t('profileMember.favourites.searching')}
              </p>
            ) : results.length === 0 ? (
              <p role="status" className="text-sm text-fg-muted">
                {t('profileMember.favourites.noResults')}
              </p>
            ) : (
              <ul className="space-y-1.5" data-testid="favourite-results">
                {results.map((r) => {
                  const already = chosen.includes(r.id);
                  return (
                    <li key={r.id} className="flex items-center gap-3 rounded-lg p-2 ring-1 ring-line">
                      {r.image}
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium text-fg">{r.name}</span>
                        {r.sub && <span className="block truncate text-xs text-fg-muted">{r.sub}</span>}
                      </span>
                      <button
                        type="button"
                        disabled={already || adding !== null}
                        onClick={() => void add(r.id)}
                        className="shrink-0 rounded-full bg-accent px-3 py-1 text-xs font-semibold text-accent-fg hover:bg-accent-strong disabled:opacity-50"
                      >
                        {already ? t('profileMember.favourites.added') : t('profileMember.favourites.add')}
                        <span className="sr-only"> {r.name}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </div>
      </div>
    </dialog>
  );
}
