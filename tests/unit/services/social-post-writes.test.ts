// The social posts' writes refuse a member who may not write (suspended) before any query: a
// top-level post asks no other rule (reply_control, blocks) that would refuse them.
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../../src/lib/server/db/transactions.ts';
import { ForbiddenError } from '../../../src/lib/server/errors.ts';
import { createPost, toggleLike, toggleRepost } from '../../../src/lib/server/services/social/posts.ts';

const noDatabase = new Proxy({}, { get: () => { throw new Error('no query expected'); } }) as unknown as Executor;
const suspended = { id: 7, role: 'user' as const, suspendedUntil: new Date(Date.now() + 86_400_000) };

describe('a suspended member', () => {
  it('may not post, like or repost (403 before any query)', async () => {
    await expect(createPost(noDatabase, suspended, { content: 'hello' })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(toggleLike(noDatabase, suspended, 1)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(toggleRepost(noDatabase, suspended, 1)).rejects.toBeInstanceOf(ForbiddenError);
  });
});
