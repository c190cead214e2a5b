// The demo's moderation work (issue 22): beside the reported comment (conversations.ts), an open
// report on a post, and one member moderated, so the moderation area has something in each tab for
// the demo moderator (moderator@…). Plain SQL over the rows the seed wrote: deterministic, since
// those rows are. Not the demo accounts: a newcomer signing in as demo finds their profile intact.
import type pg from 'pg';
import { DEMO_ACCOUNTS, FIRST_MEMBER_ID } from './accounts.ts';

const DAY = 86_400_000;
const MODERATOR_ID = DEMO_ACCOUNTS.find((a) => a.role === 'mod')!.id;

/** the note of the demo's moderation action */
export const SEEDED_MODERATION_NOTE = 'Bio linked to a site selling streaming accounts (spam). Cleared; please keep links to legal services.';

export async function writeModerationDemo(client: pg.ClientBase, today: number): Promise<void> {
  const at = (hoursAgo: number) => new Date(today * DAY - hoursAgo * 3_600_000).toISOString();
  // an open report on a top-level post of a generated member, by another generated member (no block between them)
  await client.query(
    `INSERT INTO reports (reporter_id, target_type, target_id, reason, note, status, created_at)
     SELECT r.id, 'post', p.id, 'spam', 'Posts the same link under every drama.', 'open', $2
     FROM (SELECT id, author_id FROM posts
           WHERE kind = 'post' AND deleted_at IS NULL AND author_id >= $1 ORDER BY id LIMIT 1) p
     CROSS JOIN LATERAL (SELECT u.id FROM users u
           WHERE u.id >= $1 AND u.id <> p.author_id AND u.role = 'user'
             AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id, b.blocked_id) IN ((u.id, p.author_id), (p.author_id, u.id)))
           ORDER BY u.id LIMIT 1) r`,
    [FIRST_MEMBER_ID, at(5)],
  );
  // a generated member's bio cleared by the demo moderator, with the note why
  await client.query(
    `WITH target AS (SELECT id FROM users WHERE id >= $1 AND role = 'user' AND bio <> '' ORDER BY id LIMIT 1),
          cleared AS (UPDATE users SET bio = '' FROM target WHERE users.id = target.id RETURNING users.id)
     INSERT INTO member_moderation_actions (user_id, moderator_id, cleared, suspension_changed, note, created_at)
     SELECT id, $2, '{bio}'::member_field[], false, $3, $4 FROM cleared`,
    [FIRST_MEMBER_ID, MODERATOR_ID, SEEDED_MODERATION_NOTE, at(26)],
  );
}
