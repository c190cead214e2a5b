import { initialsAvatar } from '../../lib/users/user-display.ts';

/*
 * The profile's favourites (spec 2 §2 "Favourites section"), one component for the page and the
 * owner's island (docs/decisions/015 rule 5): Astro renders them with no directive (static HTML, a
 * visitor's read-only view), the owner's island renders them with a Remove button. Stateless; broken
 * images fall back through `data-fallback` (src/scripts/profiles/image-fallback.ts).
 */

export interface FavouriteDramaItem {
  id: number;
  title: string;
  year: number | null;
  /** the card's image, or null for 'No Image' */
  image: string | null;
}

export interface FavouritePersonItem {
  id: number;
  name: string;
  image: string | null;
}

interface Common {
  href: (path: string) => string;
  /** the owner's Remove: its label, and what it does */
  remove?: { label: (name: string) => string; onRemove: (id: number) => void; busy?: boolean };
  noImage: string;
}

const removeButton =
  'absolute top-1 right-1 z-10 flex size-7 items-center justify-center rounded-full bg-slate-900/80 text-white hover:bg-danger hover:text-surface focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60';

function Cross() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="14" height="14">
      <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

export function FavouriteDramaList({ items, href, remove, noImage }: Common & { items: FavouriteDramaItem[] }) {
  return (
    <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5" data-favourite-list="dramas">
      {items.map((d) => (
        <li key={d.id} className="relative" data-favourite-id={d.id}>
          <a href={href(`/drama/${d.id}`)} className="group block">
            <div className="aspect-[2/3] overflow-hidden rounded-lg bg-surface-strong">
              {d.image ? (
                <img src={d.image} alt="" data-fallback="" width={120} height={180} loading="lazy" decoding="async" className="size-full object-cover" />
              ) : (
                <div className="flex size-full items-center justify-center p-1 text-center text-xs text-fg-muted">{noImage}</div>
              )}
            </div>
            <p className="mt-1.5 line-clamp-2 text-xs leading-4 font-semibold text-fg group-hover:text-accent sm:text-sm sm:leading-5">{d.title}</p>
            {d.year != null && <p className="text-xs text-fg-muted">{String(d.year)}</p>}
          </a>
          {remove && (
            <button type="button" className={removeButton} aria-label={remove.label(d.title)} disabled={remove.busy} onClick={() => remove.onRemove(d.id)}>
              <Cross />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

export function FavouritePersonList({ items, href, remove }: Common & { items: FavouritePersonItem[] }) {
  return (
    <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5" data-favourite-list="cast">
      {items.map((p) => (
        <li key={p.id} className="relative text-center" data-favourite-id={p.id}>
          <a href={href(`/people/${p.id}`)} className="group block">
            <img
              src={p.image || initialsAvatar(p.name)}
              data-fallback={initialsAvatar(p.name)}
              alt=""
              width={96}
              height={96}
              loading="lazy"
              decoding="async"
              className="mx-auto aspect-square w-full max-w-24 rounded-full bg-surface-strong object-cover"
            />
            <p className="mt-1.5 line-clamp-2 text-xs leading-4 font-semibold text-fg group-hover:text-accent sm:text-sm sm:leading-5">{p.name}</p>
          </a>
          {remove && (
            <button type="button" className={removeButton} aria-label={remove.label(p.name)} disabled={remove.busy} onClick={() => remove.onRemove(p.id)}>
              <Cross />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
