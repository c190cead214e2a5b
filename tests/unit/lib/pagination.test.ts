import { describe, expect, it } from 'vitest';
import { pageHref, paginationWindow } from '../../../src/lib/ui/pagination.ts';

describe('paginationWindow', () => {
  it('shows no control for a single page', () => {
    expect(paginationWindow(1, 1)).toEqual([]);
    expect(paginationWindow(1, 0)).toEqual([]);
  });
  it('lists every page when they all fit', () => {
    expect(paginationWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('keeps first, last and current ± 2 with ellipses', () => {
    expect(paginationWindow(10, 20)).toEqual([1, 'ellipsis', 8, 9, 10, 11, 12, 'ellipsis', 20]);
    expect(paginationWindow(1, 20)).toEqual([1, 2, 3, 'ellipsis', 20]);
    expect(paginationWindow(20, 20)).toEqual([1, 'ellipsis', 18, 19, 20]);
  });
  it('fills a one-page gap instead of an ellipsis', () => {
    expect(paginationWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis', 20]);
  });
  it('clamps a page outside the range', () => {
    expect(paginationWindow(99, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(-5, 10)).toEqual([1, 2, 3, 'ellipsis', 10]);
  });
});

describe('pageHref', () => {
  it('keeps other parameters and drops page 1', () => {
    expect(pageHref('/search/drama?q=love&page=3', 1)).toBe('/search/drama?q=love');
    expect(pageHref('/search/drama?q=love', 4)).toBe('/search/drama?q=love&page=4');
    expect(pageHref('/drama/popular', 2)).toBe('/drama/popular?page=2');
  });
});
