// The demo's catalogue editing (issue 22, docs/decisions/038): work for the moderation area and a
// history to read. On the dramas the home page shows first and the most popular person: an admin's
// direct edit, a member's suggestion a moderator approved (both applied, with their history entries),
// pending suggestions by the demo member and generated members (one made before the admin's edit of
// the same field, so the queue shows a conflict), and a rejected one with the moderator's note.
// Deterministic (the seed's random stream picks the members); a handful of rows, so it costs nothing.
// The values are the wire values (services/catalogue-editing/edit-values.ts) read from the records.
import type pg from 'pg';
import type { Database } from '../db/client.ts';
import { readRecords, type Changes } from '../services/catalogue-editing/edit-values.ts';
import { FIRST_MEMBER_ID } from './accounts.ts';
import { rngFor } from './rng.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ADMIN_ID = 1;
const MOD_ID = 2;
const DEMO_MEMBER_ID = 3;

export interface CatalogueEditPlan {
  seed: number;
  today: number;
  /** the dramas the home page shows first, the most visible first */
  dramas: readonly { id: number }[];
  /** ids of every member who may take part */
  members: readonly number[];
}

export interface CatalogueEditCounts {
  suggestions: number;
  history: number;
}

const at = (today: number, daysAgo: number, hour: number) => new Date((today - daysAgo) * DAY + hour * HOUR).toISOString();

/** Writes the demo's suggestions and history; applied changes are written to their records too. */
export async function writeCatalogueEdits(client: pg.ClientBase, orm: Database, plan: CatalogueEditPlan): Promise<CatalogueEditCounts> {
  const dramaIds = plan.dramas.slice(0, 5).map((d) => d.id);
  const generated = plan.members.filter((id) => id >= FIRST_MEMBER_ID);
  if (dramaIds.length < 5 || generated.length < 3) return { suggestions: 0, history: 0 };
  const rng = rngFor(plan.seed, 'catalogue-edits');
  const start = rng.int(0, generated.length - 3);
  const [memberA, memberB, memberC] = [generated[start]!, generated[start + 1]!, generated[start + 2]!];
  const { rows: personRows } = await client.query<{ id: number }>('SELECT id FROM people ORDER BY popularity ASC NULLS LAST, id LIMIT 1');
  const personId = personRows[0]?.id;
  const dramas = await readRecords(orm, 'drama', dramaIds);
  const people = personId ? await readRecords(orm, 'person', [personId]) : new Map();
  const [d0, d1, d2, d3, d4] = dramaIds.map((id) => dramas.get(id)!.values);
  const counts: CatalogueEditCounts = { suggestions: 0, history: 0 };

  const suggest = async (
    target: 'drama' | 'person',
    targetId: number,
    userId: number,
    changes: Changes,
    options: { note?: string; createdAt: string; status?: 'pending' | 'approved' | 'rejected'; reviewNote?: string; decidedAt?: string },
  ): Promise<number> => {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO edit_suggestions (target_type, target_id, user_id, changes, source_note, status, reviewer_id, review_note, created_at, decided_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [target, targetId, userId, JSON.stringify(changes), options.note ?? null, options.status ?? 'pending',
        options.status && options.status !== 'pending' ? MOD_ID : null, options.reviewNote ?? null, options.createdAt, options.decidedAt ?? null],
    );
    counts.suggestions++;
    return rows[0]!.id;
  };
  const record = async (target: 'drama' | 'person', targetId: number, entry: { userId: number; appliedBy: number; source: 'direct' | 'suggestion'; suggestionId?: number; changes: Changes; createdAt: string }) => {
    await client.query(
      `INSERT INTO edit_history (target_type, target_id, user_id, applied_by_id, source, suggestion_id, changes, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [target, targetId, entry.userId, entry.appliedBy, entry.source, entry.suggestionId ?? null, JSON.stringify(entry.changes), entry.createdAt],
    );
    counts.history++;
  };

  // 1. a member's network correction, made before the admin's edit of the same field: a conflict in the queue
  const originalNetwork = (d0!.network as string | null) ?? null;
  const adminNetwork = originalNetwork === 'tvN' ? 'JTBC' : 'tvN';
  await suggest('drama', dramaIds[0]!, memberA, { network: { from: originalNetwork, to: 'Netflix' } }, {
    note: 'It streams worldwide on Netflix', createdAt: at(plan.today, 6, 10),
  });
  // 2. the admin's direct edit of that drama's network
  await client.query('UPDATE dramas SET network = $2, updated_at = $3 WHERE id = $1', [dramaIds[0], adminNetwork, at(plan.today, 4, 9)]);
  await record('drama', dramaIds[0]!, {
    userId: ADMIN_ID, appliedBy: ADMIN_ID, source: 'direct', changes: { network: { from: originalNetwork, to: adminNetwork } }, createdAt: at(plan.today, 4, 9),
  });
  // 3. a member's alias, approved by the moderator
  const aliases = d1!.also_known_as as string[];
  const newAliases = [...aliases, `${dramas.get(dramaIds[1]!)!.title} (working title)`];
  const approvedAt = at(plan.today, 3, 15);
  const approved = await suggest('drama', dramaIds[1]!, memberB, { also_known_as: { from: aliases, to: newAliases } }, {
    note: 'The production company announced it under this title', createdAt: at(plan.today, 5, 20), status: 'approved', decidedAt: approvedAt,
  });
  await client.query('UPDATE dramas SET also_known_as = $2, updated_at = $3 WHERE id = $1', [dramaIds[1], newAliases, approvedAt]);
  await record('drama', dramaIds[1]!, {
    userId: memberB, appliedBy: MOD_ID, source: 'suggestion', suggestionId: approved, changes: { also_known_as: { from: aliases, to: newAliases } }, createdAt: approvedAt,
  });
  // 4. pending: the demo member's synopsis addition, and a generated member's episode count
  const synopsis = d2!.synopsis as string;
  await suggest('drama', dramaIds[2]!, DEMO_MEMBER_ID, {
    synopsis: { from: synopsis, to: `${synopsis} The finale aired as a 90-minute special.`.trim() },
  }, { note: "The broadcaster's schedule", createdAt: at(plan.today, 1, 21) });
  const episodes = (d3!.episodes as number | null) ?? null;
  await suggest('drama', dramaIds[3]!, memberC, { episodes: { from: episodes, to: (episodes ?? 14) + 2 } }, {
    note: 'Two special episodes were announced', createdAt: at(plan.today, 0, 8),
  });
  // 5. rejected, with the moderator's note
  await suggest('drama', dramaIds[4]!, memberA, { title: { from: d4!.title, to: `${d4!.title as string}!!` } }, {
    createdAt: at(plan.today, 8, 12), status: 'rejected', reviewNote: 'The title is the official English one; please give a source for a change.', decidedAt: at(plan.today, 7, 11),
  });
  // 6. the most popular person: the demo member's pending biography, and the moderator's direct alias edit
  const person = personId ? people.get(personId) : undefined;
  if (person && personId) {
    const bio = person.values.biography as string;
    await suggest('person', personId, DEMO_MEMBER_ID, { biography: { from: bio, to: `${bio} Won a Baeksang Arts Award in 2024.`.trim() } }, {
      note: 'Baeksang Arts Awards winners list', createdAt: at(plan.today, 2, 18),
    });
    const personAliases = person.values.also_known_as as string[];
    // a romanisation variant the person is also credited as: the first candidate not already listed
    const name = person.title as string;
    const candidates = [name.split(' ').reverse().join(' '), name.replaceAll('-', ''), name.replaceAll(' ', '-'), `${name} (${(person.values.nationality as string[])[0] ?? 'credited'})`];
    const alias = candidates.find((c) => c !== name && !personAliases.includes(c))!;
    const next = [...personAliases, alias];
    await client.query('UPDATE people SET also_known_as = $2, updated_at = $3 WHERE id = $1', [personId, next, at(plan.today, 2, 9)]);
    await record('person', personId, {
      userId: MOD_ID, appliedBy: MOD_ID, source: 'direct', changes: { also_known_as: { from: personAliases, to: next } }, createdAt: at(plan.today, 2, 9),
    });
  }
  return counts;
}
