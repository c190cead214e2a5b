import { atom } from 'nanostores';
import { describe, expect, it, vi } from 'vitest';
import { islandMessages } from '../../../src/i18n/catalogue.ts';
import { islandTranslator } from '../../../src/i18n/island.ts';
import { ApiClientError, type ApiRequest } from '../../../src/lib/api/api-client.ts';
import { createComment, deleteReaction, listComments, saveReaction, updateComment } from '../../../src/lib/api/operations/comments.ts';
import { createReport } from '../../../src/lib/api/operations/reports.ts';
import type { Comment, CommentPage, Reply } from '../../../src/lib/api/wire/index.ts';
import { createSession } from '../../../src/islands/shared/data-layer/session.ts';
import { listOf, withChanged, withNewComment, withoutComment, withPage, withReply } from '../../../src/islands/comments/comment-list.ts';
import { chooseReaction, createReactions } from '../../../src/islands/comments/reactions.ts';
import { problemOf, tooLong } from '../../../src/islands/comments/problems.ts';
import { characterCount, COMMENT_MAX_LENGTH } from '../../../src/lib/comments/comment-length.ts';

// The comments island's state (src/islands/comments/): its pages by cursor, one's own changes in
// place, and the reactions through the data layer's choice helper over a fake API.

const author = { id: 3, username: 'ana', name: 'Ana', avatar: null, role: 'user' as const };
function reply(id: number, parent: number): Reply {
  return {
    id,
    content: `reply ${id}`,
    spoiler: false,
    created_at: '2026-11-28T10:00:00Z',
    updated_at: '2026-11-28T10:00:00Z',
    edited: false,
    dorama_id: 1,
    profile_user_id: null,
    parent_id: parent,
    user: author,
    reactions: { like: 0, love: 0, laugh: 0 },
  };
}
const comment = (id: number, replies: Reply[] = []): Comment => ({ ...reply(id, 0), parent_id: null, content: `comment ${id}`, replies, replies_count: replies.length });
const page = (ids: number[], next: string | null, total = 30): CommentPage => ({
  comments: ids.map((id) => comment(id)),
  total,
  page: 1,
  page_size: 10,
  pages: 3,
  next_cursor: next,
  mentions: {},
});
const ids = (comments: Comment[]) => comments.map((c) => c.id);

describe('the operations', () => {
  it('read a target by page, then by cursor, as anyone or as the member', () => {
    expect(listComments({ type: 'dorama', id: 5 }, 'recent')).toMatchObject({ method: 'GET', path: '/comments?type=dorama&id=5&order=recent&page_size=10&page=1', caller: 'anyone' });
    expect(listComments({ type: 'profile', id: 9 }, 'oldest', 'abc=', 'member')).toMatchObject({
      path: '/comments?type=profile&id=9&order=oldest&page_size=10&cursor=abc%3D',
      caller: 'member',
    });
  });
  it('write as the member', () => {
    expect(createComment({ content: 'x', dorama_id: 1 })).toMatchObject({ method: 'POST', path: '/comments/', caller: 'member', json: { content: 'x', dorama_id: 1 } });
    expect(updateComment(4, { content: 'y', spoiler: true })).toMatchObject({ method: 'PUT', path: '/comments/4', json: { content: 'y', spoiler: true } });
    expect(saveReaction({ type: 'love', comment_id: 4 })).toMatchObject({ method: 'POST', path: '/reactions/' });
    expect(deleteReaction(8)).toMatchObject({ method: 'DELETE', path: '/reactions/8' });
    expect(createReport({ target_type: 'comment', target_id: 4, reason: 'spam' })).toMatchObject({ method: 'POST', path: '/reports' });
  });
});

describe('the list of comments', () => {
  it('adds the next page without the comments already shown', () => {
    const list = listOf(page([30, 29, 28], 'c1'));
    const next = withPage(list, page([28, 27, 26], 'c2'));
    expect(ids(next.comments)).toEqual([30, 29, 28, 27, 26]);
    expect(next.cursor).toBe('c2');
  });

  it('shows one’s new comment first when newest first, and keeps the cursor', () => {
    const list = withNewComment(listOf(page([30, 29], 'c1')), comment(31), 'recent');
    expect(ids(list.comments)).toEqual([31, 30, 29]);
    expect(list.total).toBe(31);
    expect(list.cursor).toBe('c1');
  });

  it('oldest first: one’s new comment comes last, once the last page is in, and only once', () => {
    let list = withNewComment(listOf(page([1, 2], 'c1')), comment(31), 'oldest');
    expect(ids(list.comments)).toEqual([1, 2]);
    list = withPage(list, page([3, 4], 'c2'));
    expect(ids(list.comments)).toEqual([1, 2, 3, 4]);
    list = withPage(list, page([5, 31], null));
    expect(ids(list.comments)).toEqual([1, 2, 3, 4, 5, 31]);
    // with every page in, it is added at the end at once
    expect(ids(withNewComment(list, comment(32), 'oldest').comments)).toEqual([1, 2, 3, 4, 5, 31, 32]);
  });

  it('edits, replies to and deletes comments and replies in place', () => {
    let list = listOf({ ...page([], null, 2), comments: [comment(1, [reply(10, 1)]), comment(2)] });
    list = withChanged(list, 10, (c) => ({ ...c, content: 'changed', edited: true }));
    expect(list.comments[0]?.replies[0]).toMatchObject({ content: 'changed', edited: true });
    list = withReply(list, 2, reply(11, 2));
    expect(list.comments[1]).toMatchObject({ replies_count: 1, replies: [{ id: 11 }] });
    list = withoutComment(list, 10);
    expect(list.comments[0]).toMatchObject({ replies_count: 0, replies: [] });
    expect(list.total).toBe(2);
    list = withoutComment(list, 2);
    expect(ids(list.comments)).toEqual([1]);
    expect(list.total).toBe(1);
  });
});

describe('reactions', () => {
  it('move the counts at once: one per member, the same type again takes it back', () => {
    const none = { type: null, reactions: { like: 2, love: 0, laugh: 1 } };
    const liked = chooseReaction(none, 'like');
    expect(liked).toEqual({ type: 'like', reactions: { like: 3, love: 0, laugh: 1 } });
    expect(chooseReaction(liked, 'laugh')).toEqual({ type: 'laugh', reactions: { like: 2, love: 0, laugh: 2 } });
    expect(chooseReaction(liked, null)).toEqual({ type: null, reactions: { like: 2, love: 0, laugh: 1 } });
    expect(chooseReaction({ id: 4, type: 'love', reactions: { like: 0, love: 0, laugh: 0 } }, null).reactions.love).toBe(0);
  });

  it('are sent through the choice helper: counts corrected by the answer, the same type again deleted by id', async () => {
    const requests: { method: string; path: string; json: unknown; resolve(body: unknown): void }[] = [];
    const transport = <T>(path: string, request: ApiRequest) =>
      new Promise<T>((resolve) => requests.push({ method: request.method ?? 'GET', path, json: request.json, resolve: resolve as (b: unknown) => void }));
    const session = createSession(atom('token'), transport);
    const r = createReactions(7, { type: null, reactions: { like: 1, love: 0, laugh: 0 } }, { target: { type: 'dorama', id: 1 }, order: 'recent' }, { failed: 'failed', signedOut: 'sign in' }, session);

    const liking = r.choose('like');
    expect(r.$state.get()).toMatchObject({ type: 'like', reactions: { like: 2 } });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/reactions/', json: { type: 'like', comment_id: 7 } });
    // another member liked meanwhile: the server's counts win
    requests[0]!.resolve({ id: 55, type: 'like', comment_id: 7, reactions: { like: 3, love: 0, laugh: 0 } });
    await liking;
    expect(r.$state.get()).toMatchObject({ id: 55, type: 'like', reactions: { like: 3 } });

    const unliking = r.choose('like');
    expect(r.$state.get()).toMatchObject({ type: null, reactions: { like: 2 } });
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]).toMatchObject({ method: 'DELETE', path: '/reactions/55' });
    requests[1]!.resolve(undefined);
    await unliking;
    expect(r.$status.get()).toEqual({ pending: false, failure: null });
  });
});

describe('what a failure says', () => {
  const t = islandTranslator(islandMessages('en', 'comments'));
  it('a 429 says when to try again, from Retry-After', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(problemOf(new ApiClientError(429, 'Too many comments.', undefined, 42), t, 'x')).toBe('Too many tries. Please try again in 42 seconds.');
    expect(problemOf(new ApiClientError(429, 'x', undefined, 1), t, 'x')).toBe('Too many tries. Please try again in 1 second.');
    expect(problemOf(new ApiClientError(400, 'Content must be at most 5000 characters', 'content'), t, 'x')).toBe('Comments can be at most 5,000 characters.');
    // other failures are only logged (spec 2 §8)
    expect(problemOf(new ApiClientError(500, undefined), t, 'x')).toBeNull();
    const pt = islandTranslator(islandMessages('pt-br', 'comments'));
    expect(problemOf(new ApiClientError(429, 'x', undefined, 30), pt, 'x')).toBe('Muitas tentativas. Tente novamente em 30 segundos.');
  });
});

describe("a text over the API's limit, said before sending", () => {
  it('counts characters as the API does: 5,000 emoji pass (10,000 UTF-16 units), 5,001 do not; trimmed first', () => {
    expect(characterCount('😀a')).toBe(2);
    expect(tooLong('😀'.repeat(COMMENT_MAX_LENGTH))).toBe(false);
    expect(tooLong('😀'.repeat(COMMENT_MAX_LENGTH + 1))).toBe(true);
    expect(tooLong(`  ${'x'.repeat(COMMENT_MAX_LENGTH)}\n `)).toBe(false);
    expect(tooLong('x'.repeat(COMMENT_MAX_LENGTH + 1))).toBe(true);
  });
});
