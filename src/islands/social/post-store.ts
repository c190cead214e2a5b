import { atom, map, type MapStore } from 'nanostores';
import { getPost, toggleLike, toggleRepost } from '../../lib/api/operations/social.ts';
import type { Post } from '../../lib/api/wire/index.ts';
import { session as pageSession, type Session } from '../shared/data-layer/session.ts';
import { createToggle, type Cell, type Toggle } from '../shared/data-layer/toggle.ts';
import { failureWords } from './problems.ts';

// ONE store per post, shared by every place it shows (issue 21 "State"): the list, the thread modal,
// a quote's card, the post's own page. A like in the thread moves the list's count at once, because
// both read the same `map` store. Likes and reposts go through the data layer's one toggle helper
// (createToggle, as hearts and reactions): the count moves at once, is corrected from the server's
// answer, and rolls back on failure (spec 2 §8: only logged; a 429 says when to try again).

const stores = new Map<number, MapStore<Post>>();

/** The store of post `id` (undefined until a read showed it). */
export const postStore = (id: number): MapStore<Post> | undefined => stores.get(id);

/** Keeps what a read answered: a new store, or the known one brought up to date (every place follows). */
export function remember(post: Post): MapStore<Post> {
  const known = stores.get(post.id);
  if (known) {
    known.set({ ...known.get(), ...post });
    return known;
  }
  const store = map<Post>(post);
  stores.set(post.id, store);
  return store;
}

/** Changes what is known of a post (an edit, a delete, a new reply's count), wherever it shows. */
export function change(id: number, patch: Partial<Post>) {
  const store = stores.get(id);
  if (store) store.set({ ...store.get(), ...patch });
}

/** Moves a counter of what is known of a post (a reply, a quote, a deletion, a detach seen here), never below 0. */
export function moveCount(id: number, key: 'replies_count' | 'reposts_count', by: 1 | -1) {
  const store = stores.get(id);
  if (store) change(id, { [key]: Math.max(0, store.get()[key] + by) });
}

/** `@username` → member id for every name read so far (the pages' and threads' `mentions`). */
export const $mentions = atom<Record<string, number>>({});
export function rememberMentions(mentions: Record<string, number> | undefined) {
  if (mentions && Object.keys(mentions).length) $mentions.set({ ...$mentions.get(), ...mentions });
}

/** Bumped when a thread changed (a reply added, a post deleted): an open thread reads itself again. */
export const $threadVersion = atom(0);
export const threadChanged = () => $threadVersion.set($threadVersion.get() + 1);

type LikeCell = Pick<Post, 'is_liked' | 'likes_count'>;
type RepostCell = Pick<Post, 'is_reposted' | 'reposts_count'>;

/** A cell (toggle.ts) over some fields of a post's store: set writes only those fields. */
function fieldsCell<K extends keyof Post>(id: number, keys: K[], session: Session): Cell<Pick<Post, K>> {
  let reading = false;
  const pick = (post: Post) => Object.fromEntries(keys.map((k) => [k, post[k]])) as Pick<Post, K>;
  return {
    get: () => {
      const post = stores.get(id)?.get();
      return post ? pick(post) : undefined;
    },
    reading: () => reading,
    set: (state) => change(id, pick(state as Post)),
    async refresh() {
      reading = true;
      try {
        const fresh = await session.call(getPost(id, 'member'));
        const { replies: _replies, replies_next_cursor: _next, mentions: _mentions, ...post } = fresh;
        remember(post);
        return pick(post);
      } finally {
        reading = false;
      }
    },
  };
}

/** What a failed like or repost says: nothing (spec 2 §8: logged), but a 429 says when to try again. */
export type FailureWords = (retryAfterSeconds: number) => string;
const failureOf = (words: FailureWords, what: string) => (error: unknown) => failureWords(error, what, words);

const likes = new Map<number, Toggle>();
const reposts = new Map<number, Toggle>();

/** The like switch of post `id` (one per post, whatever shows it). */
export function likeToggle(id: number, tooMany: FailureWords, session: Session = pageSession): Toggle {
  let toggle = likes.get(id);
  if (!toggle) {
    toggle = createToggle<LikeCell>(
      {
        cell: fieldsCell(id, ['is_liked', 'likes_count'], session),
        isOn: (s) => s.is_liked,
        flip: (s) => ({ is_liked: !s.is_liked, likes_count: Math.max(0, s.likes_count + (s.is_liked ? -1 : 1)) }),
        // POST toggles; its answer {success, is_liked, likes_count} is the state after it
        write: () => toggleLike(id),
        messages: { failed: failureOf(tooMany, 'a like'), signedOut: '' },
      },
      session,
    );
    likes.set(id, toggle);
  }
  return toggle;
}

/** The repost switch of post `id`; one's own post is refused (400) and read again. */
export function repostToggle(id: number, tooMany: FailureWords, session: Session = pageSession): Toggle {
  let toggle = reposts.get(id);
  if (!toggle) {
    toggle = createToggle<RepostCell>(
      {
        cell: fieldsCell(id, ['is_reposted', 'reposts_count'], session),
        isOn: (s) => s.is_reposted,
        flip: (s) => ({ is_reposted: !s.is_reposted, reposts_count: Math.max(0, s.reposts_count + (s.is_reposted ? -1 : 1)) }),
        write: () => toggleRepost(id),
        messages: { failed: failureOf(tooMany, 'a repost'), signedOut: '' },
      },
      session,
    );
    reposts.set(id, toggle);
  }
  return toggle;
}

/** Forgets every post (tests; a sign-in or sign-out, whose answers differ: is_liked, can_reply). */
export function forgetPosts() {
  stores.clear();
  likes.clear();
  reposts.clear();
  $mentions.set({});
}
