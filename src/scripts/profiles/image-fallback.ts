/**
 * Broken images fall back (spec 2 §2 "Profile screen"): an `<img data-fallback="…">` that fails to
 * load shows the fallback (the initials avatar), or hides itself when the fallback is empty (the
 * cover, whose box then shows the default cover). One listener for the page, in the capture phase
 * (error events do not bubble), so images an island adds later are covered too; images that failed
 * before this script ran are found by their state. No inline handlers: the CSP refuses them.
 */
function fallBack(img: HTMLImageElement) {
  const fallback = img.dataset.fallback;
  if (fallback === undefined || img.dataset.fellBack !== undefined) return;
  img.dataset.fellBack = '';
  if (fallback) img.src = fallback;
  else img.hidden = true;
}

export function enhanceImageFallbacks(): void {
  document.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement) fallBack(event.target);
    },
    true,
  );
  for (const img of document.querySelectorAll<HTMLImageElement>('img[data-fallback]')) {
    if (img.complete && img.naturalWidth === 0 && img.currentSrc) fallBack(img);
  }
}
