import { describe, expect, it } from 'vitest';
import { fieldDiff, orderedFields, valueText } from '../../../src/lib/catalogue-editing/diff.ts';
import { recordOfQueue } from '../../../src/lib/api/operations/edit-review.ts';

// How the review screens show a change (docs/decisions/038 "Review screens").
describe('fieldDiff', () => {
  it('diffs a long text by word', () => {
    const diff = fieldDiff('synopsis', 'A quiet chef opens a small restaurant.', 'A quiet chef opens a busy restaurant.');
    expect(diff.kind).toBe('words');
    if (diff.kind !== 'words') return;
    expect(diff.parts.filter((p) => p.kind === 'removed').map((p) => p.text)).toEqual(['small']);
    expect(diff.parts.filter((p) => p.kind === 'added').map((p) => p.text)).toEqual(['busy']);
    // kept and new parts spell the new text again
    expect(diff.parts.filter((p) => p.kind !== 'removed').map((p) => p.text).join('')).toBe('A quiet chef opens a busy restaurant.');
  });

  it('shows a long text set or cleared as before → after', () => {
    expect(fieldDiff('biography', null, 'An actor.')).toEqual({ kind: 'value', from: null, to: 'An actor.' });
    expect(fieldDiff('biography', 'An actor.', '')).toEqual({ kind: 'value', from: 'An actor.', to: null });
  });

  it('shows lists as the items added and removed, whatever the letter case or order', () => {
    expect(fieldDiff('genres', ['Comedy', 'Romance'], ['romance', 'Thriller'])).toEqual({ kind: 'list', added: ['Thriller'], removed: ['Comedy'] });
    expect(fieldDiff('also_known_as', null, ['Chef'])).toEqual({ kind: 'list', added: ['Chef'], removed: [] });
    expect(fieldDiff('tags', ['a', 'b'], ['B', 'A'])).toEqual({ kind: 'list', added: [], removed: [] });
  });

  it('shows an image field as the images (a suggested banner or person image is seen, not read as an address)', () => {
    expect(fieldDiff('banner_image', null, '/media/uploads/drama_banner/x.webp')).toEqual({ kind: 'image', from: null, to: '/media/uploads/drama_banner/x.webp' });
    expect(fieldDiff('image', '/media/art/a.webp', null)).toEqual({ kind: 'image', from: '/media/art/a.webp', to: null });
  });

  it('shows other values as text, null and blanks as empty', () => {
    expect(fieldDiff('episodes', 16, 20)).toEqual({ kind: 'value', from: '16', to: '20' });
    expect(fieldDiff('network', 'tvN', null)).toEqual({ kind: 'value', from: 'tvN', to: null });
    expect(valueText('  ')).toBeNull();
    expect(valueText([])).toBeNull();
    expect(valueText(['a', 'b'])).toBe('a, b');
  });
});

describe('orderedFields', () => {
  it("follows the edit form's order, unknown fields last", () => {
    expect(orderedFields({ zeta: 1, episodes: 1, title: 1 }, ['title', 'synopsis', 'episodes'])).toEqual(['title', 'episodes', 'zeta']);
  });
});

describe('recordOfQueue', () => {
  it("reads the record a queue's address names", () => {
    expect(recordOfQueue('?drama=12')).toEqual({ target: 'drama', id: 12 });
    expect(recordOfQueue('?person=3')).toEqual({ target: 'person', id: 3 });
    expect(recordOfQueue('?drama=abc')).toBeNull();
    expect(recordOfQueue('?drama=-1')).toBeNull();
    expect(recordOfQueue('')).toBeNull();
  });
});
