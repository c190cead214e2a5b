// The post length rule (contract "Social feed": at most 500 characters after trimming), one for the
// API and the compose box: characters are code points, so an emoji is one.
import { describe, expect, it } from 'vitest';
import { POST_MAX_LENGTH as WIRE_MAX } from '../../../src/lib/api/wire/social.ts';
import { isPostTooLong, POST_MAX_LENGTH } from '../../../src/lib/social/post-length.ts';

describe('isPostTooLong', () => {
  it('counts code points after trimming, at most 500', () => {
    expect(POST_MAX_LENGTH).toBe(500);
    expect(WIRE_MAX).toBe(POST_MAX_LENGTH);
    expect(isPostTooLong('a'.repeat(500))).toBe(false);
    expect(isPostTooLong(`  ${'a'.repeat(500)}\n`)).toBe(false);
    expect(isPostTooLong('a'.repeat(501))).toBe(true);
    expect(isPostTooLong('😀'.repeat(500))).toBe(false); // 1,000 UTF-16 units
    expect(isPostTooLong('😀'.repeat(501))).toBe(true);
  });
});
