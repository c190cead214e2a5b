import { useId, useRef, useState } from 'react';
import { listDramas } from '../../lib/api/operations/dramas.ts';
import { listPeople } from '../../lib/api/operations/people.ts';
import { cardFromWire, formatYear } from '../../lib/dramas/drama-card.ts';
import { initialsAvatar } from '../../lib/users/user-display.ts';
import { useRead } from '../shared/data-layer/use-read.ts';
import { PosterImage } from '../shared/DramaCard.tsx';
import { ModalDialog, useSettledText } from '../shared/ModalDialog.tsx';
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
  const [adding, setAdding] = useState<number | null>(null);

  const input = useRef<HTMLInputElement>(null);
  const query = useSettledText(text, SEARCH_PAUSE_MS);

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
    <ModalDialog dialogRef={dialog} title={title} closeLabel={t('profileMember.favourites.close')} onClose={onClose} initialFocus={input} width="lg" testId="favourite-dialog">
      <div>
        <label htmlFor={`${ids}-search`} className="sr-only">
          {kind === 'dramas' ? t('profileMember.favourites.searchDramas') : t('profileMember.favourites.searchPeople')}
        </label>
        <input
          id={`${ids}-search`}
          type="search"
          autoComplete="off"
          ref={input}
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
    </ModalDialog>
  );
}
