import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { localePath } from '../../i18n/locales.ts';
import { ApiClientError } from '../../lib/api/api-client.ts';
import * as api from '../../lib/api/operations/favourites.ts';
import type { FavouriteCast, FavouriteDrama } from '../../lib/api/wire/index.ts';
import { cardImageSrc } from '../../lib/dramas/drama-card.ts';
import { FAVOURITES_MAX } from '../../lib/lists/watch-lists.ts';
import { queries, type ReadStore } from '../shared/data-layer/queries.ts';
import { session } from '../shared/data-layer/session.ts';
import type { Words } from '../shared/words.tsx';
import { FavouriteDramaList, FavouritePersonList } from './FavouriteItems.tsx';

const FavouriteSearchDialog = lazy(() => import('./FavouriteSearchDialog.tsx'));

export type FavouriteKind = 'dramas' | 'cast';

type Favourite = FavouriteDrama | FavouriteCast;
/** the owner's list of a kind (a read store; both kinds typed as one list of either) */
const storeOf = (kind: FavouriteKind) => (kind === 'dramas' ? queries.read(api.getMyFavoriteDramas()) : queries.read(api.getMyFavoriteCast())) as ReadStore<Favourite[]>;

const toDramaItem = (d: FavouriteDrama) => ({
  id: d.id,
  title: d.title,
  year: d.year,
  image: cardImageSrc({ bannerImage: d.banner_image, firstPhoto: d.photos[0], posterImage: d.poster_image, mainPhoto: d.main_photo, thumbnail: d.thumbnail }),
});

/**
 * The owner's favourites of one kind (spec 2 §2, §5, §9): their own list (GET /lists/favorites/…),
 * each with Remove, and Add opening the search dialog; Add is disabled at 5 with a hint. Once the
 * list has loaded it replaces the server's read-only copy (`data-favourites-static`).
 */
export function OwnerFavourites({ kind, t, locale }: { kind: FavouriteKind; t: Words<'profileMember' | 'dramaCard'>; locale: 'en' | 'pt-br' }) {
  const [$list] = useState(() => storeOf(kind));
  const list = useStore($list);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!list.data) return;
    const copy = document.querySelector<HTMLElement>(`[data-favourites="${kind}"] [data-favourites-static]`);
    if (copy) copy.hidden = true;
  }, [!!list.data]);

  if (!list.data) {
    return list.loading ? <p className="sr-only" role="status">{t('profileMember.favourites.loading')}</p> : null;
  }
  const items = list.data;
  const count = items.length;
  const full = count >= FAVOURITES_MAX;
  const href = (path: string) => localePath(locale, path);

  const change = async (id: number, add: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      if (add) {
        await session.call<unknown>(kind === 'dramas' ? api.addFavoriteDrama(id) : api.addFavoriteCast(id));
        // the new one's fields (title, image…) are the list's: read it again
        await queries.refresh($list);
      } else {
        await session.call(kind === 'dramas' ? api.removeFavoriteDrama(id) : api.removeFavoriteCast(id));
        $list.mutate(items.filter((item) => item.id !== id));
      }
      return true;
    } catch (error) {
      setProblem(error instanceof ApiClientError && error.status === 400 && error.detail ? error.detail : t('profileMember.favourites.failed'));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const remove = { label: (name: string) => t('profileMember.favourites.remove', { name }), onRemove: (id: number) => void change(id, false), busy };
  const empty = kind === 'dramas' ? t('profileMember.favourites.noDramas') : t('profileMember.favourites.noCast');

  return (
    <div className="mt-4" data-owner-favourites={kind}>
      {count === 0 ? (
        <p className="text-sm text-fg-muted">{empty}</p>
      ) : kind === 'dramas' ? (
        <FavouriteDramaList items={(items as FavouriteDrama[]).map(toDramaItem)} href={href} remove={remove} noImage={t('dramaCard.noImage')} />
      ) : (
        <FavouritePersonList items={items as FavouriteCast[]} href={href} remove={remove} noImage={t('dramaCard.noImage')} />
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          disabled={full || busy}
          onClick={() => setOpen(true)}
          data-add-favourite={kind}
          className="rounded-full bg-accent px-4 py-1.5 text-sm font-semibold text-accent-fg hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-50"
        >
          <span aria-hidden="true">+ </span>
          {t('profileMember.favourites.add')}
          <span className="sr-only"> {kind === 'dramas' ? t('profileMember.favourites.dramas') : t('profileMember.favourites.cast')}</span>
        </button>
        {full && <span className="text-xs text-fg-muted">{t('profileMember.favourites.full')}</span>}
        {problem && (
          <span role="alert" className="text-sm text-danger">
            {problem}
          </span>
        )}
      </div>
      {open && (
        <Suspense fallback={null}>
          <FavouriteSearchDialog kind={kind} t={t} chosen={items.map((i) => i.id)} onAdd={(id) => change(id, true)} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
