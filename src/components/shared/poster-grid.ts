/** Layout rules shared by PosterGrid and its skeleton: 3 columns under 640px, 4 sm, 5 md, 6 lg, 8 xl. */
export const POSTER_GRID_CLASS =
  'grid grid-cols-3 gap-3 sm:grid-cols-4 sm:gap-4 md:grid-cols-5 lg:grid-cols-6 xl:grid-cols-8';

/** The same grid beside a sidebar (the search screens' filter panel from lg): 4 columns lg, 6 xl. */
export const POSTER_GRID_BESIDE_SIDEBAR_CLASS =
  'grid grid-cols-3 gap-3 sm:grid-cols-4 sm:gap-4 md:grid-cols-5 lg:grid-cols-4 xl:grid-cols-6';

export const posterGridClass = (besideSidebar = false) =>
  besideSidebar ? POSTER_GRID_BESIDE_SIDEBAR_CLASS : POSTER_GRID_CLASS;

/**
 * In a single-row grid, the classes that hide card i (0-based) until the breakpoint whose column
 * count exceeds i, so one pre-rendered row fits every width.
 */
export function rowItemClass(i: number): string | undefined {
  if (i < 3) return undefined;
  if (i < 4) return 'hidden sm:block';
  if (i < 5) return 'hidden md:block';
  if (i < 6) return 'hidden lg:block';
  if (i < 8) return 'hidden xl:block';
  return 'hidden';
}
