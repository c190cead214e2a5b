import { sql } from 'drizzle-orm';
import { afterCommit, withTransaction, type Executor, type Transaction } from '../../db/transactions.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { catalogueChanged } from '../catalogue/catalogue-events.ts';
import { assertPersonId, PERSON_NOT_FOUND } from '../people/people.ts';

export const HEART_MESSAGES = {
  alreadyGiven: 'You have already given a heart to this person',
  notGiven: 'You have not given a heart to this person',
} as const;

export type HeartState = { hearts: number; hasHearted: boolean };

// Hearts are not idempotent: a second heart from the same member is a 400, and so is taking back a
// heart never given. The spec's client re-reads the heart status when a heart change answers 400,
// which resynchronises a page left open in two tabs; a silent success would hide that the button
// showed a stale state.
//
// people.hearts must always equal the number of person_hearts rows, under any concurrency. Each
// change runs in one transaction: the member's row is inserted (ON CONFLICT DO NOTHING) or deleted,
// and only when that statement changed a row is the counter moved by one, with an atomic
// `hearts = hearts ± 1` whose row lock orders concurrent changes. A concurrent duplicate waits on the
// primary key, then finds the row there and changes nothing. (The people.popularity rank, which
// orders by hearts, is refreshed with the other derived figures by services/catalogue-stats.)

/**
 * Gives the member's heart to the person: the new count; NotFoundError for nobody, ValidationError
 * when already given. Runs in its own transaction, or as part of the caller's.
 */
export async function giveHeart(db: Executor, userId: number, personId: number): Promise<HeartState> {
  assertPersonId(personId);
  return withTransaction(db, async (tx) => {
    const inserted = await tx.execute(sql`
      INSERT INTO person_hearts (user_id, person_id)
      SELECT ${userId}, p.id FROM people p WHERE p.id = ${personId}
      ON CONFLICT DO NOTHING
      RETURNING person_id`);
    if (!inserted.rows.length) {
      await assertPersonExists(tx, personId);
      throw new ValidationError(HEART_MESSAGES.alreadyGiven);
    }
    afterCommit(tx, catalogueChanged); // the person's public answer shows the count
    return { hearts: await moveCounter(tx, personId, 1), hasHearted: true };
  });
}

/** Takes the member's heart back: the new count; NotFoundError for nobody, ValidationError when none was given. */
export async function takeBackHeart(db: Executor, userId: number, personId: number): Promise<HeartState> {
  assertPersonId(personId);
  return withTransaction(db, async (tx) => {
    const deleted = await tx.execute(sql`
      DELETE FROM person_hearts WHERE user_id = ${userId} AND person_id = ${personId} RETURNING person_id`);
    if (!deleted.rows.length) {
      await assertPersonExists(tx, personId);
      throw new ValidationError(HEART_MESSAGES.notGiven);
    }
    afterCommit(tx, catalogueChanged);
    return { hearts: await moveCounter(tx, personId, -1), hasHearted: false };
  });
}

/** Whether the member has given the person a heart, and the person's count; NotFoundError for nobody. */
export async function getHeartStatus(db: Executor, userId: number, personId: number): Promise<HeartState> {
  assertPersonId(personId);
  const { rows } = await db.execute<HeartState>(sql`
    SELECT p.hearts,
      EXISTS (SELECT 1 FROM person_hearts h WHERE h.user_id = ${userId} AND h.person_id = p.id) AS "hasHearted"
    FROM people p WHERE p.id = ${personId}`);
  if (!rows[0]) throw new NotFoundError(PERSON_NOT_FOUND);
  return rows[0];
}

async function moveCounter(tx: Transaction, personId: number, by: 1 | -1): Promise<number> {
  const { rows } = await tx.execute<{ hearts: number }>(sql`
    UPDATE people SET hearts = hearts + ${by} WHERE id = ${personId} RETURNING hearts`);
  return rows[0]!.hearts;
}

async function assertPersonExists(tx: Transaction, personId: number): Promise<void> {
  const { rows } = await tx.execute(sql`SELECT 1 FROM people WHERE id = ${personId}`);
  if (!rows.length) throw new NotFoundError(PERSON_NOT_FOUND);
}
