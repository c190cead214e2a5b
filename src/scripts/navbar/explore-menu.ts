/**
 * Closes the Explore <details> menu the way a menu is expected to close: Escape (focus back on the
 * summary), a click outside, or focus moving out of it (Tab past the last link).
 */
export function enhanceExploreMenu(details: HTMLDetailsElement): void {
  const summary = details.querySelector('summary');
  const close = () => {
    details.open = false;
  };

  details.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && details.open) {
      event.preventDefault();
      close();
      summary?.focus();
    }
  });
  details.addEventListener('focusout', (event) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !details.contains(next)) close();
  });
  document.addEventListener('click', (event) => {
    if (details.open && event.target instanceof Node && !details.contains(event.target)) close();
  });
}
