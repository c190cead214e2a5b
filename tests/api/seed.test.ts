import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseNotEmptyError, seedDatabase } from '../../src/lib/server/seed/index.ts';
import { createTestDatabase } from '../helpers/database.ts';

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-media-'));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

describe('seeding a database', () => {
  it('derives every figure from members\' data, refuses a second seed, and replaces the first one identically', async () => {
    const database = await createTestDatabase();
    try {
      const options = { scale: 40, mediaDir, today: '2026-11-22' };
      const summary = await seedDatabase(database.db, options);
      expect(summary.dramas).toBe(40);
      const { rows } = await database.pool.query(`
        SELECT count(*)::int AS wrong FROM dramas d
        LEFT JOIN (SELECT drama_id, count(*) AS w, count(score) AS v, avg(score) AS r FROM list_entries GROUP BY 1) e
          ON e.drama_id = d.id
        WHERE d.watchers <> coalesce(e.w, 0) OR d.votes <> coalesce(e.v, 0) OR abs(d.rating - coalesce(e.r, 0)) > 0.0001`);
      expect(rows[0].wrong).toBe(0);
      // each entry's newest history item is the entry as it stands; every cycle's dates are in order
      const history = await database.pool.query(`
        SELECT count(*)::int AS wrong FROM list_entries e
        CROSS JOIN LATERAL (SELECT * FROM activities a WHERE a.user_id = e.user_id AND a.drama_id = e.drama_id
          ORDER BY a.created_at DESC, a.id DESC LIMIT 1) last
        WHERE (last.new_status, last.score, last.progress, last.cycle) IS DISTINCT FROM (e.status, e.score, e.progress, e.rewatch_count + 1)`);
      expect(history.rows[0].wrong).toBe(0);
      const dates = await database.pool.query(`
        SELECT count(*) FILTER (WHERE status <> 'plan_to_watch' AND started_at IS NULL)::int AS unstarted,
          count(*) FILTER (WHERE status = 'completed' AND finished_at IS NULL)::int AS unfinished,
          count(*) FILTER (WHERE rewatch_count > 0)::int AS rewatched,
          count(*) FILTER (WHERE notes IS NOT NULL)::int AS noted,
          (SELECT count(*)::int FROM list_entry_cycles c WHERE c.finished_at < c.started_at) AS disordered,
          (SELECT count(*)::int FROM list_entries e WHERE e.rewatch_count <>
            (SELECT count(*) FROM list_entry_cycles c WHERE c.user_id = e.user_id AND c.drama_id = e.drama_id)) AS uncycled
        FROM list_entries`);
      expect(dates.rows[0]).toMatchObject({ unstarted: 0, unfinished: 0, disordered: 0, uncycled: 0 });
      expect(dates.rows[0].rewatched).toBeGreaterThan(0);
      expect(dates.rows[0].noted).toBeGreaterThan(0);
      // the demo member's lists show every state
      const demo = await database.pool.query(`
        SELECT array_agg(DISTINCT e.status::text ORDER BY e.status::text) AS statuses, bool_or(e.rewatch_count > 0) AS rewatched
        FROM list_entries e JOIN users u ON u.id = e.user_id WHERE u.email = 'demo@dramalist.local'`);
      expect(demo.rows[0]).toEqual({ statuses: ['completed', 'dropped', 'plan_to_watch', 'watching'], rewatched: true });
      // profiles look lived in: follows with exact counters, a few popular members, views, bios, generated images on disk
      const profiles = await database.pool.query(`
        SELECT count(*) FILTER (WHERE followers_count <> (SELECT count(*) FROM follows f WHERE f.followee_id = u.id))::int AS wrong_followers,
               count(*) FILTER (WHERE following_count <> (SELECT count(*) FROM follows f WHERE f.follower_id = u.id))::int AS wrong_following,
               max(followers_count)::int AS most_followers, count(*) FILTER (WHERE profile_views > 0)::int AS viewed,
               count(*) FILTER (WHERE bio <> '')::int AS bios, count(avatar)::int AS avatars, count(cover_photo)::int AS covers, count(*)::int AS members,
               array_agg(DISTINCT avatar) FILTER (WHERE avatar IS NOT NULL) || array_agg(DISTINCT cover_photo) FILTER (WHERE cover_photo IS NOT NULL) AS images
        FROM users u`);
      const p = profiles.rows[0];
      expect(p).toMatchObject({ wrong_followers: 0, wrong_following: 0 });
      expect(p.most_followers).toBeGreaterThanOrEqual(10);
      for (const share of [p.viewed, p.bios, p.avatars, p.covers]) expect(share).toBeGreaterThan(p.members * 0.2);
      expect(p.avatars).toBeLessThan(p.members);
      for (const image of p.images as string[]) expect(fs.existsSync(path.join(mediaDir, image.replace('/media/', ''))), image).toBe(true);
      const demoMember = await database.pool.query(`SELECT avatar, cover_photo FROM users WHERE email = 'demo@dramalist.local'`);
      expect(demoMember.rows[0]).toEqual({ avatar: expect.stringMatching(/^\/media\/art\/profiles\//), cover_photo: expect.stringMatching(/^\/media\/art\/profiles\//) });
      // the conversation: on the dramas the home page shows first and on profiles, counters equal to recounts
      const talk = await database.pool.query(`
        SELECT count(*)::int AS comments,
          count(*) FILTER (WHERE like_count <> (SELECT count(*) FROM comment_reactions r WHERE r.comment_id = c.id AND r.type = 'like')
            OR love_count <> (SELECT count(*) FROM comment_reactions r WHERE r.comment_id = c.id AND r.type = 'love')
            OR laugh_count <> (SELECT count(*) FROM comment_reactions r WHERE r.comment_id = c.id AND r.type = 'laugh')
            OR replies_count <> (SELECT count(*) FROM comments r WHERE r.parent_id = c.id))::int AS wrong_counters,
          count(*) FILTER (WHERE parent_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM comments p WHERE p.id = c.parent_id
            AND p.parent_id IS NULL AND p.drama_id IS NOT DISTINCT FROM c.drama_id AND p.profile_user_id IS NOT DISTINCT FROM c.profile_user_id))::int AS bad_replies,
          count(*) FILTER (WHERE parent_id IS NOT NULL)::int AS replies,
          count(*) FILTER (WHERE spoiler)::int AS spoilers,
          count(*) FILTER (WHERE content LIKE '%||%||%')::int AS inline_spoilers,
          count(*) FILTER (WHERE content ~ '@[A-Za-z0-9]{3,}')::int AS mentions,
          count(*) FILTER (WHERE content ~ 'https://')::int AS links,
          count(*) FILTER (WHERE edited_at > created_at)::int AS edited,
          count(*) FILTER (WHERE profile_user_id IS NOT NULL)::int AS on_profiles,
          count(*) FILTER (WHERE like_count + love_count + laugh_count > 0)::int AS reacted,
          (SELECT count(*)::int FROM comment_reactions r JOIN comments rc ON rc.id = r.comment_id WHERE r.user_id = rc.user_id) AS self_reactions,
          (SELECT count(DISTINCT user_id)::int FROM comment_reactions) AS reactors,
          (SELECT count(*)::int FROM dramas d WHERE d.popularity <= 3
            AND NOT EXISTS (SELECT 1 FROM comments x WHERE x.drama_id = d.id)) AS popular_without_comments
        FROM comments c`);
      const t = talk.rows[0];
      expect(t).toMatchObject({ wrong_counters: 0, bad_replies: 0, self_reactions: 0, popular_without_comments: 0 });
      for (const n of [t.replies, t.spoilers, t.inline_spoilers, t.mentions, t.links, t.edited, t.on_profiles, t.reacted]) expect(n).toBeGreaterThan(0);
      expect(t.reactors).toBeGreaterThan(10);
      const mentionedStrangers = await database.pool.query(`
        SELECT m[1] AS name FROM comments, regexp_matches(content, '@([A-Za-z0-9]+)', 'g') AS m
        WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.username = m[1])`);
      expect(mentionedStrangers.rows).toEqual([]);
      // one block between two generated members (not the demo member), no follow or interaction left between them
      const block = await database.pool.query(`
        SELECT b.blocker_id, b.blocked_id,
          (SELECT count(*)::int FROM follows f WHERE (f.follower_id, f.followee_id) IN ((b.blocker_id, b.blocked_id), (b.blocked_id, b.blocker_id))) AS follows,
          (SELECT count(*)::int FROM comment_reactions r JOIN comments c ON c.id = r.comment_id
            WHERE (r.user_id, c.user_id) IN ((b.blocker_id, b.blocked_id), (b.blocked_id, b.blocker_id))) AS reactions,
          (SELECT count(*)::int FROM comments r JOIN comments p ON p.id = r.parent_id
            WHERE (r.user_id, p.user_id) IN ((b.blocker_id, b.blocked_id), (b.blocked_id, b.blocker_id))) AS replies
        FROM blocks b`);
      expect(block.rows).toHaveLength(1);
      expect(block.rows[0]).toMatchObject({ follows: 0, reactions: 0, replies: 0 });
      const demoId = (await database.pool.query(`SELECT id FROM users WHERE email = 'demo@dramalist.local'`)).rows[0].id;
      expect([block.rows[0].blocker_id, block.rows[0].blocked_id]).not.toContain(demoId);
      expect(block.rows[0].blocker_id).toBeGreaterThan(3);
      expect(block.rows[0].blocked_id).toBeGreaterThan(3);
      // the feed (issue 21): counters equal to recounts (a live quote counts as a repost of the quoted post),
      // replies after their parent, one tombstone with replies, the reply controls, nothing across the block
      const feed = await database.pool.query(`
        SELECT count(*)::int AS posts,
          count(*) FILTER (WHERE likes_count <> (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id)
            OR reposts_count <> (SELECT count(*) FROM post_reposts r WHERE r.post_id = p.id)
              + (SELECT count(*) FROM posts q WHERE q.parent_id = p.id AND q.kind = 'quote' AND q.deleted_at IS NULL AND NOT q.quote_detached)
            OR replies_count <> (SELECT count(*) FROM posts r WHERE r.parent_id = p.id AND r.kind = 'reply' AND r.deleted_at IS NULL))::int AS wrong_counters,
          count(*) FILTER (WHERE kind <> 'post' AND NOT EXISTS (SELECT 1 FROM posts x WHERE x.id = p.parent_id AND x.created_at < p.created_at)
            OR kind = 'post' AND parent_id IS NOT NULL)::int AS bad_threads,
          count(*) FILTER (WHERE kind = 'reply')::int AS replies, count(*) FILTER (WHERE kind = 'quote')::int AS quotes,
          count(*) FILTER (WHERE spoiler)::int AS spoilers, count(*) FILTER (WHERE content LIKE '%||%||%')::int AS inline_spoilers,
          count(*) FILTER (WHERE content ~ '@[A-Za-z0-9]')::int AS mentions,
          count(*) FILTER (WHERE reply_control = 'following')::int AS following_only, count(*) FILTER (WHERE reply_control = 'nobody')::int AS nobody,
          count(*) FILTER (WHERE deleted_at IS NOT NULL AND content = '' AND EXISTS (SELECT 1 FROM posts r WHERE r.parent_id = p.id))::int AS tombstones,
          count(*) FILTER (WHERE deleted_at IS NOT NULL)::int AS deleted,
          (SELECT count(*)::int FROM post_likes l JOIN posts x ON x.id = l.post_id WHERE l.user_id = x.author_id) +
            (SELECT count(*)::int FROM post_reposts r JOIN posts x ON x.id = r.post_id WHERE r.user_id = x.author_id) AS own_likes_or_reposts,
          (SELECT count(*)::int FROM posts r JOIN posts x ON x.id = r.parent_id WHERE r.kind = 'reply' AND x.reply_control = 'nobody') AS replies_to_nobody,
          (SELECT count(*)::int FROM posts r JOIN posts x ON x.id = r.parent_id WHERE r.kind = 'reply' AND x.reply_control = 'following'
            AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = x.author_id AND f.followee_id = r.author_id)) AS replies_not_followed
        FROM posts p`);
      expect(feed.rows[0]).toMatchObject({
        wrong_counters: 0, bad_threads: 0, following_only: 1, nobody: 1, tombstones: 1, deleted: 1, own_likes_or_reposts: 0, replies_to_nobody: 0, replies_not_followed: 0,
      });
      for (const n of ['posts', 'replies', 'quotes', 'spoilers', 'inline_spoilers', 'mentions']) expect(feed.rows[0][n], n).toBeGreaterThan(0);
      const feedMentions = await database.pool.query(`
        SELECT m[1] AS name FROM posts, regexp_matches(content, '@([A-Za-z0-9]+)', 'g') AS m
        WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.username = m[1])`);
      expect(feedMentions.rows).toEqual([]);
      const feedBlock = await database.pool.query(`
        SELECT (SELECT count(*)::int FROM post_likes l JOIN posts p ON p.id = l.post_id
                  WHERE (l.user_id, p.author_id) IN ((b.blocker_id, b.blocked_id), (b.blocked_id, b.blocker_id))) AS likes,
               (SELECT count(*)::int FROM post_reposts r JOIN posts p ON p.id = r.post_id
                  WHERE (r.user_id, p.author_id) IN ((b.blocker_id, b.blocked_id), (b.blocked_id, b.blocker_id))) AS reposts,
               (SELECT count(*)::int FROM posts r JOIN posts p ON p.id = r.parent_id
                  WHERE (r.author_id, p.author_id) IN ((b.blocker_id, b.blocked_id), (b.blocked_id, b.blocker_id))) AS replies_or_quotes
        FROM blocks b`);
      expect(feedBlock.rows).toEqual([{ likes: 0, reposts: 0, replies_or_quotes: 0 }]);
      // the demo member's Following tab has posts (the members they follow, their own, and reposts), For You too
      const tabs = await database.pool.query(`
        SELECT (SELECT count(*)::int FROM posts p WHERE p.kind <> 'reply' AND p.deleted_at IS NULL
                  AND (p.author_id = $1 OR p.author_id IN (SELECT followee_id FROM follows WHERE follower_id = $1))) AS following_posts,
               (SELECT count(*)::int FROM post_reposts r WHERE r.user_id IN (SELECT followee_id FROM follows WHERE follower_id = $1)) AS following_reposts,
               (SELECT count(*)::int FROM posts p WHERE p.author_id = $1) AS own,
               (SELECT count(*)::int FROM posts p WHERE p.kind <> 'reply' AND p.deleted_at IS NULL) AS for_you`, [demoId]);
      expect(tabs.rows[0].following_posts).toBeGreaterThanOrEqual(10);
      expect(tabs.rows[0].own).toBeGreaterThan(0);
      expect(tabs.rows[0].for_you).toBeGreaterThan(20);
      const nextPost = await database.pool.query(`SELECT nextval(pg_get_serial_sequence('posts', 'id'))::int AS n, (SELECT max(id)::int FROM posts) AS max`);
      expect(nextPost.rows[0].n).toBe(nextPost.rows[0].max + 1);
      // two open reports, on an existing comment and an existing post, each by a member who did not write it
      const reports = await database.pool.query(`
        SELECT r.status, r.target_type, r.reason, coalesce(c.user_id, p.author_id) <> r.reporter_id AS by_another
        FROM reports r LEFT JOIN comments c ON r.target_type = 'comment' AND c.id = r.target_id
          LEFT JOIN posts p ON r.target_type = 'post' AND p.id = r.target_id AND p.deleted_at IS NULL
        ORDER BY r.target_type`);
      expect(reports.rows).toEqual([
        { status: 'open', target_type: 'comment', reason: 'spoiler', by_another: true },
        { status: 'open', target_type: 'post', reason: 'spam', by_another: true },
      ]);
      // one member moderated by the demo moderator: the bio cleared, with the note why
      const actions = await database.pool.query(`
        SELECT a.cleared::text[] AS cleared, a.suspension_changed, m.role AS moderator_role, u.bio, u.role AS member_role, length(a.note) > 0 AS noted
        FROM member_moderation_actions a JOIN users u ON u.id = a.user_id JOIN users m ON m.id = a.moderator_id`);
      expect(actions.rows).toEqual([{ cleared: ['bio'], suspension_changed: false, moderator_role: 'mod', bio: '', member_role: 'user', noted: true }]);
      // catalogue editing (issue 22): pending suggestions (one in conflict with a later edit), an approved
      // one applied with its history entry, a rejected one with a note, direct edits of a drama and a person
      const suggestions = await database.pool.query(`SELECT status::text, count(*)::int AS n, count(review_note)::int AS noted FROM edit_suggestions GROUP BY 1 ORDER BY 1`);
      expect(suggestions.rows).toEqual([
        { status: 'approved', n: 1, noted: 0 },
        { status: 'pending', n: 4, noted: 0 },
        { status: 'rejected', n: 1, noted: 1 },
      ]);
      const editHistory = await database.pool.query(`
        SELECT h.source::text, h.target_type::text, h.user_id = s.user_id AS by_author, h.applied_by_id,
          (SELECT network FROM dramas WHERE id = h.target_id) AS network, h.changes
        FROM edit_history h LEFT JOIN edit_suggestions s ON s.id = h.suggestion_id ORDER BY h.created_at`);
      expect(editHistory.rows.map((r) => `${r.source} ${r.target_type}`)).toEqual(['direct drama', 'suggestion drama', 'direct person']);
      expect(editHistory.rows[0].changes.network.to).toBe(editHistory.rows[0].network);
      expect(editHistory.rows[1]).toMatchObject({ by_author: true, applied_by_id: 2 });
      const pendingOnPerson = await database.pool.query(`SELECT count(*)::int AS n FROM edit_suggestions WHERE target_type = 'person' AND status = 'pending' AND user_id = 3`);
      expect(pendingOnPerson.rows[0].n).toBe(1);
      // the identities continue after the seeded ids
      const next = await database.pool.query(`SELECT nextval(pg_get_serial_sequence('comments', 'id'))::int AS n, (SELECT max(id)::int FROM comments) AS max`);
      expect(next.rows[0].n).toBe(next.rows[0].max + 1);
      const ranks = await database.pool.query('SELECT array_agg(popularity ORDER BY popularity) AS p FROM dramas');
      expect(ranks.rows[0].p).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      await expect(seedDatabase(database.db, options)).rejects.toBeInstanceOf(DatabaseNotEmptyError);
      const again = await seedDatabase(database.db, { ...options, replace: true });
      expect({ ...again, seconds: 0 }).toEqual({ ...summary, seconds: 0 });
    } finally {
      await database.drop();
    }
  }, 60_000);
});
