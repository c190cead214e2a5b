// The demo's conversation (issue 20): comments, replies (one level) and reactions on the dramas the
// home page shows first and on a few members' profiles, one block between two generated members and
// one open report. Deterministic (the seed's random streams); written in batches; the counters
// (like/love/laugh, replies) are set from the written rows in the same step, so they are exact.
import type pg from 'pg';
import { FIRST_MEMBER_ID } from './accounts.ts';
import type { RowWriter } from './batch-insert.ts';
import {
  DRAMA_COMMENTS, INLINE_SPOILER_COMMENTS, LINK_COMMENTS, LINKS, MENTION_COMMENTS, PROFILE_COMMENTS, REPLIES,
  REPORTED_COMMENT, SPOILER_COMMENTS,
} from './comment-phrases.ts';
import { rngFor, type Random } from './rng.ts';
import { WeightedSampler } from './weighted-sampler.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** the demo member the README tells newcomers to sign in as */
const DEMO_MEMBER_ID = 3;

export interface ConversationMember {
  id: number;
  username: string;
  firstName: string;
  joinedDay: number;
}

export interface ConversationPlan {
  seed: number;
  today: number;
  /** the dramas to talk about, the most visible first (the first one gets a long thread) */
  dramas: readonly { id: number; title: string; episodes: number | null }[];
  /** members whose profiles get comments */
  profiles: readonly number[];
  /** who may take part: the demo accounts and generated members, by id */
  members: readonly ConversationMember[];
  /** [blocker, blocked] (pickBlockPair), or null */
  block: readonly [number, number] | null;
}

/** Two generated members, neither of them a demo account: the demo's one block. */
export function pickBlockPair(seed: number, totalMembers: number): [number, number] | null {
  if (totalMembers - FIRST_MEMBER_ID < 3) return null;
  const rng = rngFor(seed, 'block');
  const blocker = rng.int(FIRST_MEMBER_ID, totalMembers);
  let blocked = rng.int(FIRST_MEMBER_ID, totalMembers - 1);
  if (blocked >= blocker) blocked++;
  return [blocker, blocked];
}

/** The block and its consequence (any follow between the two ends); before the follower counters are set. */
export async function writeBlock(client: pg.ClientBase, seed: number, today: number, pair: readonly [number, number]): Promise<void> {
  const rng = rngFor(seed, 'block-day');
  const at = new Date((today - rng.int(2, 20)) * DAY + rng.int(9 * 60, 22 * 60) * MINUTE).toISOString();
  await client.query('INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES ($1, $2, $3)', [pair[0], pair[1], at]);
  await client.query(
    'DELETE FROM follows WHERE (follower_id = $1 AND followee_id = $2) OR (follower_id = $2 AND followee_id = $1)',
    [pair[0], pair[1]],
  );
}

/** Draws phrases without repeating one until its bank is used up (no two comments alike under one drama). */
function decks(rng: Random) {
  const open = new Map<readonly string[], string[]>();
  return (bank: readonly string[]): string => {
    let deck = open.get(bank);
    if (!deck || deck.length === 0) open.set(bank, (deck = rng.shuffle(bank.slice())));
    return deck.pop()!;
  };
}

interface Written {
  id: number;
  authorId: number;
  at: number;
}

/** Writes the conversation and sets its counters; answers how many comments and reactions it wrote. */
export async function writeConversations(client: pg.ClientBase, plan: ConversationPlan, writer: RowWriter): Promise<{ comments: number; reactions: number }> {
  if (plan.members.length < 4 || plan.dramas.length === 0) return { comments: 0, reactions: 0 };
  // the end of yesterday: nothing is dated in the future of the seed's day
  const latest = plan.today * DAY - MINUTE;
  const byId = new Map(plan.members.map((m) => [m.id, m]));
  // a few regulars write most of it; every member may react
  const voices = new WeightedSampler(plan.members.map((m, i) => (m.id < FIRST_MEMBER_ID ? 0.2 : 1 / ((i % 41) + 1))));
  const crowd = new WeightedSampler(plan.members.map(() => 1));
  const ids = { comment: 1, reaction: 1 };
  // blocked members never reply to, react to or comment on the profile of each other
  const apart = (a: number, b: number) =>
    plan.block !== null && ((a === plan.block[0] && b === plan.block[1]) || (a === plan.block[1] && b === plan.block[0]));

  const stamp = (ms: number) => new Date(ms).toISOString();
  const fill = (rng: Random, text: string, ctx: { title?: string; episodes?: number | null; name?: string; author: number }) =>
    text
      .replace('{title}', ctx.title ?? '')
      .replace('{ep}', String(rng.int(2, Math.max(3, (ctx.episodes ?? 16) - 1))))
      .replace('{name}', ctx.name ?? '')
      .replace('{link}', rng.pick(LINKS))
      .replace('{mention}', () => `@${pickOther(rng, ctx.author).username}`);
  const pickOther = (rng: Random, not: number): ConversationMember => {
    for (;;) {
      const m = plan.members[voices.draw(rng)];
      if (m.id !== not) return m;
    }
  };
  /** an author who had joined by `at` and may speak to `owner` (the profile's owner or the parent's author) */
  const pickAuthor = (rng: Random, at: number, owner: number | null): ConversationMember | null => {
    for (let tries = 0; tries < 20; tries++) {
      const m = plan.members[voices.draw(rng)];
      if (m.joinedDay * DAY < at && m.id !== owner && (owner === null || !apart(m.id, owner))) return m;
    }
    return null;
  };

  const react = (rng: Random, comment: Written, most: number) => {
    const count = Math.min(plan.members.length - 1, Math.floor(Math.exp(rng.float(0, Math.log(most + 1)))) - 1);
    for (const i of crowd.drawDistinct(rng, count)) {
      const m = plan.members[i];
      if (m.id === comment.authorId || apart(m.id, comment.authorId) || m.joinedDay * DAY >= comment.at) continue;
      const type = rng.weighted([['like', 6], ['love', 3], ['laugh', 2]] as const);
      const at = Math.min(latest, comment.at + rng.int(1, 5 * 24 * 60) * MINUTE);
      writer.add('comment_reactions', [ids.reaction++, m.id, comment.id, type, stamp(at)]);
    }
  };

  const write = (
    rng: Random, author: number, at: number, content: string,
    target: { drama?: number; profile?: number; parent?: Written; spoiler?: boolean },
  ): Written => {
    const edited = rng.chance(0.08) ? stamp(Math.min(latest, at + rng.int(2, 180) * MINUTE)) : null;
    const row: Written = { id: ids.comment++, authorId: author, at };
    writer.add('comments', [
      row.id, author, target.drama ?? null, target.profile ?? null, target.parent?.id ?? null, content, target.spoiler ?? false, stamp(at), edited,
    ]);
    return row;
  };

  /** one level of replies under `parent`; the profile's owner (if any) answers often */
  const writeReplies = (rng: Random, parent: Written, ctx: { drama?: number; profile?: number; title?: string }) => {
    if (!rng.chance(ctx.profile ? 0.5 : 0.4)) return;
    const say = decks(rng);
    for (let n = rng.int(1, 4), at = parent.at; n > 0; n--) {
      at += rng.int(10, 36 * 60) * MINUTE;
      if (at > latest) return;
      const owner = ctx.profile && n === 1 && !apart(ctx.profile, parent.authorId) ? byId.get(ctx.profile) : null;
      const author = owner ?? pickAuthor(rng, at, parent.authorId);
      if (!author || (ctx.profile && apart(author.id, ctx.profile))) continue;
      const reply = write(rng, author.id, at, fill(rng, say(REPLIES), { ...ctx, author: author.id }), { drama: ctx.drama, profile: ctx.profile, parent });
      react(rng, reply, 6);
    }
  };

  plan.dramas.forEach((drama, rank) => {
    const rng = rngFor(plan.seed, 'drama-comments', drama.id);
    // the first drama gets a long thread (more than one page); the others a handful each
    const count = rank === 0 ? 26 : rng.int(4, 11);
    const say = decks(rng);
    for (let i = 0; i < count; i++) {
      const at = latest - rng.int(60, 90 * 24 * 60) * MINUTE;
      // the demo member has said something on the first two dramas (their own comments to edit)
      const author = i === 1 && rank < 2 ? byId.get(DEMO_MEMBER_ID) ?? null : pickAuthor(rng, at, null);
      if (!author) continue;
      const roll = rng.next();
      const [bank, spoiler] = roll < 0.12 ? [SPOILER_COMMENTS, true] : roll < 0.24 ? [INLINE_SPOILER_COMMENTS, false]
        : roll < 0.34 ? [MENTION_COMMENTS, false] : roll < 0.4 ? [LINK_COMMENTS, false] : [DRAMA_COMMENTS, false];
      const ctx = { drama: drama.id, title: drama.title, episodes: drama.episodes };
      const comment = write(rng, author.id, at, fill(rng, say(bank), { ...ctx, author: author.id }), { drama: drama.id, spoiler });
      react(rng, comment, 30);
      writeReplies(rng, comment, ctx);
    }
  });

  for (const profile of plan.profiles) {
    const owner = byId.get(profile);
    if (!owner) continue;
    const rng = rngFor(plan.seed, 'profile-comments', profile);
    const say = decks(rng);
    for (let n = rng.int(3, 6); n > 0; n--) {
      const at = latest - rng.int(60, 60 * 24 * 60) * MINUTE;
      const author = pickAuthor(rng, at, profile);
      if (!author || owner.joinedDay * DAY >= at) continue;
      const comment = write(rng, author.id, at, fill(rng, say(PROFILE_COMMENTS), { name: owner.firstName, author: author.id }), { profile });
      react(rng, comment, 12);
      writeReplies(rng, comment, { profile });
    }
  }

  // the one open report: an unmarked spoiler on the first drama, reported by another member
  const rng = rngFor(plan.seed, 'report');
  const at = latest - rng.int(3 * 60, 24 * 60) * MINUTE;
  const spoiler = pickAuthor(rng, at, null);
  if (spoiler) {
    const reported = write(rng, spoiler.id, at, REPORTED_COMMENT, { drama: plan.dramas[0].id });
    const reporter = pickAuthor(rng, at, spoiler.id);
    if (reporter) {
      writer.add('reports', [1, reporter.id, 'comment', reported.id, 'spoiler', 'Spoils the ending without the spoiler mark.', 'open', stamp(Math.min(latest, at + 40 * MINUTE))]);
    }
  }

  await writer.flushAll();
  await setCounters(client);
  return { comments: ids.comment - 1, reactions: ids.reaction - 1 };
}

/** The counters from the rows, and the identity sequences after the explicit ids. */
async function setCounters(client: pg.ClientBase): Promise<void> {
  await client.query(`
    UPDATE comments c SET like_count = r.likes, love_count = r.loves, laugh_count = r.laughs
    FROM (SELECT comment_id,
            count(*) FILTER (WHERE type = 'like')::int AS likes,
            count(*) FILTER (WHERE type = 'love')::int AS loves,
            count(*) FILTER (WHERE type = 'laugh')::int AS laughs
          FROM comment_reactions GROUP BY comment_id) r
    WHERE c.id = r.comment_id`);
  await client.query(`
    UPDATE comments c SET replies_count = r.n
    FROM (SELECT parent_id, count(*)::int AS n FROM comments WHERE parent_id IS NOT NULL GROUP BY parent_id) r
    WHERE c.id = r.parent_id`);
  for (const table of ['comments', 'comment_reactions', 'reports']) {
    await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce(max(id), 0) + 1, false) FROM ${table}`);
  }
}
