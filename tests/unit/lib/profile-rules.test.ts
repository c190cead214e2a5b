import { describe, expect, it } from 'vitest';
import { flipFollow } from '../../../src/islands/follows/follow.ts';
import { canSave, findFormProblem, profilePatch, saveFailure } from '../../../src/lib/profiles/profile-edit.ts';
import { checkProfileImage } from '../../../src/lib/profiles/profile-image-check.ts';
import { listsPath, profilePath, sameUsername } from '../../../src/lib/profiles/profile-links.ts';
import { distributionBar } from '../../../src/lib/profiles/profile-stats.ts';

const MB = 1024 * 1024;

describe('profile images (spec 2 §5, §9)', () => {
  it('must be an image, then JPG, PNG or WebP, then within the size', () => {
    expect(checkProfileImage({ type: 'text/plain', size: 10 }, 'avatar')).toEqual({ kind: 'not-image' });
    expect(checkProfileImage({ type: '', size: 10 }, 'avatar')).toEqual({ kind: 'not-image' });
    expect(checkProfileImage({ type: 'image/gif', size: 10 }, 'avatar')).toEqual({ kind: 'unsupported' });
    expect(checkProfileImage({ type: 'image/png', size: 5 * MB }, 'avatar')).toBeNull();
    expect(checkProfileImage({ type: 'image/png', size: 5 * MB + 1 }, 'avatar')).toEqual({ kind: 'too-large', maxMb: 5 });
    expect(checkProfileImage({ type: 'image/webp', size: 10 * MB }, 'cover')).toBeNull();
    expect(checkProfileImage({ type: 'image/jpeg', size: 10 * MB + 1 }, 'cover')).toEqual({ kind: 'too-large', maxMb: 10 });
    // the edit screen holds the cover to 5 MB too
    expect(checkProfileImage({ type: 'image/jpeg', size: 6 * MB }, 'cover', 5)).toEqual({ kind: 'too-large', maxMb: 5 });
  });
});

describe('the edit form', () => {
  const before = { username: 'hana', fullName: 'Hana Kim', bio: '' };
  it('username 3 to 50 letters or digits (any alphabet), bio at most 500', () => {
    expect(findFormProblem(before)).toBeNull();
    expect(findFormProblem({ ...before, username: 'ab' })).toBe('username');
    expect(findFormProblem({ ...before, username: 'a b c' })).toBe('username');
    expect(findFormProblem({ ...before, username: 'x'.repeat(51) })).toBe('username');
    expect(findFormProblem({ ...before, username: '한국드라마' })).toBeNull();
    expect(findFormProblem({ ...before, bio: 'x'.repeat(501) })).toBe('bio');
    expect(findFormProblem({ ...before, bio: 'x'.repeat(500) })).toBeNull();
  });
  it('Save is disabled while saving or while the username is blank', () => {
    expect(canSave(before, false)).toBe(true);
    expect(canSave(before, true)).toBe(false);
    expect(canSave({ ...before, username: '  ' }, false)).toBe(false);
  });
  it('sends only what changed, trimmed, with new images', () => {
    expect(profilePatch(before, before)).toEqual({});
    expect(profilePatch(before, { ...before, username: ' hana2 ', bio: 'Hi' }, { avatar: '/media/a.png' })).toEqual({ username: 'hana2', bio: 'Hi', avatar: '/media/a.png' });
  });
  it("a failed save: the server's detail, else 'failed' with an answer, else unexpected", () => {
    expect(saveFailure({ status: 409, detail: 'Username is already taken' })).toEqual({ kind: 'detail', detail: 'Username is already taken' });
    expect(saveFailure({ status: 500, detail: undefined })).toEqual({ kind: 'failed' });
    // the username rules the form says in its own words in other languages (docs/decisions/030)
    expect(saveFailure({ status: 409, detail: 'This username is already taken', field: 'username' })).toEqual({
      kind: 'detail', detail: 'This username is already taken', username: 'taken',
    });
    expect(saveFailure({ status: 400, detail: 'This username is reserved', field: 'username' })).toMatchObject({ username: 'reserved' });
    expect(saveFailure({ status: 400, detail: 'Username must not mix letters of different scripts', field: 'username' })).toMatchObject({ username: 'mixedScripts' });
    expect(saveFailure({ status: 429, detail: 'You can change your username at most 5 times a day. Please try again in 3 hours.', field: 'username' })).toMatchObject({ username: 'renameLimit' });
    expect(saveFailure({ status: 429, detail: 'Too many changes.' })).toEqual({ kind: 'detail', detail: 'Too many changes.' });
    expect(saveFailure({ status: 0, detail: undefined })).toEqual({ kind: 'unexpected' });
    expect(saveFailure(new TypeError('x'))).toEqual({ kind: 'unexpected' });
  });
});

describe('follow (spec 2 §4)', () => {
  it('the count moves by one and never below 0', () => {
    expect(flipFollow({ following: false, followers_count: 3 })).toEqual({ following: true, followers_count: 4 });
    expect(flipFollow({ following: true, followers_count: 3 })).toEqual({ following: false, followers_count: 2 });
    expect(flipFollow({ following: true, followers_count: 0 })).toEqual({ following: false, followers_count: 0 });
  });
});

describe('the statistics bar and links', () => {
  it('segments in the spec order, empty lists left out, nothing when all are empty', () => {
    expect(distributionBar({ watching: 0, completed: 0, planToWatch: 0, dropped: 0 })).toEqual([]);
    expect(distributionBar({ watching: 1, completed: 2, planToWatch: 0, dropped: 1 })).toEqual([
      { status: 'watching', from: 0, width: 25 },
      { status: 'completed', from: 25, width: 50 },
      { status: 'dropped', from: 75, width: 25 },
    ]);
  });
  it('profile, lists tab (plan-to-watch), usernames in any case', () => {
    expect(profilePath('a b')).toBe('/user/a%20b');
    expect(listsPath('hana', 'plan_to_watch')).toBe('/user/hana/lists?tab=plan-to-watch');
    expect(sameUsername('Hana', 'hANA')).toBe(true);
    expect(sameUsername('Hana', null)).toBe(false);
  });
});
