import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { stepPhoto } from '../../lib/dramas/drama-detail.ts';

interface Props {
  /** photo URLs, in gallery order */
  photos: string[];
  /** the drama's title, for alternative texts */
  title: string;
  i18n: IslandMessages<'photoGallery'>;
}

/**
 * The Photos tab (spec 1 §2.6): a grid of photos; choosing one opens a full-screen viewer with
 * previous and next (wrapping), thumbnails, an 'N of M' counter, the arrow keys and Escape. The
 * viewer is a native modal <dialog>: focus stays inside, Escape closes it, focus returns to the photo.
 */
export default function PhotoGallery({ photos, title, i18n }: Props) {
  const t = islandTranslator(i18n);
  const [current, setCurrent] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const thumbs = useRef<HTMLUListElement>(null);
  const total = photos.length;

  const open = (index: number) => setCurrent(index);
  const close = useCallback(() => dialog.current?.close(), []);
  const go = useCallback((delta: number) => setCurrent((i) => (i === null ? i : stepPhoto(i, delta, total))), [total]);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (current !== null && !el.open) {
      el.showModal();
      document.documentElement.style.overflow = 'hidden';
    }
    if (current !== null) {
      thumbs.current?.children[current]?.scrollIntoView({ block: 'nearest', inline: 'center' });
    }
  }, [current]);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(-1);
    }
  };

  const alt = (i: number) => t('photoGallery.photoAlt', { title, n: i + 1, total });

  return (
    <>
      <ul aria-label={t('photoGallery.photos')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {photos.map((src, i) => (
          <li key={`${src}-${i}`}>
            <button
              type="button"
              onClick={() => open(i)}
              aria-label={t('photoGallery.open', { n: i + 1, total })}
              className="block w-full cursor-zoom-in overflow-hidden rounded-lg bg-surface-strong"
            >
              <img
                src={src}
                alt={alt(i)}
                width={320}
                height={180}
                loading="lazy"
                decoding="async"
                className="aspect-video w-full object-cover transition-transform hover:scale-105"
              />
            </button>
          </li>
        ))}
      </ul>

      <dialog
        ref={dialog}
        aria-label={t('photoGallery.viewer')}
        onKeyDown={onKeyDown}
        onClose={() => {
          setCurrent(null);
          document.documentElement.style.overflow = '';
        }}
        className="m-0 h-dvh max-h-none w-screen max-w-none bg-slate-950 p-0 text-white backdrop:bg-slate-950/90"
      >
        {current !== null && (
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between gap-4 px-4 py-3">
              <p aria-live="polite" className="text-sm font-medium text-slate-200" data-viewer="counter">
                {t('photoGallery.counter', { n: current + 1, total })}
              </p>
              <button
                type="button"
                onClick={close}
                aria-label={t('photoGallery.close')}
                className="rounded-full p-2 text-slate-200 hover:bg-white/10 hover:text-white"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" className="size-6">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </div>

            <div className="relative flex min-h-0 flex-1 items-center justify-center px-14">
              <img
                key={current}
                src={photos[current]}
                alt={alt(current)}
                width={1280}
                height={720}
                className="max-h-full w-auto max-w-full object-contain"
                data-viewer="image"
              />
              <button
                type="button"
                onClick={() => go(-1)}
                aria-label={t('photoGallery.previous')}
                className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-white/10 p-2 hover:bg-white/20"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28" className="size-7">
                  <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
              <button
                type="button"
                onClick={() => go(1)}
                aria-label={t('photoGallery.next')}
                className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-white/10 p-2 hover:bg-white/20"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28" className="size-7">
                  <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
            </div>

            <ul ref={thumbs} aria-label={t('photoGallery.thumbnails')} className="flex gap-2 overflow-x-auto px-4 py-3">
              {photos.map((src, i) => (
                <li key={`${src}-${i}`} className="shrink-0">
                  <button
                    type="button"
                    onClick={() => setCurrent(i)}
                    aria-label={t('photoGallery.show', { n: i + 1, total })}
                    aria-current={i === current ? 'true' : undefined}
                    className="block overflow-hidden rounded-md opacity-60 ring-2 ring-transparent hover:opacity-100 aria-[current=true]:opacity-100 aria-[current=true]:ring-white"
                  >
                    <img src={src} alt="" width={96} height={54} loading="lazy" decoding="async" className="aspect-video h-12 w-auto object-cover sm:h-14" />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </dialog>
    </>
  );
}
