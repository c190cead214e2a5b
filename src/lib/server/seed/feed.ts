// The demo's community feed (issue 21): posts over the last four weeks among the demo members,
// threads of 2–4 (a post and 1–3 replies, each answering the one before), quotes, reposts and likes,
// a few whole-post and inline spoilers, @mentions of real members, links, one post only the people
// its author follows may answer and one nobody may, one deleted post kept as a tombstone because it
// was answered, and the demo member's own posts, quote, reposts and likes. The members the demo
// member follows post more, so both tabs are full for them. Deterministic (the seed's random
// streams); written in batches; the counters (likes, reposts + quotes, replies) are set from the
// written rows in the same step, so they are exact. The block between two members holds: no like,
// repost, reply, quote or mention between them.
import type pg from 'pg';
import { FIRST_MEMBER_ID } from './accounts.ts';
import type { RowWriter } from './batch-insert.ts';
import { LINKS } from './comment-phrases.ts';
import type { ConversationMember } from './conversations.ts';
import {
  DEMO_POSTS, FOLLOWING_ONLY_POST, INLINE_SPOILER_POSTS, LINK_POSTS, MENTION_POSTS, NOBODY_POST, POST_REPLIES, POSTS, QUOTES,
  SPOILER_POSTS,
} from './post-phrases.ts';
import { rngFor, type Random } from './rng.ts';
import { WeightedSampler } from './weighted-sampler.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** the demo member the README tells newcomers to sign in as */
export const DEMO_MEMBER_ID = 3;
/** how far back the feed goes */
const FEED_DAYS = 28;

export interface FeedPlan {
  seed: number;
  today: number;
  /** the dramas posts talk about */
  dramas: readonly { id: number; title: string; episodes: number | null }[];
  /** who may take part: the demo accounts and generated members, by id */
  members: readonly ConversationMember[];
  /** [blocker, blocked] (pickBlockPair), or null */
  block: readonly [number, number] | null;
  /** whom each member follows (for the demo member's Following tab and the "following" reply control) */
  follows: ReadonlyMap<number, ReadonlySet<number>>;
}

type ReplyControl = 'everyone' | 'following' | 'nobody';

interface Draft {
  key: number;
  authorId: number;
  at: number;
  kind: 'post' | 'reply' | 'quote';
  parent: Draft | null;
  content: string;
  spoiler: boolean;
  replyControl: ReplyControl;
  editedAt: number | null;
  deletedAt: number | null;
  /** set once the drafts are put in time order */
  id: number;
}

export interface FeedCounts {
  posts: number;
  likes: number;
  reposts: number;
}

/** Draws phrases without repeating one until its bank is used up. */
function decks(rng: Random) {
  const open = new Map<readonly string[], string[]>();
  return (bank: readonly string[]): string => {
    let deck = open.get(bank);
    if (!deck || deck.length === 0) open.set(bank, (deck = rng.shuffle(bank.slice())));
    return deck.pop()!;
  };
}

/** which bank a top-level post draws from, and whether it is a spoiler as a whole */
const pickBank = (roll: number): readonly [readonly string[], boolean] =>
  roll < 0.06 ? [SPOILER_POSTS, true] : roll < 0.14 ? [INLINE_SPOILER_POSTS, false]
    : roll < 0.24 ? [MENTION_POSTS, false] : roll < 0.29 ? [LINK_POSTS, false] : [POSTS, false];

/** Writes the feed and sets its counters; answers how many posts, likes and reposts it wrote. */
export async function writeFeed(client: pg.ClientBase, plan: FeedPlan, writer: RowWriter): Promise<FeedCounts> {
  if (plan.members.length < 4 || plan.dramas.length === 0) return { posts: 0, likes: 0, reposts: 0 };
  // the end of yesterday: nothing is dated in the future of the seed's day
  const latest = plan.today * DAY - MINUTE;
  const earliest = latest - FEED_DAYS * DAY;
  const byId = new Map(plan.members.map((m) => [m.id, m]));
  const demo = byId.get(DEMO_MEMBER_ID) ?? null;
  const demoFollows = new Set([...(plan.follows.get(DEMO_MEMBER_ID) ?? [])].filter((id) => byId.has(id)));
  const followsOf = (id: number) => plan.follows.get(id) ?? new Set<number>();
  // a few regulars post most; the members the demo member follows post more (their Following tab)
  const voices = new WeightedSampler(plan.members.map((m, i) =>
    m.id < FIRST_MEMBER_ID ? 0 : (demoFollows.has(m.id) ? 4 : 1) / ((i % 41) + 1)));
  const crowd = new WeightedSampler(plan.members.map((m) => (m.id < FIRST_MEMBER_ID && m.id !== DEMO_MEMBER_ID ? 0.2 : 1)));
  // the members the demo member follows repost more: their reposts fill the Following tab too
  const reposters = new WeightedSampler(plan.members.map((m) => (m.id === DEMO_MEMBER_ID ? 0 : demoFollows.has(m.id) ? 10 : m.id < FIRST_MEMBER_ID ? 0.2 : 1)));
  const apart = (a: number, b: number) =>
    plan.block !== null && ((a === plan.block[0] && b === plan.block[1]) || (a === plan.block[1] && b === plan.block[0]));
  const joinedBy = (m: ConversationMember, at: number) => m.joinedDay * DAY < at;

  const drafts: Draft[] = [];
  let key = 0;
  const draft = (d: Omit<Draft, 'key' | 'id' | 'editedAt' | 'deletedAt' | 'spoiler' | 'replyControl'> & Partial<Draft>, rng: Random): Draft => {
    const row: Draft = {
      spoiler: false, replyControl: 'everyone', deletedAt: null,
      editedAt: rng.chance(0.06) ? Math.min(latest, d.at + rng.int(2, 120) * MINUTE) : null,
      ...d, key: key++, id: 0,
    };
    drafts.push(row);
    return row;
  };
  /** a member who had joined by `at`, is not `not`, and may speak to every one of `to` */
  const pickVoice = (rng: Random, at: number, not: readonly number[], allowed?: (id: number) => boolean): ConversationMember | null => {
    for (let tries = 0; tries < 30; tries++) {
      const m = plan.members[voices.draw(rng)];
      if (joinedBy(m, at) && !not.includes(m.id) && !not.some((o) => apart(m.id, o)) && (!allowed || allowed(m.id))) return m;
    }
    return null;
  };
  const fill = (rng: Random, text: string, author: number) =>
    text
      .replace('{title}', () => rng.pick(plan.dramas).title)
      .replace('{ep}', () => String(rng.int(2, 15)))
      .replace('{link}', () => rng.pick(LINKS))
      .replace('{mention}', () => `@${(pickVoice(rng, latest, [author]) ?? byId.get(author === DEMO_MEMBER_ID ? FIRST_MEMBER_ID : DEMO_MEMBER_ID) ?? plan.members[0]).username}`);

  /** a thread under `root`: 1–3 replies, each answering the previous one; the root's author answers back */
  const thread = (rng: Random, root: Draft, replies: number, allowed?: (id: number) => boolean) => {
    const say = decks(rng);
    let parent = root;
    let other: ConversationMember | null = null;
    for (let n = 0; n < replies; n++) {
      const at = parent.at + rng.int(5, 20 * 60) * MINUTE;
      if (at > latest) return;
      // the 2nd reply (the thread's 3rd post) is the root's author answering, when the first came from someone else
      const author: ConversationMember | null = n === 1 && other && root.replyControl === 'everyone' ? byId.get(root.authorId) ?? null
        : pickVoice(rng, at, [parent.authorId, root.authorId], allowed);
      if (!author || apart(author.id, parent.authorId) || apart(author.id, root.authorId) || author.id === parent.authorId) return;
      if (n === 0) other = author;
      parent = draft({ authorId: author.id, at, kind: 'reply', parent, content: fill(rng, say(POST_REPLIES), author.id) }, rng);
    }
  };

  // top-level posts, more for a larger demo
  const rng = rngFor(plan.seed, 'feed-posts');
  const say = decks(rng);
  const topCount = Math.min(220, 40 + plan.members.length / 10);
  const tops: Draft[] = [];
  const post = (rng: Random, authorId: number, at: number, bankOf: (roll: number) => readonly [readonly string[], boolean] = pickBank) => {
    const [bank, spoiler] = bankOf(rng.next());
    const p = draft({ authorId, at, kind: 'post', parent: null, content: fill(rng, say(bank), authorId), spoiler }, rng);
    tops.push(p);
    return p;
  };
  for (let i = 0; i < topCount; i++) {
    const at = latest - rng.int(20, FEED_DAYS * 24 * 60) * MINUTE;
    const author = pickVoice(rng, at, []);
    if (author) post(rng, author.id, at);
  }
  // every member the demo member follows has posted at least twice lately
  for (const id of [...demoFollows].sort((a, b) => a - b)) {
    const m = byId.get(id)!;
    for (let n = 0; n < 2; n++) {
      const at = latest - rng.int(20, 14 * 24 * 60) * MINUTE;
      if (joinedBy(m, at)) post(rng, id, at);
    }
  }
  // the demo member's own posts
  if (demo) {
    for (let n = 0; n < DEMO_POSTS.length; n++) {
      const at = latest - rng.int(60, FEED_DAYS * 24 * 60) * MINUTE;
      if (joinedBy(demo, at)) post(rng, DEMO_MEMBER_ID, at, () => [DEMO_POSTS, false]);
    }
  }

  // threads under a share of the posts (the demo member's first post always has one)
  for (const p of [...tops]) {
    const r = rngFor(plan.seed, 'feed-thread', p.key);
    if (r.chance(p.authorId === DEMO_MEMBER_ID ? 0.75 : 0.4)) thread(r, p, r.int(1, 3));
  }

  // the two posts that limit replies: only the members its author follows, and nobody
  const special = rngFor(plan.seed, 'feed-reply-control');
  const closer = plan.members.find((m) => m.id >= FIRST_MEMBER_ID && followsOf(m.id).size >= 2 && joinedBy(m, earliest));
  if (closer) {
    const at = latest - special.int(2 * 24 * 60, 6 * 24 * 60) * MINUTE;
    const p = draft({ authorId: closer.id, at, kind: 'post', parent: null, content: fill(special, FOLLOWING_ONLY_POST, closer.id), replyControl: 'following' }, special);
    tops.push(p);
    const followed = followsOf(closer.id);
    thread(special, p, 1, (id) => followed.has(id));
    thread(special, p, 1, (id) => followed.has(id));
  }
  const quiet = pickVoice(special, earliest, [DEMO_MEMBER_ID]);
  if (quiet) {
    const at = latest - special.int(24 * 60, 3 * 24 * 60) * MINUTE;
    tops.push(draft({ authorId: quiet.id, at, kind: 'post', parent: null, content: NOBODY_POST, replyControl: 'nobody' }, special));
  }

  // one deleted post that was answered: a tombstone (content emptied) with its thread under it
  const gone = rngFor(plan.seed, 'feed-tombstone');
  const ghost = pickVoice(gone, earliest, [DEMO_MEMBER_ID]);
  let tombstone: Draft | null = null;
  if (ghost) {
    const at = latest - gone.int(5 * 24 * 60, 9 * 24 * 60) * MINUTE;
    tombstone = draft({ authorId: ghost.id, at, kind: 'post', parent: null, content: fill(gone, gone.pick(POSTS), ghost.id) }, gone);
    thread(gone, tombstone, 2);
    thread(gone, tombstone, 1);
    const answered = drafts.filter((d) => d.key > tombstone!.key);
    const last = Math.max(...answered.map((d) => d.at), at);
    tombstone.deletedAt = Math.min(latest, last + gone.int(30, 600) * MINUTE);
    tombstone.content = '';
    tombstone.editedAt = null;
  }

  // quotes of earlier posts (never of a limited or deleted one, never across the block)
  const quotable = tops.filter((p) => p.replyControl === 'everyone' && p !== tombstone);
  const quoteRng = rngFor(plan.seed, 'feed-quotes');
  const quoteSay = decks(quoteRng);
  for (const p of quotable) {
    if (!quoteRng.chance(0.12)) continue;
    const at = p.at + quoteRng.int(30, 3 * 24 * 60) * MINUTE;
    if (at > latest) continue;
    const author = pickVoice(quoteRng, at, [p.authorId]);
    if (author) draft({ authorId: author.id, at, kind: 'quote', parent: p, content: fill(quoteRng, quoteSay(QUOTES), author.id) }, quoteRng);
  }
  // the demo member quotes a post of someone they follow
  const followedPost = quotable.find((p) => demoFollows.has(p.authorId) && !apart(p.authorId, DEMO_MEMBER_ID));
  if (demo && followedPost && followedPost.at + 60 * MINUTE < latest) {
    draft({ authorId: DEMO_MEMBER_ID, at: followedPost.at + 60 * MINUTE, kind: 'quote', parent: followedPost, content: QUOTES[0] }, quoteRng);
  }

  // time order gives the ids: a parent always precedes its replies and quotes
  drafts.sort((a, b) => a.at - b.at || a.key - b.key);
  drafts.forEach((d, i) => (d.id = i + 1));
  const stamp = (ms: number) => new Date(ms).toISOString();
  for (const d of drafts) {
    writer.add('posts', [
      d.id, d.authorId, d.kind, d.parent?.id ?? null, d.content, d.spoiler, d.replyControl, stamp(d.at),
      d.editedAt === null ? null : stamp(d.editedAt), d.deletedAt === null ? null : stamp(d.deletedAt),
    ]);
  }
  await writer.flushAll();

  // reposts and likes: never of one's own post, of a deleted one, across the block, or before joining
  let likes = 0;
  let reposts = 0;
  for (const d of drafts) {
    if (d.deletedAt !== null) continue;
    const r = rngFor(plan.seed, 'feed-reactions', d.id);
    const may = (m: ConversationMember) => m.id !== d.authorId && !apart(m.id, d.authorId) && joinedBy(m, d.at);
    const top = d.kind !== 'reply';
    const reposting = top ? Math.floor(Math.exp(r.float(0, Math.log(9)))) - 1 : 0;
    // the demo member likes and reposts some of what the members they follow post
    const fromFollowed = demo !== null && top && demoFollows.has(d.authorId) && may(demo);
    const reposted = new Set(reposting > 0 ? reposters.drawDistinct(r, Math.min(plan.members.length - 1, reposting)).map((i) => plan.members[i].id) : []);
    if (fromFollowed && r.chance(0.15)) reposted.add(DEMO_MEMBER_ID);
    const liking = Math.floor(Math.exp(r.float(0, Math.log(top ? 26 : 6)))) - 1;
    const liked = new Set(crowd.drawDistinct(r, Math.min(plan.members.length - 1, liking)).map((i) => plan.members[i].id));
    if (fromFollowed && r.chance(0.5)) liked.add(DEMO_MEMBER_ID);
    for (const id of reposted) {
      if (!may(byId.get(id)!)) continue;
      writer.add('post_reposts', [id, d.id, stamp(Math.min(latest, d.at + r.int(5, 4 * 24 * 60) * MINUTE))]);
      reposts++;
    }
    for (const id of liked) {
      if (!may(byId.get(id)!)) continue;
      writer.add('post_likes', [id, d.id, stamp(Math.min(latest, d.at + r.int(1, 3 * 24 * 60) * MINUTE))]);
      likes++;
    }
    await writer.flushIfFull();
  }
  await writer.flushAll();
  await setFeedCounters(client);
  return { posts: drafts.length, likes, reposts };
}

/** The counters from the rows (a live quote counts as a repost of the quoted post), and the identity sequence. */
async function setFeedCounters(client: pg.ClientBase): Promise<void> {
  await client.query(`
    UPDATE posts p SET likes_count = r.likes, reposts_count = r.reposts, replies_count = r.replies
    FROM (SELECT post_id, sum(likes)::int AS likes, sum(reposts)::int AS reposts, sum(replies)::int AS replies
          FROM (SELECT post_id, 1 AS likes, 0 AS reposts, 0 AS replies FROM post_likes
                UNION ALL SELECT post_id, 0, 1, 0 FROM post_reposts
                UNION ALL SELECT parent_id, 0, (kind = 'quote')::int, (kind = 'reply')::int FROM posts
                  WHERE parent_id IS NOT NULL AND deleted_at IS NULL AND NOT quote_detached) AS x
          GROUP BY post_id) r
    WHERE p.id = r.post_id`);
  await client.query(`SELECT setval(pg_get_serial_sequence('posts', 'id'), coalesce(max(id), 0) + 1, false) FROM posts`);
}
