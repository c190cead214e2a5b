import { describe, expect, it } from 'vitest';
import { beginSocialSignIn, isOwnSignIn, takeSocialSignInState } from '../../../src/lib/accounts/social-sign-in.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('social sign-in one-time value', () => {
  it('is random, URL-safe and accepted by the API (16 to 128 of [A-Za-z0-9_-])', () => {
    const storage = memoryStorage();
    const a = beginSocialSignIn(storage);
    const b = beginSocialSignIn(storage);
    expect(a).toMatch(/^[\w-]{22}$/);
    expect(b).not.toBe(a);
  });

  it('is kept for one landing only', () => {
    const storage = memoryStorage();
    const value = beginSocialSignIn(storage);
    expect(takeSocialSignInState(storage)).toBe(value);
    expect(takeSocialSignInState(storage)).toBeNull();
  });

  it('accepts a landing only with the value this tab kept', () => {
    expect(isOwnSignIn('abc', 'abc')).toBe(true);
    expect(isOwnSignIn('abc', 'abd')).toBe(false);
    expect(isOwnSignIn(null, 'abc')).toBe(false);
    expect(isOwnSignIn('abc', null)).toBe(false);
    expect(isOwnSignIn('', '')).toBe(false);
  });

  it('still answers without storage (then nothing is accepted)', () => {
    expect(beginSocialSignIn(undefined)).toMatch(/^[\w-]{22}$/);
    expect(takeSocialSignInState(undefined)).toBeNull();
  });
});
