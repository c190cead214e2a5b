// Smaller copies stored beside an uploaded image's resized copy, so a page can offer the browser a
// width that fits its slot (`srcset`): a profile cover is 1500 px wide for desktops and 750 px for
// phones (docs/decisions/024, amendment). Shared by the server (which writes and deletes them) and
// the pages and islands (which name them).
import type { UploadPurpose } from './upload-rules.ts';

/** the full width of each purpose that has smaller copies, and their widths */
export const IMAGE_VARIANTS: Partial<Record<UploadPurpose, { full: number; widths: readonly number[] }>> = {
  cover: { full: 1500, widths: [750] },
};

/** The key (or address) of an image's copy `width` pixels wide: `cover/<name>.webp` → `cover/<name>-750w.webp`. */
export const variantOf = (keyOrUrl: string, width: number) => keyOrUrl.replace(/\.webp$/, `-${width}w.webp`);

/** The keys of the smaller copies stored beside a resized image's key (none for other purposes). */
export function variantKeys(key: string): string[] {
  const purpose = key.split('/')[0] as UploadPurpose;
  const variants = IMAGE_VARIANTS[purpose];
  return variants && key.endsWith('.webp') ? variants.widths.map((w) => variantOf(key, w)) : [];
}

/** an uploaded cover's resized copy: `…/cover/<22 random characters>.webp` (never generated art) */
const UPLOADED_COVER = /\/cover\/[A-Za-z0-9_-]{22}\.webp$/;

/** `srcset` for a profile cover, or undefined when the image has no smaller copies (generated art, none). */
export function coverSrcset(url: string | null | undefined): string | undefined {
  const variants = IMAGE_VARIANTS.cover!;
  if (!url || !UPLOADED_COVER.test(url)) return undefined;
  return [...variants.widths.map((w) => `${variantOf(url, w)} ${w}w`), `${url} ${variants.full}w`].join(', ');
}

/** what the cover spans: the page's width on phones, the profile's column (at most 64rem) from `lg` */
export const COVER_SIZES = '(min-width: 1024px) 1024px, 100vw';
