import { useEffect, useRef, useState } from 'react';
import { listPosts, type FeedTab } from '../../lib/api/operations/social.ts';
import type { FeedItem, FeedPage, Post, PostAuthor } from '../../lib/api/wire/index.ts';
import { session as pageSession, type Session } from '../shared/data-layer/session.ts';
import { remember, rememberMentions } from './post-store.ts';

/** One row of a timeline: a post, or a repost of it (who reposted it, when). The post itself is in its store. */
export interface FeedEntry {
  /** unique in the list: the post, or the post as reposted by someone */
  key: string;
  id: number;
  repostedBy: PostAuthor | null;
}

export interface FeedList {
  entries: FeedEntry[];
  /** where the next page starts; null when the timeline is all shown */
  cursor: string | null;
}

export const entryOf = (item: FeedItem): FeedEntry => ({
  key: item.reposted_by ? `${item.id}:r${item.reposted_by.id}` : String(item.id),
  id: item.id,
  repostedBy: item.reposted_by ?? null,
});

/** A page added at the end: its posts kept in their stores, rows already shown (one's own new post) not shown twice. */
export function withPage(list: FeedList, page: FeedPage): FeedList {
  rememberMentions(page.mentions);
  const shown = new Set(list.entries.map((e) => e.key));
  const entries = [...list.entries];
  for (const item of page.posts) {
    const { reposted_by: _by, reposted_at: _at, ...post } = item;
    remember(post);
    const entry = entryOf(item);
    if (shown.has(entry.key)) continue;
    shown.add(entry.key);
    entries.push(entry);
  }
  return { entries, cursor: page.next_cursor };
}

/** One's new post (or quote): first. */
export function withNewPost(list: FeedList, post: Post): FeedList {
  remember(post);
  const key = String(post.id);
  return { ...list, entries: [{ key, id: post.id, repostedBy: null }, ...list.entries.filter((e) => e.key !== key)] };
}

/**
 * A timeline (For You or Following): its first page as the member when signed in (is_liked,
 * can_reply), the next by cursor when asked. Failures are only logged and the list is empty (spec 2
 * §8). A new tab or caller starts over; answers for an older start are dropped.
 */
export function useFeed(tab: FeedTab, member: boolean, enabled = true, session: Session = pageSession) {
  const [list, setList] = useState<FeedList | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);

  useEffect(() => {
    if (!enabled) return;
    const mine = ++generation.current;
    setList(null);
    setLoadingMore(false);
    session.call(listPosts(tab, null, member ? 'member' : 'anyone')).then(
      (page) => {
        if (generation.current === mine) setList(withPage({ entries: [], cursor: null }, page));
      },
      (error: unknown) => {
        console.error('social: the timeline could not be read', error);
        if (generation.current === mine) setList({ entries: [], cursor: null });
      },
    );
  }, [tab, member, enabled]);

  /** the next page; false when it could not be read */
  async function more(): Promise<boolean | void> {
    const mine = generation.current;
    if (!list?.cursor || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await session.call(listPosts(tab, list.cursor, member ? 'member' : 'anyone'));
      if (generation.current === mine) setList((now) => (now ? withPage(now, page) : now));
      return true;
    } catch (error) {
      console.error('social: the next page could not be read', error);
      return false;
    } finally {
      if (generation.current === mine) setLoadingMore(false);
    }
  }

  return { list, loading: !list, loadingMore, more, update: setList };
}
