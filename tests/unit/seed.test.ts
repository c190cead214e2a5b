import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ArtStudio } from '../../src/lib/server/seed/art-studio.ts';
import type { RowWriter } from '../../src/lib/server/seed/batch-insert.ts';
import { planCatalogue } from '../../src/lib/server/seed/catalogue.ts';
import { writeMembers } from '../../src/lib/server/seed/community.ts';
import { pickBlockPair, writeConversations, type ConversationMember } from '../../src/lib/server/seed/conversations.ts';
import { writeDrama } from '../../src/lib/server/seed/drama-rows.ts';
import { writeFeed } from '../../src/lib/server/seed/feed.ts';
import { writePerson } from '../../src/lib/server/seed/people-rows.ts';
import { rngFor } from '../../src/lib/server/seed/rng.ts';
import { toDayNumber } from '../../src/lib/server/seed/schedule.ts';

const TODAY = toDayNumber('2026-11-22');
const SEED = 20_240_601;

/** a stand-in for the database writer that keeps the rows in memory */
function collectRows() {
  const rows: Record<string, unknown[][]> = {};
  const writer = {
    add: (table: string, values: readonly unknown[]) => void (rows[table] ??= []).push([...values]),
    flushIfFull: async () => {},
    flushAll: async () => {},
  };
  return { rows, writer: writer as unknown as RowWriter };
}

/** every row of a small catalogue, as the seed would write it */
function generateSmallCatalogue(mediaDir: string) {
  const { plans, people, casting } = planCatalogue({ seed: SEED, today: TODAY, dramas: 300, people: 900 });
  const art = new ArtStudio(SEED, mediaDir, false);
  art.prepare();
  const { rows, writer } = collectRows();
  for (let id = 1; id <= people.count; id++) writePerson(id, { seed: SEED, today: TODAY, people, casting, plans, art }, writer);
  const ids = { photo: 1, episode: 1, credit: 1 };
  for (const plan of plans) writeDrama(plan, { seed: SEED, today: TODAY, art, casting, people, ids }, writer);
  return { plans, rows };
}

const tempDirs: string[] = [];
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `seed-${name}-`));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => tempDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
const column = (rows: unknown[][], index: number) => rows.map((r) => r[index]);

describe('the random streams', () => {
  it('give the same numbers for the same seed, stream and record, and different ones otherwise', () => {
    const draw = (stream: string, id: number) => Array.from({ length: 5 }, () => rngFor(SEED, stream, id).nextUint32());
    expect(draw('drama', 7)).toEqual(draw('drama', 7));
    expect(rngFor(SEED, 'drama', 7).next()).not.toBe(rngFor(SEED, 'drama', 8).next());
    expect(rngFor(SEED, 'drama', 7).next()).not.toBe(rngFor(SEED, 'person', 7).next());
    const rng = rngFor(1, 'bounds');
    for (let i = 0; i < 1000; i++) expect(rng.int(3, 5)).toBeGreaterThanOrEqual(3);
  });
});

describe('the demo catalogue generator', () => {
  const first = generateSmallCatalogue(tempDir('a'));
  const secondDir = tempDir('b');
  const second = generateSmallCatalogue(secondDir);

  it('produces the same rows and the same art files on every run', () => {
    expect(JSON.stringify(second.rows)).toBe(JSON.stringify(first.rows));
    const poster = fs.readFileSync(path.join(secondDir, 'art/dramas/1-poster.svg'), 'utf8');
    expect(poster).toMatch(/^<svg [^>]*viewBox="0 0 300 450"/);
    expect(poster.trim().endsWith('</svg>')).toBe(true);
  });

  it('keeps every art file under 3 KB', () => {
    for (const dir of ['dramas', 'people', 'stills']) {
      for (const file of fs.readdirSync(path.join(secondDir, 'art', dir))) {
        expect(fs.statSync(path.join(secondDir, 'art', dir, file)).size, file).toBeLessThan(3072);
      }
    }
  });

  it('gives each drama a status that agrees with its dates', () => {
    for (const { schedule: s, year } of first.plans) {
      if (s.status === 'completed') expect(s.end!).toBeLessThan(TODAY);
      if (s.status === 'airing') {
        expect(s.start!).toBeLessThanOrEqual(TODAY);
        if (s.end !== null) expect(s.end).toBeGreaterThanOrEqual(TODAY);
      }
      if (s.status === 'upcoming' && s.start !== null) expect(s.start - TODAY).toBeGreaterThan(0);
      if (s.status === 'upcoming' && s.start !== null) expect(s.start - TODAY).toBeLessThanOrEqual(366);
      if (year !== null) expect(year).toBeGreaterThanOrEqual(1990);
      if (year !== null) expect(year).toBeLessThanOrEqual(2027);
    }
    const statuses = new Set(first.plans.map((p) => p.schedule.status));
    expect([...statuses].sort()).toEqual(['airing', 'completed', 'upcoming']);
  });

  it('writes unique titles, native titles in the script of the country, and sensible fields', () => {
    const dramas = first.rows.dramas;
    const titles = column(dramas, 1) as string[];
    expect(new Set(titles.map((t) => t.toLowerCase())).size).toBe(titles.length);
    const scripts: Record<string, RegExp> = {
      'South Korea': /\p{Script=Hangul}/u, China: /\p{Script=Han}/u, Taiwan: /\p{Script=Han}/u, 'Hong Kong': /\p{Script=Han}/u,
      Japan: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u, Thailand: /\p{Script=Thai}/u,
    };
    for (const d of dramas) {
      const [, , , native, , synopsis, type, , country, , episodes] = d as [number, string, string, string[], string[], string, string, string, string, number, number | null];
      if (scripts[country]) expect(native[0], country).toMatch(scripts[country]);
      expect(synopsis.split('. ').length).toBeGreaterThanOrEqual(2);
      if (type === 'movie') expect(episodes).toBe(1);
      if (type === 'special') expect(episodes).toBeLessThanOrEqual(3);
    }
    const perDrama = (table: string) => Object.values(Object.groupBy(first.rows[table], (r) => r[0] as number)).map((g) => g!.length);
    expect(Math.min(...perDrama('drama_genres'))).toBeGreaterThanOrEqual(1);
    expect(Math.max(...perDrama('drama_genres'))).toBeLessThanOrEqual(4);
    expect(Math.max(...perDrama('drama_tags'))).toBeLessThanOrEqual(8);
  });

  it('casts two to four leads per series, mostly people of the same country', () => {
    const credits = first.rows.credits;
    const mains = Object.values(Object.groupBy(credits.filter((c) => c[3] === 'main'), (c) => c[1] as number));
    for (const m of mains) expect(m!.length).toBeLessThanOrEqual(5);
    const nationality = new Map(first.rows.people.map((p) => [p[0], (p[6] as string[])[0]]));
    const country = new Map(first.rows.dramas.map((d) => [d[0], d[8]]));
    const toNationality: Record<string, string> = { 'South Korea': 'South Korean', China: 'Chinese', Japan: 'Japanese' };
    const checked = credits.filter((c) => toNationality[country.get(c[1]) as string]);
    const local = checked.filter((c) => nationality.get(c[2]) === toNationality[country.get(c[1]) as string]);
    expect(local.length / checked.length).toBeGreaterThan(0.9);
  });

  it('gives nine in ten people a portrait and everyone a biography and a birth date for an age of 18 to 75', () => {
    const people = first.rows.people;
    const withImage = people.filter((p) => p[8] !== null).length / people.length;
    expect(withImage).toBeGreaterThan(0.85);
    expect(withImage).toBeLessThan(0.95);
    for (const p of people) {
      expect(String(p[4]).length).toBeGreaterThan(60);
      const born = Number(String(p[7]).slice(0, 4));
      expect(2026 - born).toBeGreaterThanOrEqual(18);
      expect(2026 - born).toBeLessThanOrEqual(75);
    }
  });
});

describe("members' lists", () => {
  // the default demo size: 1,500 dramas, 4,000 people, 1,500 members (about 70k entries, 2 s)
  const generated = (async () => {
    const { plans, casting } = planCatalogue({ seed: SEED, today: TODAY, dramas: 1500, people: 4000 });
    const { rows, writer } = collectRows();
    await writeMembers(
      { seed: SEED, today: TODAY, plans, casting, members: 1500, listMean: 45, staffHashes: ['a', 'b', 'c'], memberHash: 'm' },
      writer,
    );
    return { plans, rows, entries: rows.list_entries };
  })();

  it('follow what each drama allows: nothing but plans for upcoming dramas, progress within the episodes', async () => {
    const { plans, rows, entries } = await generated;
    for (const [, , dramaId, status, score, progress] of entries as [number, number, number, string, number | null, number][]) {
      const plan = plans[dramaId - 1];
      if (plan.schedule.status === 'upcoming') expect(status).toBe('plan_to_watch');
      if (status === 'completed') expect(progress).toBe(plan.episodes);
      if (plan.episodes !== null) expect(progress).toBeLessThanOrEqual(plan.episodes);
      if (status === 'plan_to_watch') expect(score).toBeNull();
      if (score !== null) expect(score >= 1 && score <= 10).toBe(true);
    }
    const usernames = rows.users.map((u) => String(u[2]).toLowerCase());
    expect(new Set(usernames).size).toBe(usernames.length);
    for (const u of rows.users) expect(u[2]).toMatch(/^[A-Za-z0-9]{3,50}$/);
  });

  it('concentrate on popular dramas so that about 150 reach the 100 votes a rank needs, rated mostly 6.5 to 9.2', async () => {
    const { entries } = await generated;
    const votes = new Map<number, number[]>();
    for (const e of entries) if (e[4] !== null) votes.set(e[2] as number, [...(votes.get(e[2] as number) ?? []), e[4] as number]);
    const ranked = [...votes.values()].filter((v) => v.length >= 100);
    expect(ranked.length).toBeGreaterThanOrEqual(140);
    const means = ranked.map((v) => v.reduce((a, b) => a + b, 0) / v.length);
    const typical = means.filter((m) => m >= 6.5 && m <= 9.2).length / means.length;
    expect(typical).toBeGreaterThan(0.85);
  });

  it('keep at most five favourites of each kind per member', async () => {
    const { rows } = await generated;
    for (const table of ['favourite_dramas', 'favourite_people']) {
      const perMember = Object.values(Object.groupBy(rows[table], (r) => r[0] as number)).map((g) => g!.length);
      expect(Math.max(...perMember)).toBeLessThanOrEqual(5);
    }
  });
});

describe('the demo conversation', () => {
  const members: ConversationMember[] = Array.from({ length: 300 }, (_, i) => ({
    id: i + 1, username: i === 2 ? 'demo' : `member${i + 1}`, firstName: `First${i + 1}`, joinedDay: TODAY - 900 + i,
  }));
  const dramas = Array.from({ length: 12 }, (_, i) => ({ id: 100 + i, title: `Drama ${i}`, episodes: 16 }));
  const block = pickBlockPair(SEED, members.length)!;
  const generate = async () => {
    const { rows, writer } = collectRows();
    const statements: string[] = [];
    const client = { query: async (text: string) => void statements.push(text) } as unknown as pg.ClientBase;
    const counts = await writeConversations(client, { seed: SEED, today: TODAY, dramas, profiles: [3, 50, 51], members, block }, writer);
    return { rows, counts, statements };
  };
  const first = generate();

  it('is the same on every run and leaves the demo member out of the block', async () => {
    const again = await generate();
    expect(JSON.stringify(again.rows)).toBe(JSON.stringify((await first).rows));
    expect(block[0]).not.toBe(block[1]);
    for (const id of block) expect(id).toBeGreaterThanOrEqual(4);
    expect(pickBlockPair(SEED, 5)).toBeNull();
  });

  it('talks on every drama (the first one more than a page) and on every profile, in varied English with spoilers, mentions and links', async () => {
    const { rows, counts } = await first;
    const comments = rows.comments as [number, number, number | null, number | null, number | null, string, boolean, string, string | null][];
    expect(counts.comments).toBe(comments.length);
    const topLevel = comments.filter((c) => c[4] === null);
    for (const d of dramas) expect(topLevel.filter((c) => c[2] === d.id).length, `drama ${d.id}`).toBeGreaterThanOrEqual(4);
    expect(topLevel.filter((c) => c[2] === dramas[0].id).length).toBeGreaterThan(20);
    for (const p of [3, 50, 51]) expect(topLevel.filter((c) => c[3] === p).length, `profile ${p}`).toBeGreaterThanOrEqual(1);
    for (const c of comments) {
      expect(c[5]).not.toMatch(/\{\w+\}/); // every placeholder filled
      expect(c[5].length).toBeGreaterThan(10);
      expect(c[5].length).toBeLessThanOrEqual(1000);
      expect((c[2] === null) !== (c[3] === null)).toBe(true); // one target
      if (c[4] === null) expect(c[1]).not.toBe(c[3]); // nobody's top-level comment on their own profile
      if (c[8] !== null) expect(Date.parse(c[8])).toBeGreaterThan(Date.parse(c[7]));
      expect(Date.parse(c[8] ?? c[7])).toBeLessThan(TODAY * 86_400_000);
    }
    expect(comments.filter((c) => c[6]).length).toBeGreaterThanOrEqual(3);
    expect(comments.filter((c) => /\|\|.+\|\|/.test(c[5])).length).toBeGreaterThanOrEqual(3);
    expect(comments.filter((c) => /@[A-Za-z0-9]{3,}/.test(c[5])).length).toBeGreaterThanOrEqual(2);
    expect(comments.filter((c) => /https:\/\/\S+/.test(c[5])).length).toBeGreaterThanOrEqual(1);
    expect(comments.filter((c) => c[8] !== null).length).toBeGreaterThanOrEqual(3);
    expect(comments.some((c) => c[1] === 3)).toBe(true); // the demo member has comments of their own
    const mentioned = comments.flatMap((c) => [...c[5].matchAll(/@([A-Za-z0-9]+)/g)].map((m) => m[1]));
    for (const name of mentioned) expect(members.some((m) => m.username === name), name).toBe(true);
    // no drama has two identical top-level comments
    for (const d of dramas) {
      const texts = topLevel.filter((c) => c[2] === d.id).map((c) => c[5]);
      expect(new Set(texts).size, `drama ${d.id}`).toBe(texts.length);
    }
  });

  it('replies one level deep, after their parent and on its target; reacts once per member, never to oneself nor across the block', async () => {
    const { rows } = await first;
    const comments = rows.comments as [number, number, number | null, number | null, number | null, string, boolean, string, string | null][];
    const byId = new Map(comments.map((c) => [c[0], c]));
    const replies = comments.filter((c) => c[4] !== null);
    expect(replies.length).toBeGreaterThan(20);
    const apart = (a: number, b: number) => (a === block[0] && b === block[1]) || (a === block[1] && b === block[0]);
    for (const r of replies) {
      const parent = byId.get(r[4]!)!;
      expect(parent[4]).toBeNull();
      expect([r[2], r[3]]).toEqual([parent[2], parent[3]]);
      expect(Date.parse(r[7])).toBeGreaterThan(Date.parse(parent[7]));
      expect(apart(r[1], parent[1])).toBe(false);
      if (r[3] !== null) expect(apart(r[1], r[3])).toBe(false);
    }
    const reactions = rows.comment_reactions as [number, number, number, string, string][];
    expect(reactions.length).toBeGreaterThan(comments.length);
    expect(new Set(reactions.map((r) => `${r[1]}:${r[2]}`)).size).toBe(reactions.length);
    expect(new Set(reactions.map((r) => r[3]))).toEqual(new Set(['like', 'love', 'laugh']));
    expect(new Set(reactions.map((r) => r[1])).size).toBeGreaterThan(100);
    for (const [, userId, commentId] of reactions) {
      const c = byId.get(commentId)!;
      expect(userId).not.toBe(c[1]);
      expect(apart(userId, c[1])).toBe(false);
    }
  });

  it('files one open report on a comment by another member, and sets the counters from the rows it wrote', async () => {
    const { rows, statements } = await first;
    expect(rows.reports).toHaveLength(1);
    const [, reporter, type, target, reason, , status] = rows.reports[0];
    const reported = rows.comments.find((c) => c[0] === target)!;
    expect({ type, reason, status }).toEqual({ type: 'comment', reason: 'spoiler', status: 'open' });
    expect(reporter).not.toBe(reported[1]);
    expect(statements.join('\n')).toMatch(/like_count = r\.likes[\s\S]*FROM comment_reactions[\s\S]*replies_count = r\.n/);
  });
});

describe('the demo feed', () => {
  const members: ConversationMember[] = Array.from({ length: 300 }, (_, i) => ({
    id: i + 1, username: i === 2 ? 'demo' : `member${i + 1}`, firstName: `First${i + 1}`, joinedDay: TODAY - 900 + i,
  }));
  const dramas = Array.from({ length: 12 }, (_, i) => ({ id: 100 + i, title: `Drama ${i}`, episodes: 16 }));
  const block = pickBlockPair(SEED, members.length)!;
  // the demo member follows 15, every generated member a few (never across the block)
  const follows = new Map<number, Set<number>>();
  for (const m of members) {
    const rng = rngFor(SEED, 'test-follows', m.id);
    const set = new Set<number>();
    for (let n = m.id === 3 ? 15 : rng.int(0, 6); set.size < n; ) {
      const f = rng.int(1, members.length);
      if (f !== m.id && !(block.includes(f) && block.includes(m.id))) set.add(f);
    }
    follows.set(m.id, set);
  }
  type PostRow = [number, number, 'post' | 'reply' | 'quote', number | null, string, boolean, string, string, string | null, string | null];
  const generate = async () => {
    const { rows, writer } = collectRows();
    const statements: string[] = [];
    const client = { query: async (text: string) => void statements.push(text) } as unknown as pg.ClientBase;
    const counts = await writeFeed(client, { seed: SEED, today: TODAY, dramas, members, block, follows }, writer);
    return { rows, counts, statements, posts: rows.posts as PostRow[] };
  };
  const first = generate();
  const apart = (a: number, b: number) => (a === block[0] && b === block[1]) || (a === block[1] && b === block[0]);

  it('is the same on every run, in the last four weeks, ids in time order, with every kind of post the page shows', async () => {
    const again = await generate();
    const { rows, counts, posts } = await first;
    expect(JSON.stringify(again.rows)).toBe(JSON.stringify(rows));
    expect(counts).toEqual({ posts: posts.length, likes: rows.post_likes.length, reposts: rows.post_reposts.length });
    const end = TODAY * 86_400_000;
    for (const [i, p] of posts.entries()) {
      expect(p[0]).toBe(i + 1);
      expect(Date.parse(p[7])).toBeLessThan(end);
      expect(Date.parse(p[7])).toBeGreaterThan(end - 30 * 86_400_000);
      if (i > 0) expect(Date.parse(p[7])).toBeGreaterThanOrEqual(Date.parse(posts[i - 1][7]));
      expect(p[4].length).toBeLessThanOrEqual(500);
    }
    const kinds = Object.groupBy(posts, (p) => p[2]);
    expect(kinds.post!.length).toBeGreaterThan(50);
    expect(kinds.reply!.length).toBeGreaterThan(20);
    expect(kinds.quote!.length).toBeGreaterThan(3);
    expect(posts.filter((p) => p[5]).length).toBeGreaterThanOrEqual(2); // whole-post spoilers
    expect(posts.filter((p) => /\|\|.+\|\|/.test(p[4])).length).toBeGreaterThanOrEqual(2);
    expect(posts.filter((p) => /https:\/\/\S+/.test(p[4])).length).toBeGreaterThanOrEqual(1);
    const usernames = new Set(members.map((m) => m.username));
    const mentioned = posts.flatMap((p) => [...p[4].matchAll(/@([A-Za-z0-9]+)/g)].map((m) => m[1]));
    expect(mentioned.length).toBeGreaterThanOrEqual(3);
    for (const name of mentioned) expect(usernames.has(name!)).toBe(true);
    expect(posts.filter((p) => p[6] === 'following')).toHaveLength(1);
    expect(posts.filter((p) => p[6] === 'nobody')).toHaveLength(1);
  });

  it('threads of 2–4 that answer the post before, within the reply controls and never across the block; one tombstone with replies', async () => {
    const { posts } = await first;
    const byId = new Map(posts.map((p) => [p[0], p]));
    const rootOf = (p: PostRow): PostRow => (p[2] === 'reply' ? rootOf(byId.get(p[3]!)!) : p);
    const threadSize = new Map<number, number>();
    for (const p of posts) {
      if (p[2] === 'post') expect(p[3]).toBeNull();
      if (p[2] === 'post') continue;
      const parent = byId.get(p[3]!)!;
      expect(parent[0]).toBeLessThan(p[0]);
      expect(Date.parse(parent[7])).toBeLessThan(Date.parse(p[7]));
      expect(apart(p[1], parent[1])).toBe(false);
      if (p[2] === 'quote') {
        expect(parent[2]).not.toBe('reply');
        expect(parent[9]).toBeNull();
        expect(parent[6]).toBe('everyone');
        continue;
      }
      expect(p[1]).not.toBe(parent[1]);
      expect(parent[6]).not.toBe('nobody');
      if (parent[6] === 'following') expect(follows.get(parent[1])!.has(p[1])).toBe(true);
      threadSize.set(rootOf(p)[0], (threadSize.get(rootOf(p)[0]) ?? 1) + 1);
    }
    expect(threadSize.size).toBeGreaterThan(10);
    for (const [root, size] of threadSize) {
      // a thread is a chain of up to 3 replies; the tombstone and the following-only post have two chains
      expect(size, `thread ${root}`).toBeGreaterThanOrEqual(2);
      expect(size, `thread ${root}`).toBeLessThanOrEqual(byId.get(root)![9] !== null || byId.get(root)![6] === 'following' ? 6 : 4);
    }
    const tombstones = posts.filter((p) => p[9] !== null);
    expect(tombstones).toHaveLength(1);
    expect(tombstones[0][4]).toBe('');
    expect(threadSize.get(tombstones[0][0])).toBeGreaterThanOrEqual(2);
    const repliedTimes = posts.filter((p) => p[3] === tombstones[0][0]).map((p) => Date.parse(p[7]));
    expect(Date.parse(tombstones[0][9]!)).toBeGreaterThan(Math.max(...repliedTimes));
  });

  it('likes and reposts once per member, never one\'s own, a deleted post or across the block, and sets the counters from the rows', async () => {
    const { rows, posts, statements } = await first;
    const byId = new Map(posts.map((p) => [p[0], p]));
    for (const table of ['post_likes', 'post_reposts']) {
      const list = rows[table] as [number, number, string][];
      expect(list.length).toBeGreaterThan(20);
      expect(new Set(list.map((r) => `${r[0]}:${r[1]}`)).size).toBe(list.length);
      for (const [userId, postId, at] of list) {
        const p = byId.get(postId)!;
        expect(userId).not.toBe(p[1]);
        expect(p[9]).toBeNull();
        expect(apart(userId, p[1])).toBe(false);
        expect(Date.parse(at)).toBeGreaterThan(Date.parse(p[7]));
        if (table === 'post_reposts') expect(p[2]).not.toBe('reply');
      }
    }
    expect(statements.join('\n')).toMatch(/likes_count = r\.likes, reposts_count = r\.reposts, replies_count = r\.replies[\s\S]*FROM post_likes[\s\S]*FROM post_reposts[\s\S]*kind = 'quote'/);
  });

  it('fills the demo member\'s Following tab: their followees\' posts and reposts, and their own posts, quote, likes and reposts', async () => {
    const { rows, posts } = await first;
    const followed = follows.get(3)!;
    const timeline = posts.filter((p) => p[2] !== 'reply' && p[9] === null && (followed.has(p[1]) || p[1] === 3));
    const reposts = (rows.post_reposts as [number, number, string][]).filter((r) => followed.has(r[0]));
    expect(timeline.length + reposts.length).toBeGreaterThan(40); // more than two pages of 20
    expect(posts.filter((p) => p[1] === 3 && p[2] === 'post').length).toBeGreaterThanOrEqual(3);
    expect(posts.some((p) => p[1] === 3 && p[2] === 'quote')).toBe(true);
    expect(posts.some((p) => p[1] === 3 && p[2] === 'reply')).toBe(true);
    expect((rows.post_likes as [number][]).filter((r) => r[0] === 3).length).toBeGreaterThan(3);
  });
});
