import { describe, expect, it } from 'vitest';
import { isDay, LIST_STATUSES, listIdOf, readListId } from '../../../src/lib/lists/watch-lists.ts';

describe('list ids', () => {
  it("are the owner's id × 4 plus the list's position, and read back to both", () => {
    expect(LIST_STATUSES.map((type) => listIdOf(7, type))).toEqual([28, 29, 30, 31]);
    for (const ownerId of [1, 7, 2_147_483_647]) {
      for (const type of LIST_STATUSES) expect(readListId(listIdOf(ownerId, type))).toEqual({ ownerId, type });
    }
    expect(readListId(3)).toEqual({ ownerId: 0, type: 'dropped' });
  });
});

describe('days', () => {
  it('are real days written YYYY-MM-DD from 1900', () => {
    for (const day of ['2026-01-05', '2024-02-29', '1900-01-01']) expect(isDay(day), day).toBe(true);
    for (const day of ['2025-02-29', '2026-13-01', '2026-00-10', '2026-1-5', '2026/01/05', '1899-12-31', '', '2026-01-05T00:00', ' 2026-01-05'])
      expect(isDay(day), day).toBe(false);
  });
});
