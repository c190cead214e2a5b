import { cardImageSrc, dramaTypeWord, formatCardRating, formatEpisodes, formatYear, truncateTitle, type CardDrama, type CardWords } from '../../lib/dramas/drama-card.ts';

/*
 * The one drama card (spec 1 §2.5) and its list-row form. Plain React with no state or effects:
 * Astro pages render it on the server with no client directive (static HTML, no JavaScript:
 * src/components/shared/PosterGrid.astro), islands render it in the browser (the calendar). Pages
 * pass their loaders' CardDrama; islands convert the API's answer with cardFromWire(). Words and
 * links follow the page's language: `t` (the page's or the island's translator, with the
 * `dramaCard` namespace) and `href` (a site path in that language).
 */

interface CardLanguage {
  t: CardWords;
  href?: (path: string) => string;
}
const samePath = (path: string) => path;

function RatingBadge({ rating, className, label }: { rating: string; className: string; label: string }) {
  return (
    <span className={`flex items-center gap-0.5 rounded-md bg-slate-900/85 px-1.5 py-0.5 text-xs font-semibold text-white ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 20 20" width="12" height="12" className="size-3 text-amber-400">
        <path fill="currentColor" d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.9z" />
      </svg>
      <span className="sr-only">{label}</span>
      {rating}
    </span>
  );
}

/**
 * A drama's poster filling its box (the caller's, 2:3): the card's image by the shared rules
 * (cardImageSrc), or 'No Image'. `small`: a list row's thumbnail (64 × 96, smaller words); `eager`:
 * above the fold. The card, its row and the watch list's entries show it.
 */
export function PosterImage({ drama, t, eager = false, small = false }: { drama: CardDrama; t: CardWords; eager?: boolean; small?: boolean }) {
  const src = cardImageSrc(drama);
  if (!src) {
    return (
      <div className={`flex size-full items-center justify-center text-center font-medium text-fg-muted ${small ? 'text-[10px]' : 'text-sm'}`}>{t('dramaCard.noImage')}</div>
    );
  }
  return small ? (
    <img src={src} alt={drama.title} width={64} height={96} loading="lazy" decoding="async" className="size-full object-cover" />
  ) : (
    <img
      src={src}
      alt={drama.title}
      width={300}
      height={450}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
    />
  );
}

/**
 * The drama card: poster (or 'No Image') in a fixed 2:3 box so nothing shifts while it loads, rating
 * badge above 0, title cut at 40 characters, year or 'Unknown', episode count. `eager`: above the
 * fold, load the image at once instead of lazily.
 */
export function DramaCard({ drama, eager = false, t, href = samePath }: { drama: CardDrama; eager?: boolean } & CardLanguage) {
  const rating = formatCardRating(drama.rating);
  const episodes = formatEpisodes(drama.episodes, t);
  const title = truncateTitle(drama.title);
  return (
    <a
      href={href(`/drama/${drama.id}`)}
      className="group block rounded-lg focus-visible:outline-offset-4"
      title={title === drama.title ? undefined : drama.title}
    >
      <div className="relative aspect-[2/3] overflow-hidden rounded-lg bg-surface-strong shadow-card">
        <PosterImage drama={drama} t={t} eager={eager} />
        {rating && <RatingBadge rating={rating} label={t('dramaCard.rating')} className="absolute top-1.5 right-1.5" />}
      </div>
      <h3 className="mt-2 line-clamp-2 text-sm leading-5 font-semibold text-fg group-hover:text-accent">{title}</h3>
      <p className="mt-0.5 flex flex-wrap gap-x-1.5 text-xs text-fg-muted">
        <span>{formatYear(drama.year, t)}</span>
        {episodes && <span aria-hidden="true">·</span>}
        {episodes && <span>{episodes}</span>}
      </p>
    </a>
  );
}

/** The same drama as one row of a list: small poster, title, first air date, type, country, episodes, rating. */
export function DramaRow({ drama, airedLabel, t, href = samePath }: { drama: CardDrama; airedLabel: string } & CardLanguage) {
  const rating = formatCardRating(drama.rating);
  const episodes = formatEpisodes(drama.episodes, t);
  const title = truncateTitle(drama.title);
  return (
    <a
      href={href(`/drama/${drama.id}`)}
      className="group flex items-center gap-4 rounded-xl border border-line bg-surface p-3 shadow-card hover:border-accent-muted"
      title={title === drama.title ? undefined : drama.title}
    >
      <div className="relative h-24 w-16 shrink-0 overflow-hidden rounded-md bg-surface-strong">
        <PosterImage drama={drama} t={t} small />
      </div>
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-fg group-hover:text-accent">{title}</h3>
        <p className="mt-0.5 text-sm text-fg-soft">{airedLabel}</p>
        <p className="mt-0.5 flex flex-wrap gap-x-1.5 text-xs text-fg-muted">
          <span>{dramaTypeWord(drama.type, t)}</span>
          <span aria-hidden="true">·</span>
          <span>{drama.country}</span>
          <span aria-hidden="true">·</span>
          <span>{formatYear(drama.year, t)}</span>
          {episodes && <span aria-hidden="true">·</span>}
          {episodes && <span>{episodes}</span>}
        </p>
      </div>
      {rating && <RatingBadge rating={rating} label={t('dramaCard.rating')} className="shrink-0" />}
    </a>
  );
}
