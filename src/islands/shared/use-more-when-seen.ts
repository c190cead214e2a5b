import { useEffect, useRef } from 'react';

/**
 * Infinite scroll, as the comments and the social feed do it: the element the returned ref is put
 * on (a sentinel after the list) asks `more()` when it comes within `margin` of the viewport, while
 * a `cursor` says a next page exists (nothing where IntersectionObserver is missing). A `more()` that
 * answers false failed: that page is asked again only when the sentinel comes into view again (the
 * reader scrolls back to it), never at once in a loop while it stays in view.
 */
export function useMoreWhenSeen<E extends Element>(
  cursor: string | null | undefined,
  loadingMore: boolean,
  more: () => Promise<boolean | void> | boolean | void,
  margin = '200px 0px',
) {
  const sentinel = useRef<E>(null);
  /** the cursor whose page failed last */
  const failed = useRef<string | null>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !cursor || typeof IntersectionObserver === 'undefined') return;
    // an observer's first report is where the sentinel is now: after a failure, that is no reason to ask again
    let first = true;
    const observer = new IntersectionObserver((entries) => {
      const again = first && failed.current === cursor;
      first = false;
      if (again || !entries.some((e) => e.isIntersecting)) return;
      void Promise.resolve(more()).then((ok) => {
        failed.current = ok === false ? cursor : null;
      });
    }, { rootMargin: margin });
    observer.observe(el);
    return () => observer.disconnect();
  }, [cursor, loadingMore]);
  return sentinel;
}
