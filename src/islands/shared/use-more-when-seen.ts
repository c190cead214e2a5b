import { useEffect, useRef } from 'react';

/**
 * Infinite scroll, as the comments and the social feed do it: the element the returned ref is put
 * on (a sentinel after the list) asks `more()` when it comes within `margin` of the viewport, while
 * a `cursor` says a next page exists (nothing where IntersectionObserver is missing).
 */
export function useMoreWhenSeen<E extends Element>(cursor: string | null | undefined, loadingMore: boolean, more: () => unknown, margin = '200px 0px') {
  const sentinel = useRef<E>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !cursor || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void more();
    }, { rootMargin: margin });
    observer.observe(el);
    return () => observer.disconnect();
  }, [cursor, loadingMore]);
  return sentinel;
}
